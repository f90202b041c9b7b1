import {
  addDays,
  ALL_DAY,
  alignedBucket,
  comparisonShift,
  dayIndex,
  eachDayWindow,
  enumerateBuckets,
  forecastHistoryDays,
  includedIntervals,
  MINUTES_PER_DAY,
  shiftRangeBack,
  trendDays,
  type Aggregation,
  type LocalMinute,
  type LocalRange,
  type Mode,
  type Shift,
  type TimeFilters,
} from '@footfall/domain';
import { clipToIntervals, subtractRanges, type Piece } from './query-plan.js';

/**
 * The buckets of each mode, as cells over local minutes. Comparison rows stand beside the current
 * buckets (bucket-by-bucket alignment); the parts of a compared range that no aligned bucket covers
 * (the 31st against a 30-day month) still count in its summary through one extra cell.
 */
export interface ModeRow {
  /** the current bucket's start: the key every mode shows */
  key: LocalMinute;
  /** the bucket's own range in this mode (the compared bucket for comparisons), null if none */
  range: LocalRange | null;
  cell: number | null;
}

export interface ModePlan {
  mode: Mode;
  range: LocalRange;
  rows: ModeRow[];
  /** every cell of the mode: its rows' and the summary-only one */
  cells: number[];
}

export class CellRegistry {
  readonly pieces: Piece[] = [];
  count = 0;
  /** a new cell made of the given local intervals */
  add(intervals: readonly LocalRange[]): number {
    const cell = this.count++;
    for (const r of intervals) this.pieces.push({ from: r.from, to: r.to, cell });
    return cell;
  }
}

export interface PlanInput {
  range: LocalRange;
  aggregation: Aggregation;
  filters: TimeFilters;
  modes: readonly Mode[];
  /** local stretches that never occur (spring-forward gaps in every zone read) */
  gaps?: readonly LocalRange[];
}

/**
 * Keeps only buckets that have minutes left after the weekday and each-day filters (a Saturday
 * with includeDays Monday-Friday is not a bucket at all; business hours vary by location, so a
 * closed hour still shows, as 0) and that exist on the wall clock (no 02:00 bucket on a
 * spring-forward day; its comparison rows may still show 0 beside a bucket that exists).
 */
export function planModes(input: PlanInput, registry: CellRegistry): ModePlan[] {
  const { range, aggregation, filters } = input;
  const noHours: TimeFilters = { ...filters, businessHoursOnly: false };
  const window = filters.applyTimePeriodToEachDay ? eachDayWindow(range) : null;
  const currentIncluded = includedIntervals(range, noHours, ALL_DAY, window);
  const gaps = input.gaps ?? [];
  const current = enumerateBuckets(range, aggregation).filter(
    (b) =>
      clipToIntervals(b, currentIncluded).length > 0 && !gaps.some((g) => g.from <= b.from && b.to <= g.to),
  );
  return input.modes.map((mode) => {
    const shift = modeShift(range, mode, filters.applyTimePeriodToEachDay);
    const modeRange = shift ? shiftRangeBack(range, shift) : range;
    const included = shift ? includedIntervals(modeRange, noHours, ALL_DAY, window) : currentIncluded;
    const cells: number[] = [];
    const rows = current.map((bucket): ModeRow => {
      const own = shift ? alignedBucket(bucket, shift) : bucket;
      if (!own) return { key: bucket.from, range: null, cell: null };
      const cell = registry.add(clipToIntervals(own, included));
      cells.push(cell);
      return { key: bucket.from, range: own, cell };
    });
    const covered = rows.flatMap((r) => (r.range ? [r.range] : []));
    const rest = included.flatMap((i) => subtractRanges(i, covered));
    if (rest.length > 0) cells.push(registry.add(rest));
    return { mode, range: modeRange, rows, cells };
  });
}

/**
 * Comparison shifts; with the period applied to each day the previous period is as many whole days
 * earlier as the range spans, so that it keeps the same time-of-day window.
 */
export function modeShift(range: LocalRange, mode: Mode, eachDay: boolean): Shift | null {
  if (mode === 'current_period') return null;
  const shift = comparisonShift(range, mode)!;
  if (eachDay && mode === 'compared_last_period' && shift.unit === 'minutes') {
    const days = dayIndex(range.to - 1) - dayIndex(range.from) + 1;
    return { unit: 'minutes', amount: days * MINUTES_PER_DAY };
  }
  return shift;
}

/**
 * Forecast cells (model in packages/domain/src/periods/forecast.ts): for each bucket and each day
 * it touches, the same stretch on the history days, plus the whole-day totals feeding the trend.
 * Whole-day stretches share one cell per day.
 */
export interface ForecastDay {
  day: number;
  origin: number;
  /** one cell per history day */
  history: number[];
}

export interface ForecastRowPlan {
  /** null when the bucket lies wholly beyond the forecast horizon */
  days: ForecastDay[] | null;
}

export interface ForecastPlan {
  rows: ForecastRowPlan[];
  /** day index -> cell of that day's filtered whole-day total */
  dayCells: Map<number, number>;
}

export function planForecast(
  plan: ModePlan,
  input: PlanInput,
  today: number,
  horizonDays: number,
  registry: CellRegistry,
): ForecastPlan {
  const noHours: TimeFilters = { ...input.filters, businessHoursOnly: false };
  const window = input.filters.applyTimePeriodToEachDay ? eachDayWindow(input.range) : null;
  const dayCells = new Map<number, number>();
  const dayCell = (day: number) => {
    let cell = dayCells.get(day);
    if (cell === undefined) {
      const start = day * MINUTES_PER_DAY;
      cell = registry.add(
        includedIntervals({ from: start, to: addDays(start, 1) }, noHours, ALL_DAY, window),
      );
      dayCells.set(day, cell);
    }
    return cell;
  };
  const included = includedIntervals(plan.range, noHours, ALL_DAY, window);
  const rows = plan.rows.map((row): ForecastRowPlan => {
    if (!row.range) return { days: null };
    const days: ForecastDay[] = [];
    for (let day = dayIndex(row.range.from); day <= dayIndex(row.range.to - 1); day++) {
      if (day > today + horizonDays) continue;
      const start = day * MINUTES_PER_DAY;
      const stretch = clipToIntervals(
        { from: Math.max(start, row.range.from), to: Math.min(start + MINUTES_PER_DAY, row.range.to) },
        included,
      );
      const origin = Math.min(day, today);
      const wholeDay =
        stretch.length === 1 && stretch[0]!.from === start && stretch[0]!.to === start + MINUTES_PER_DAY;
      const history = forecastHistoryDays(day, origin).map((h) =>
        wholeDay
          ? dayCell(h)
          : registry.add(
              stretch.map((s) => ({ from: s.from + (h - day) * 1440, to: s.to + (h - day) * 1440 })),
            ),
      );
      for (const d of trendDays(origin)) dayCell(d);
      days.push({ day, origin, history });
    }
    return { days: days.length > 0 ? days : null };
  });
  return { rows, dayCells };
}
