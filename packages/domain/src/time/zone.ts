import type { LocalMinute } from './local-time.js';

/**
 * Conversions between real instants (UTC milliseconds) and local wall-clock minutes of an IANA time
 * zone, using only Intl (works in browsers and Node alike). Offsets are whole minutes.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to read the local wall clock at `utcMs` (e.g. -240 in Toronto in summer). */
export function offsetMinutesAt(timeZone: string, utcMs: number): number {
  const whole = Math.floor(utcMs / 60_000) * 60_000;
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let bc = false;
  for (const part of formatter(timeZone).formatToParts(new Date(whole))) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'era':
        bc = part.value.startsWith('B');
        break;
    }
  }
  if (bc) year = 1 - year;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, 0, 0);
  return Math.round((d.getTime() - whole) / 60_000);
}

/** The local wall-clock minute at an instant. */
export function toLocalMinute(timeZone: string, utcMs: number): LocalMinute {
  return Math.floor(utcMs / 60_000) + offsetMinutesAt(timeZone, utcMs);
}

/**
 * The first instant (UTC ms, whole minute) whose local reading is `lm`; when `lm` falls in a
 * spring-forward gap and never occurs, the instant the clock jumps over it. `exists` tells which.
 */
export function fromLocalMinute(timeZone: string, lm: LocalMinute): { utcMs: number; exists: boolean } {
  const before = offsetMinutesAt(timeZone, (lm - 1440) * 60_000);
  const after = offsetMinutesAt(timeZone, (lm + 1440) * 60_000);
  const candidates = [...new Set([before, after, offsetMinutesAt(timeZone, lm * 60_000)])]
    .map((o) => lm - o)
    .filter((u) => toLocalMinute(timeZone, u * 60_000) === lm)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return { utcMs: candidates[0]! * 60_000, exists: true };
  // in a gap: binary search the first minute whose local reading is past lm
  let lo = lm - Math.max(before, after) - 1;
  let hi = lm - Math.min(before, after) + 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (toLocalMinute(timeZone, mid * 60_000) > lm) hi = mid;
    else lo = mid;
  }
  return { utcMs: hi * 60_000, exists: false };
}

/** Whether the wall clock ever reads `lm` (false inside a spring-forward gap). */
export const localMinuteExists = (timeZone: string, lm: LocalMinute) => fromLocalMinute(timeZone, lm).exists;

/**
 * A UTC window that certainly holds every instant whose local reading lies in [fromLm, toLm):
 * local = utc + offset, and near each end only the offsets of the surrounding day can apply.
 */
export function utcWindowFor(
  timeZone: string,
  fromLm: LocalMinute,
  toLm: LocalMinute,
): { fromMs: number; toMs: number } {
  // instants reading lm lie within a day of lm taken as UTC (offsets are between -12 h and +14 h),
  // so the offsets sampled a day either side cover both sides of any transition near lm
  const around = (lm: number) => [-1440, 0, 1440].map((d) => offsetMinutesAt(timeZone, (lm + d) * 60_000));
  return {
    fromMs: (fromLm - Math.max(...around(fromLm))) * 60_000,
    toMs: (toLm - Math.min(...around(toLm))) * 60_000,
  };
}

/**
 * The local wall-clock stretches that never occur between fromLm and toLm (spring-forward gaps),
 * found by sampling the offset once a day and bisecting where it grows.
 */
export function springForwardGaps(
  timeZone: string,
  fromLm: LocalMinute,
  toLm: LocalMinute,
): { from: LocalMinute; to: LocalMinute }[] {
  const { fromMs, toMs } = utcWindowFor(timeZone, fromLm, toLm);
  const gaps: { from: LocalMinute; to: LocalMinute }[] = [];
  const step = 86_400_000;
  let prevMs = Math.floor(fromMs / 60_000) * 60_000;
  let prevOffset = offsetMinutesAt(timeZone, prevMs);
  for (let ms = prevMs + step; prevMs < toMs; ms += step) {
    const offset = offsetMinutesAt(timeZone, ms);
    if (offset > prevOffset) {
      // first minute with the new offset
      let lo = prevMs / 60_000;
      let hi = ms / 60_000;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetMinutesAt(timeZone, mid * 60_000) === prevOffset) lo = mid;
        else hi = mid;
      }
      const after = offsetMinutesAt(timeZone, hi * 60_000);
      const gap = { from: hi + prevOffset, to: hi + after };
      if (gap.to > fromLm && gap.from < toLm) gaps.push(gap);
    }
    prevMs = ms;
    prevOffset = offset;
  }
  return gaps;
}

/**
 * Offsets of a zone over a UTC window, found once (a daily sample, bisected where it changes), so
 * that many instants convert by arithmetic instead of one Intl call each.
 */
export function zoneOffsets(timeZone: string, fromMs: number, toMs: number): (utcMs: number) => number {
  const day = 86_400_000;
  const changes: { atMs: number; offset: number }[] = [];
  let prevMs = Math.floor(fromMs / 60_000) * 60_000 - day;
  let prev = offsetMinutesAt(timeZone, prevMs);
  const first = prev;
  for (let ms = prevMs + day; prevMs < toMs + day; ms += day) {
    const offset = offsetMinutesAt(timeZone, ms);
    if (offset !== prev) {
      let lo = prevMs / 60_000;
      let hi = ms / 60_000;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetMinutesAt(timeZone, mid * 60_000) === prev) lo = mid;
        else hi = mid;
      }
      changes.push({ atMs: hi * 60_000, offset });
    }
    prevMs = ms;
    prev = offset;
  }
  return (utcMs: number) => {
    let offset = first;
    for (const c of changes) {
      if (utcMs >= c.atMs) offset = c.offset;
      else break;
    }
    return offset;
  };
}
