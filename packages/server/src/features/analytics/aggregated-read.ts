import { formatLocal, utcWindowFor, zoneOffsets } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Accumulator } from './aggregated-accumulator.js';
import type { InstantQuery, SourceSet, StatsRow, SumRow } from './aggregated-params.js';
import type { SourcePlan } from './aggregated-sources.js';
import type { GranularParts, SplitPlan } from './query-plan.js';
import { sumNodeDays, sumSeriesDays } from './aggregated-day.repository.js';
import { sumNode15m } from './aggregated-node-15m.repository.js';
import { sumNodeHours } from './aggregated-node-hour.repository.js';
import { seriesDayStats } from './aggregated-series-day.repository.js';
import { series15mStats } from './aggregated-series-15m.repository.js';
import { rawStats } from './aggregated-raw.repository.js';

/**
 * Runs the reads of a query plan, all at once on the pool: per granularity (whole local days, whole
 * local hours of node totals, whole 15-minute slots, raw edge minutes) the node totals and the series that need reading, and
 * adds every row to the accumulator.
 */
export async function readFigures(
  db: Db,
  split: SplitPlan,
  sources: SourcePlan,
  businessHoursOnly: boolean,
  acc: Accumulator,
): Promise<void> {
  const bh = businessHoursOnly;
  const jobs: Promise<(SumRow | StatsRow)[]>[] = [];
  const has = (s: SourceSet) => s.keys.length > 0;
  const days = (p: GranularParts) => ({
    bounds: p.bounds,
    segs: p.segs,
    businessHoursOnly: bh,
    fromDate: formatLocal(p.from).slice(0, 10),
    toDate: formatLocal(p.to).slice(0, 10),
  });
  const instants = (p: GranularParts, set: SourceSet) => {
    const windows = mergeWindows(
      [...new Set(set.timeZones)].flatMap((z) => p.runs.map((r) => utcWindowFor(z, r.from, r.to))),
    );
    return {
      sources: set,
      bounds: p.bounds,
      segs: p.segs,
      businessHoursOnly: bh,
      windowStarts: windows.map((w) => new Date(w.fromMs)),
      windowEnds: windows.map((w) => new Date(w.toMs)),
    };
  };
  if (split.day) {
    const d = days(split.day);
    if (has(sources.nodeDay)) jobs.push(sumNodeDays(db, { ...d, sources: sources.nodeDay }));
    // sums only (statistics are asked through sources.stats): index-only on rollup_day's key
    if (has(sources.seriesSums)) jobs.push(sumSeriesDays(db, { ...d, sources: sources.seriesSums }));
    if (has(sources.stats)) jobs.push(seriesDayStats(db, { ...d, sources: sources.stats, perSeries: true }));
  }
  if (split.hour && has(sources.nodeDay)) {
    const p = split.hour;
    const query = {
      bounds: p.bounds,
      segs: p.segs,
      businessHoursOnly: bh,
      localStarts: p.runs.map((r) => formatLocal(r.from)),
      localEnds: p.runs.map((r) => formatLocal(r.to)),
    };
    // many node totals: two statements over halves of them, one per core
    for (const half of halves(sources.nodeDay)) jobs.push(sumNodeHours(db, { ...query, sources: half }));
  }
  // node totals (and the loose members of multi-zone ones) read whole hours above when split;
  // series without totals read every 15-minute slot
  if (split.q15) {
    const p = split.q15;
    if (has(sources.node15m)) jobs.push(slotSums(db, instants(p, sources.node15m), p));
    const sums = split.hour ? sources.multiZone15m : concat(sources.seriesSums, sources.multiZone15m);
    if (has(sums)) jobs.push(series15mStats(db, { ...instants(p, sums), perSeries: false }));
  }
  if (split.q15All) {
    const p = split.q15All;
    if (split.hour && has(sources.seriesSums))
      jobs.push(series15mStats(db, { ...instants(p, sources.seriesSums), perSeries: false }));
    if (has(sources.stats)) jobs.push(series15mStats(db, { ...instants(p, sources.stats), perSeries: true }));
  }
  if (split.raw) {
    const p = split.raw;
    if (has(sources.rawSums)) jobs.push(rawStats(db, { ...instants(p, sources.rawSums), perSeries: false }));
    if (has(sources.stats)) jobs.push(rawStats(db, { ...instants(p, sources.stats), perSeries: true }));
  }
  for (const result of await Promise.all(jobs)) for (const row of result) acc.add(row);
}

/**
 * Node totals by UTC slot, turned into segments here: each zone's offsets are found once for the
 * window, then every (zone, slot) row becomes a local slot by arithmetic and a segment by binary
 * search over the bounds.
 */
async function slotSums(db: Db, q: InstantQuery, parts: GranularParts): Promise<SumRow[]> {
  const zoneList = [...new Set(q.sources.timeZones)];
  // offsets per zone and read window (windows are short: edges, or the days of a sub-day range)
  const offsets = zoneList.map((z) =>
    q.windowStarts.map((start, i) => ({
      fromMs: start.getTime(),
      toMs: q.windowEnds[i]!.getTime(),
      offsetAt: zoneOffsets(z, start.getTime(), q.windowEnds[i]!.getTime()),
    })),
  );
  const zones = q.sources.timeZones.map((z) => zoneList.indexOf(z));
  // many node totals: two statements over halves of them, one per core
  const halves =
    q.sources.keys.length >= 8 ? [0, 1].map((h) => (_: unknown, i: number) => i % 2 === h) : [() => true];
  const results = await Promise.all(
    halves.map((keep) =>
      sumNode15m(db, {
        keys: q.sources.keys.filter(keep),
        zones: zones.filter(keep),
        groups: q.sources.groups.filter(keep),
        businessHoursOnly: q.businessHoursOnly,
        windowStarts: q.windowStarts,
        windowEnds: q.windowEnds,
      }),
    ),
  );
  const { bounds, segs } = parts;
  const out: SumRow[] = [];
  for (const row of results.flat()) {
    const ms = row.at * 60_000;
    const window = offsets[row.zone]!.find((w) => ms >= w.fromMs && ms < w.toMs)!;
    const local = row.at + window.offsetAt(ms);
    if (local < bounds[0]! || local >= bounds[bounds.length - 1]!) continue;
    let lo = 0;
    let hi = bounds.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (bounds[mid]! <= local) lo = mid;
      else hi = mid;
    }
    const seg = segs[lo];
    if (seg !== null && seg !== undefined) out.push({ grp: row.grp, seg, sum: row.sum, count: row.count });
  }
  return out;
}

/** Overlapping UTC windows merged, so that no row is read twice. */
function mergeWindows(windows: { fromMs: number; toMs: number }[]): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = [];
  for (const w of [...windows].sort((a, b) => a.fromMs - b.fromMs)) {
    const last = out[out.length - 1];
    if (last && w.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, w.toMs);
    else out.push({ ...w });
  }
  return out;
}

/** A large source set as two halves (one statement per core), else the set itself. */
function halves(set: SourceSet): SourceSet[] {
  if (set.keys.length < 8) return [set];
  return [0, 1].map((h) => {
    const keep = (_: unknown, i: number) => i % 2 === h;
    return {
      keys: set.keys.filter(keep),
      timeZones: set.timeZones.filter(keep),
      groups: set.groups.filter(keep),
    };
  });
}

function concat(a: SourceSet, b: SourceSet): SourceSet {
  return {
    keys: [...a.keys, ...b.keys],
    timeZones: [...a.timeZones, ...b.timeZones],
    groups: [...a.groups, ...b.groups],
  };
}
