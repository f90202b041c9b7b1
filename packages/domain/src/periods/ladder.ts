import {
  addDays,
  addMonths,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  type LocalMinute,
} from '../time/local-time.js';

/** Aggregations as ISO-8601 durations (spec section 9 ladder); PT0S is real time. */
export const AGGREGATIONS = ['PT0S', 'PT1M', 'PT15M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P1Y'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/** The ladder from finest to coarsest (real time excluded). */
export const LADDER: readonly Aggregation[] = ['PT1M', 'PT15M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P1Y'];
export const DEFAULT_AGGREGATION: Aggregation = 'PT1H';
export const REAL_TIME_AGGREGATION: Aggregation = 'PT0S';

export const isAggregation = (v: string): v is Aggregation => (AGGREGATIONS as readonly string[]).includes(v);

/** Fixed bucket length in minutes, or null for calendar buckets (week starts are fixed too). */
export function fixedMinutes(agg: Aggregation): number | null {
  switch (agg) {
    case 'PT0S':
    case 'PT1M':
      return 1;
    case 'PT15M':
      return 15;
    case 'PT1H':
      return 60;
    case 'P1D':
      return 1440;
    case 'P1W':
      return 7 * 1440;
    default:
      return null;
  }
}

/** Start of the local bucket holding `lm` (real time buckets by the minute). */
export function bucketStart(lm: LocalMinute, agg: Aggregation): LocalMinute {
  switch (agg) {
    case 'PT0S':
    case 'PT1M':
      return lm;
    case 'PT15M':
      return Math.floor(lm / 15) * 15;
    case 'PT1H':
      return Math.floor(lm / 60) * 60;
    case 'P1D':
      return startOfDay(lm);
    case 'P1W':
      return startOfWeek(lm);
    case 'P1M':
      return startOfMonth(lm);
    case 'P1Y':
      return startOfYear(lm);
  }
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucketStart(start: LocalMinute, agg: Aggregation): LocalMinute {
  switch (agg) {
    case 'P1M':
      return addMonths(bucketStart(start, agg), 1);
    case 'P1Y':
      return addMonths(bucketStart(start, agg), 12);
    case 'P1W':
      return addDays(bucketStart(start, agg), 7);
    default:
      return bucketStart(start, agg) + fixedMinutes(agg)!;
  }
}

export interface LocalRange {
  /** inclusive */
  from: LocalMinute;
  /** exclusive */
  to: LocalMinute;
}

/**
 * The buckets covering [from, to), in order. Each is clipped to the range, so the first bucket's
 * key is `from` itself when the range starts inside a calendar bucket (a custom range starting on a
 * Wednesday with weekly buckets: the first key is that Wednesday). They partition the range exactly.
 */
export function enumerateBuckets(range: LocalRange, agg: Aggregation): LocalRange[] {
  const out: LocalRange[] = [];
  let start = range.from;
  while (start < range.to) {
    const end = Math.min(nextBucketStart(start, agg), range.to);
    out.push({ from: start, to: end });
    start = end;
  }
  return out;
}

const DAY = 1440;

/**
 * Spec section 9, "Custom range aggregation", applied from the coarsest rule down:
 * 1 year or more: P1Y; 1 month or more: P1M; 29 days or more (under a month): P1D; 14 days or more:
 * P1W; 3 days or more: P1D; 6 hours or more: PT1H; 1 hour or more: PT15M; otherwise PT1M.
 * Months and years are calendar ones counted from `from` (Jan 31 + 1 month = Feb 28/29).
 */
export function customRangeAggregation(range: LocalRange): Aggregation {
  const { from, to } = range;
  const minutes = to - from;
  if (addMonths(from, 12) <= to) return 'P1Y';
  if (addMonths(from, 1) <= to) return 'P1M';
  if (minutes >= 29 * DAY) return 'P1D';
  if (minutes >= 14 * DAY) return 'P1W';
  if (minutes >= 3 * DAY) return 'P1D';
  if (minutes >= 6 * 60) return 'PT1H';
  if (minutes >= 60) return 'PT15M';
  return 'PT1M';
}

/** Spec section 5: the end must be later than the start by at least one unit of the aggregation. */
export function isValidCustomRange(range: LocalRange): boolean {
  return range.to - range.from >= 1;
}
