import { addMonthsDetailed, localParts, MINUTES_PER_DAY, type LocalMinute } from '../time/local-time.js';
import type { LocalRange } from './ladder.js';

export const MODES = ['current_period', 'compared_last_period', 'compared_last_year'] as const;
export type Mode = (typeof MODES)[number];

/** How far back a comparison lies: a number of wall-clock minutes, or of calendar months. */
export type Shift = { unit: 'minutes'; amount: number } | { unit: 'months'; amount: number };

const isMonthStart = (lm: LocalMinute) => {
  const p = localParts(lm);
  return p.day === 1 && p.hour === 0 && p.minute === 0;
};

/** A range made of whole calendar months (a month, a quarter, a year...): its month count, else 0. */
export function wholeMonths(range: LocalRange): number {
  if (!isMonthStart(range.from) || !isMonthStart(range.to) || range.to <= range.from) return 0;
  const a = localParts(range.from);
  const b = localParts(range.to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/**
 * Previous period of equal length (DESIGN.md section 5): the range just before, as long in
 * wall-clock minutes; for whole-month ranges the same number of calendar months before
 * (March compares with February, a year with the year before).
 */
export function previousPeriodShift(range: LocalRange): Shift {
  const months = wholeMonths(range);
  return months > 0 ? { unit: 'months', amount: months } : { unit: 'minutes', amount: range.to - range.from };
}

/** 52 weeks earlier (same weekdays), or 1 calendar year for month and year ranges. */
export function lastYearShift(range: LocalRange): Shift {
  return wholeMonths(range) > 0
    ? { unit: 'months', amount: 12 }
    : { unit: 'minutes', amount: 364 * MINUTES_PER_DAY };
}

export function comparisonShift(range: LocalRange, mode: Mode): Shift | null {
  if (mode === 'compared_last_period') return previousPeriodShift(range);
  if (mode === 'compared_last_year') return lastYearShift(range);
  return null;
}

/** `lm` moved back by the shift; `clamped` when a month shift had to shorten the day (31 -> 30). */
export function shiftBack(lm: LocalMinute, shift: Shift): { value: LocalMinute; clamped: boolean } {
  if (shift.unit === 'minutes') return { value: lm - shift.amount, clamped: false };
  return addMonthsDetailed(lm, -shift.amount);
}

/** The whole comparison range. */
export function shiftRangeBack(range: LocalRange, shift: Shift): LocalRange {
  return { from: shiftBack(range.from, shift).value, to: shiftBack(range.to, shift).value };
}

/**
 * Bucket-by-bucket alignment: the comparison bucket that stands beside a current bucket. Minute
 * shifts move both ends. Month shifts keep the day of month; a current bucket starting on a day the
 * earlier month lacks (March 30 against February) has no counterpart (null), and a bucket whose end
 * falls on such a day keeps its length (March 28 -> February 28 as a whole day) up to the end of
 * the earlier month.
 */
export function alignedBucket(bucket: LocalRange, shift: Shift): LocalRange | null {
  const start = shiftBack(bucket.from, shift);
  if (start.clamped) return null;
  const end = shiftBack(bucket.to, shift);
  if (!end.clamped) return { from: start.value, to: end.value };
  // the end fell on a day the earlier month lacks (clamped to its last day): the bucket keeps its
  // length but never runs past that month (a week ending May 31 against February stops at March 1)
  const monthEnd = (Math.floor(end.value / MINUTES_PER_DAY) + 1) * MINUTES_PER_DAY;
  return { from: start.value, to: Math.min(start.value + (bucket.to - bucket.from), monthEnd) };
}
