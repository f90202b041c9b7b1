/**
 * A time zone's rules as the database knows them, for the demo generator.
 *
 * Why not the domain's Intl conversions: Node's ICU and PostgreSQL each carry their own copy of the
 * tz database, and they can disagree (the embedded PostgreSQL's newer copy keeps America/Vancouver
 * on UTC-7 from 2026-11-01 while Node's ICU 2025c turns it back to UTC-8). The rollups, business
 * minutes, completeness and incident detection all read local time in SQL, so demo counts generated
 * with Node's rules fell an hour off the stores' business hours: an hour of "missing" data and a
 * false offline incident per door every day. The generator therefore takes its offsets from the
 * database (`zoneOffsets` in demo-counts.repository.ts) through this small piecewise function.
 */
export interface ZoneRules {
  /** minutes to add to UTC to read the local wall clock at `utcMs` */
  offsetAt(utcMs: number): number;
  /** local wall-clock minute (minutes since 1970-01-01 local) at an instant */
  toLocalMinute(utcMs: number): number;
  /** first instant (UTC ms) reading local minute `lm`; in a spring-forward gap, where the clock jumps over it */
  fromLocalMinute(lm: number): number;
}

/** `changes`: UTC ms at which each offset starts, ascending, the first one covering everything before it. */
export function zoneRules(changes: readonly { fromMs: number; offset: number }[]): ZoneRules {
  if (changes.length === 0) throw new Error('zoneRules: no offsets');
  const offsetAt = (utcMs: number) => {
    let lo = 0;
    let hi = changes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (changes[mid]!.fromMs <= utcMs) lo = mid;
      else hi = mid - 1;
    }
    return changes[lo]!.offset;
  };
  const toLocalMinute = (utcMs: number) => Math.floor(utcMs / 60_000) + offsetAt(utcMs);
  const fromLocalMinute = (lm: number) => {
    // an instant reading lm lies within a day of lm taken as UTC; try the offsets around it
    const offsets = [...new Set([-1440, 0, 1440].map((d) => offsetAt((lm + d) * 60_000)))];
    const hits = offsets.map((o) => lm - o).filter((u) => toLocalMinute(u * 60_000) === lm);
    if (hits.length > 0) return Math.min(...hits) * 60_000;
    // in a gap: the first minute whose local reading is past lm
    let lo = lm - Math.max(...offsets) - 1;
    let hi = lm - Math.min(...offsets) + 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (toLocalMinute(mid * 60_000) > lm) hi = mid;
      else lo = mid;
    }
    return hi * 60_000;
  };
  return { offsetAt, toLocalMinute, fromLocalMinute };
}
