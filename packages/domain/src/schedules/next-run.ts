import {
  addDays,
  addMonths,
  dayIndex,
  formatLocal,
  localParts,
  parseTimeOfDay,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  weekdayOf,
  type LocalMinute,
} from '../time/local-time.js';
import { fromLocalMinute, toLocalMinute } from '../time/zone.js';
import type { LocalRange } from '../periods/ladder.js';

/** How often an automated report runs (spec "Schedule: frequencies"). */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** When a schedule runs: at `time` (HH:mm) on the wall clock of `timeZone`. */
export interface ScheduleRule {
  frequency: ScheduleFrequency;
  /** `HH:mm`, local to `timeZone` */
  time: string;
  /** weekly: the weekdays it runs on, 0 = Sunday */
  weekdays: readonly number[];
  /** monthly: the day of the month (1-31); a shorter month runs on its last day */
  dayOfMonth: number | null;
  timeZone: string;
}

const daysInMonth = (day: LocalMinute) => {
  const { year, month } = localParts(day);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** Whether a schedule runs on this local date (a local midnight). */
export function runsOnDay(rule: ScheduleRule, day: LocalMinute): boolean {
  switch (rule.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return rule.weekdays.includes(weekdayOf(day));
    case 'monthly': {
      const wanted = Math.min(rule.dayOfMonth ?? 1, daysInMonth(day));
      return localParts(day).day === wanted;
    }
  }
}

/**
 * The first instant strictly after `afterMs` (UTC ms) at which the schedule runs, or null when it
 * never does (a weekly rule without weekdays). Walks the local dates of the zone: each run is the
 * first instant the wall clock reads `time` on a date the rule keeps. A time skipped by a
 * spring-forward change runs when the clock jumps over it; a time repeated by a fall-back change runs
 * once, at its first occurrence (the second one is not after the first run's own date).
 */
export function nextRunAt(rule: ScheduleRule, afterMs: number): number | null {
  const minute = parseTimeOfDay(rule.time);
  if (minute === null) return null;
  if (rule.frequency === 'weekly' && rule.weekdays.length === 0) return null;
  const today = startOfDay(toLocalMinute(rule.timeZone, afterMs));
  // 13 months of dates always hold the next monthly run; fewer for the others
  for (let day = addDays(today, -1); day <= addDays(today, 400); day = addDays(day, 1)) {
    if (!runsOnDay(rule, day)) continue;
    const at = fromLocalMinute(rule.timeZone, day + minute).utcMs;
    if (at > afterMs) return at;
  }
  return null;
}

/** The next `count` runs after `afterMs` (the editor's preview). */
export function nextRuns(rule: ScheduleRule, afterMs: number, count: number): number[] {
  const out: number[] = [];
  let after = afterMs;
  while (out.length < count) {
    const next = nextRunAt(rule, after);
    if (next === null) break;
    out.push(next);
    after = next;
  }
  return out;
}

/**
 * The period a run reports on, relative to the local date of the run (spec issue 14: "yesterday,
 * last week, last month, month to date..."). Weeks start on Sunday, as everywhere in the product.
 * "To date" periods end at the start of the run's local day (the last complete day), so a run on the
 * first of a month reports the whole previous month.
 */
export const RELATIVE_PERIODS = [
  'yesterday',
  'today',
  'lastweek',
  'last7d',
  'last30d',
  'lastmonth',
  'weektodate',
  'monthtodate',
  'yeartodate',
  'lastyear',
] as const;
export type RelativePeriod = (typeof RELATIVE_PERIODS)[number];

export function relativePeriodRange(period: RelativePeriod, now: LocalMinute): LocalRange {
  const today = startOfDay(now);
  const yesterday = addDays(today, -1);
  switch (period) {
    case 'today':
      return { from: today, to: addDays(today, 1) };
    case 'yesterday':
      return { from: yesterday, to: today };
    case 'lastweek': {
      const week = startOfWeek(now);
      return { from: addDays(week, -7), to: week };
    }
    case 'last7d':
      return { from: addDays(today, -7), to: today };
    case 'last30d':
      return { from: addDays(today, -30), to: today };
    case 'lastmonth': {
      const month = startOfMonth(now);
      return { from: addMonths(month, -1), to: month };
    }
    case 'weektodate':
      return { from: startOfWeek(yesterday), to: today };
    case 'monthtodate':
      return { from: startOfMonth(yesterday), to: today };
    case 'yeartodate':
      return { from: startOfYear(yesterday), to: today };
    case 'lastyear': {
      const year = startOfYear(now);
      return { from: addMonths(year, -12), to: year };
    }
  }
}

/** The period of a run at instant `atMs` in the schedule's zone, as "YYYY-MM-DD HH:mm" wall-clock texts. */
export function runPeriod(
  period: RelativePeriod,
  timeZone: string,
  atMs: number,
): { from: string; to: string; range: LocalRange } {
  const range = relativePeriodRange(period, toLocalMinute(timeZone, atMs));
  return { from: formatLocal(range.from), to: formatLocal(range.to), range };
}

/** The number of local days of a range (for the UI's summary). */
export const rangeDays = (r: LocalRange) => dayIndex(r.to) - dayIndex(r.from);
