import type { LocalRange } from '@footfall/domain';

/**
 * Turns the local-time questions of an aggregated query into what the rollups can answer.
 *
 * A query asks for values over "cells" (a bucket of a mode, the rest of a compared range, a day of
 * forecast history); each cell is a set of local minute intervals ("pieces", already filtered by
 * weekday and each-day window). Cells of different modes may overlap (the previous period and
 * 52 weeks earlier of a long range), so the pieces are cut into disjoint elementary segments, each
 * knowing the cells it feeds. Each segment is then split by granularity: whole local days come from
 * the daily rollups, whole local hours of node totals from their hourly rollups, whole 15-minute
 * slots from the 15-minute rollups, and only the leftover minutes
 * at unaligned edges from raw measurements. For each granularity the SQL gets sorted boundaries and
 * the segment of each interval between them, and finds a row's segment with width_bucket.
 */
export interface Piece extends LocalRange {
  cell: number;
}

export interface Segment extends LocalRange {
  cells: number[];
}

export interface GranularParts {
  /** sorted local minutes; interval j is [bounds[j], bounds[j + 1]) */
  bounds: number[];
  /** segment of interval j, null for gaps (and for the interval after the last bound) */
  segs: (number | null)[];
  from: number;
  to: number;
  /** stretches of local time holding parts (gaps of more than RUN_GAP apart), to read only those */
  runs: LocalRange[];
}

/** Parts closer than this share one read window. */
const RUN_GAP = 360;

export interface SplitPlan {
  day: GranularParts | null;
  /** whole local hours of sub-day stretches, for node totals (node_rollup_hour); null unless split */
  hour: GranularParts | null;
  /** whole 15-minute slots outside those hours (all of them when hours are not split) */
  q15: GranularParts | null;
  /** `hour` and `q15` together: what sources without hourly rows read by 15-minute slots */
  q15All: GranularParts | null;
  raw: GranularParts | null;
}

/** Cuts overlapping pieces into disjoint segments (sweep over sorted boundaries). */
export function buildSegments(pieces: readonly Piece[]): Segment[] {
  const valid = pieces.filter((p) => p.to > p.from);
  if (valid.length === 0) return [];
  const bounds = [...new Set(valid.flatMap((p) => [p.from, p.to]))].sort((a, b) => a - b);
  const byStart = [...valid].sort((a, b) => a.from - b.from);
  const out: Segment[] = [];
  let active: Piece[] = [];
  let next = 0;
  for (let i = 0; i < bounds.length - 1; i++) {
    const from = bounds[i]!;
    const to = bounds[i + 1]!;
    active = active.filter((p) => p.to > from);
    while (next < byStart.length && byStart[next]!.from <= from) {
      if (byStart[next]!.to > from) active.push(byStart[next]!);
      next++;
    }
    if (active.length === 0) continue;
    const cells = [...new Set(active.map((p) => p.cell))].sort((a, b) => a - b);
    const last = out[out.length - 1];
    if (last && last.to === from && sameCells(last.cells, cells)) last.to = to;
    else out.push({ from, to, cells });
  }
  return out;
}

const sameCells = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

const DAY = 1440;
const ceilTo = (v: number, step: number) => Math.ceil(v / step) * step;
const floorTo = (v: number, step: number) => Math.floor(v / step) * step;

interface Part extends LocalRange {
  seg: number;
}

function toGranular(parts: Part[]): GranularParts | null {
  if (parts.length === 0) return null;
  parts.sort((a, b) => a.from - b.from);
  const bounds: number[] = [];
  const segs: (number | null)[] = [];
  for (const p of parts) {
    if (bounds.length > 0 && bounds[bounds.length - 1] === p.from) {
      segs[segs.length - 1] = p.seg;
    } else {
      bounds.push(p.from);
      segs.push(p.seg);
    }
    bounds.push(p.to);
    segs.push(null);
  }
  const runs: LocalRange[] = [];
  for (const p of parts) {
    const last = runs[runs.length - 1];
    if (last && p.from - last.to <= RUN_GAP) last.to = Math.max(last.to, p.to);
    else runs.push({ from: p.from, to: p.to });
  }
  return { bounds, segs, from: bounds[0]!, to: bounds[bounds.length - 1]!, runs };
}

/**
 * Whole days, then (with `hours`, for node totals) whole local hours, then whole 15-minute slots,
 * then single minutes.
 */
export function splitByGranularity(
  segments: readonly Segment[],
  options: { hours?: boolean } = {},
): SplitPlan {
  const day: Part[] = [];
  const hour: Part[] = [];
  const q15: Part[] = [];
  const q15All: Part[] = [];
  const raw: Part[] = [];
  const addSlots = (a: number, b: number, seg: number) => {
    q15All.push({ from: a, to: b, seg });
    const h0 = ceilTo(a, 60);
    const h1 = floorTo(b, 60);
    if (!options.hours || h0 >= h1) {
      q15.push({ from: a, to: b, seg });
      return;
    }
    hour.push({ from: h0, to: h1, seg });
    if (a < h0) q15.push({ from: a, to: h0, seg });
    if (h1 < b) q15.push({ from: h1, to: b, seg });
  };
  const addSubDay = (from: number, to: number, seg: number) => {
    if (to <= from) return;
    const a = ceilTo(from, 15);
    const b = floorTo(to, 15);
    if (a < b) {
      addSlots(a, b, seg);
      if (from < a) raw.push({ from, to: a, seg });
      if (b < to) raw.push({ from: b, to, seg });
    } else raw.push({ from, to, seg });
  };
  segments.forEach((s, seg) => {
    const a = ceilTo(s.from, DAY);
    const b = floorTo(s.to, DAY);
    if (a < b) {
      day.push({ from: a, to: b, seg });
      addSubDay(s.from, a, seg);
      addSubDay(b, s.to, seg);
    } else addSubDay(s.from, s.to, seg);
  });
  return {
    day: toGranular(day),
    hour: toGranular(hour),
    q15: toGranular(q15),
    q15All: toGranular(q15All),
    raw: toGranular(raw),
  };
}

/** The parts of `range` inside the sorted disjoint `intervals`. */
export function clipToIntervals(range: LocalRange, intervals: readonly LocalRange[]): LocalRange[] {
  const out: LocalRange[] = [];
  // first interval that may overlap: binary search on `to`
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals[mid]!.to <= range.from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < intervals.length && intervals[i]!.from < range.to; i++) {
    const from = Math.max(range.from, intervals[i]!.from);
    const to = Math.min(range.to, intervals[i]!.to);
    if (from < to) out.push({ from, to });
  }
  return out;
}

/** `range` minus the sorted disjoint `taken` ranges. */
export function subtractRanges(range: LocalRange, taken: readonly LocalRange[]): LocalRange[] {
  const out: LocalRange[] = [];
  let cursor = range.from;
  for (const t of [...taken].sort((a, b) => a.from - b.from)) {
    if (t.to <= cursor || t.from >= range.to) continue;
    if (t.from > cursor) out.push({ from: cursor, to: Math.min(t.from, range.to) });
    cursor = Math.max(cursor, t.to);
  }
  if (cursor < range.to) out.push({ from: cursor, to: range.to });
  return out;
}
