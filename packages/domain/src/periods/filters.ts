import { ALL_DAY, intersectWindows, type WeekWindows } from '../time/business-hours.js';
import { dayIndex, MINUTES_PER_DAY, minuteOfDay, weekdayOf } from '../time/local-time.js';
import type { LocalRange } from './ladder.js';

/**
 * The filters of an aggregated query that keep or drop local minutes before anything is summed
 * (DESIGN.md section 5): business hours of the location for the weekday, the time-of-day window of
 * the range applied to each day, and the weekdays to include (0 = Sunday).
 */
export interface TimeFilters {
  businessHoursOnly: boolean;
  applyTimePeriodToEachDay: boolean;
  /** null or empty = every day */
  includeDays: readonly number[] | null;
}

export const NO_FILTERS: TimeFilters = {
  businessHoursOnly: false,
  applyTimePeriodToEachDay: false,
  includeDays: null,
};

/**
 * The time-of-day window of a range applied to each day: from's time to to's time, "00:00" as the
 * end meaning midnight. Null when the window is empty (start not before end).
 */
export function eachDayWindow(range: LocalRange): [number, number] | null {
  const start = minuteOfDay(range.from);
  const end = minuteOfDay(range.to) === 0 ? MINUTES_PER_DAY : minuteOfDay(range.to);
  return start < end ? [start, end] : null;
}

/**
 * The local minutes of [range.from, range.to) that pass the filters, as sorted disjoint intervals.
 * With `applyTimePeriodToEachDay` the days run from from's day to the day before to's midnight
 * (to's own day when to is not midnight).
 */
export function includedIntervals(
  range: LocalRange,
  filters: TimeFilters,
  businessHours: WeekWindows = ALL_DAY,
  /** the each-day window to use instead of the range's own (comparisons keep the current one) */
  window?: [number, number] | null,
): LocalRange[] {
  const out: LocalRange[] = [];
  if (range.to <= range.from) return out;
  const eachDay = filters.applyTimePeriodToEachDay
    ? window === undefined
      ? eachDayWindow(range)
      : window
    : null;
  if (filters.applyTimePeriodToEachDay && !eachDay) return out;
  const days = filters.includeDays && filters.includeDays.length > 0 ? new Set(filters.includeDays) : null;
  const firstDay = dayIndex(range.from);
  const lastDay = dayIndex(range.to - 1);
  for (let day = firstDay; day <= lastDay; day++) {
    const dayStart = day * MINUTES_PER_DAY;
    const weekday = weekdayOf(dayStart);
    if (days && !days.has(weekday)) continue;
    let windows: [number, number][] = [[0, MINUTES_PER_DAY]];
    if (filters.businessHoursOnly) windows = intersectWindows(windows, businessHours[weekday] ?? []);
    if (eachDay) windows = intersectWindows(windows, [eachDay]);
    for (const [a, b] of windows) {
      const from = Math.max(dayStart + a, range.from);
      const to = Math.min(dayStart + b, range.to);
      if (from >= to) continue;
      const last = out[out.length - 1];
      if (last && last.to === from) last.to = to;
      else out.push({ from, to });
    }
  }
  return out;
}
