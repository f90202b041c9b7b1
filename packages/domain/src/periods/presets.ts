import {
  addDays,
  addMonths,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  type LocalMinute,
} from '../time/local-time.js';
import { customRangeAggregation, type Aggregation, type LocalRange } from './ladder.js';
import { lastYearShift, previousPeriodShift, shiftRangeBack } from './comparisons.js';

/** Period presets of spec section 9 (default today). */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'lastweek',
  'last7d',
  'last14d',
  'last30d',
  'lastmonth',
  'lastyear',
  'currentweek',
  'currentmonth',
  'currentyear',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PERIOD_PRESET: PeriodPreset = 'today';

export interface ResolvedPeriod extends LocalRange {
  preset: PeriodPreset;
  aggregation: Aggregation;
  /** compared_last_period */
  previous: LocalRange;
  /** compared_last_year */
  lastYear: LocalRange;
  /** the stretch a forecast KPI covers beyond now, or null when the period has no future */
  forecast: LocalRange | null;
}

/**
 * Default aggregation of each preset. Only "today (hourly)" is fixed by the spec; the others follow
 * what the custom-range rule would give for a typical range of that kind, except that a week or a
 * 14-day window stays daily (7 or 14 points read better than one or two weekly ones).
 */
const PRESET_AGGREGATION: Record<Exclude<PeriodPreset, 'custom'>, Aggregation> = {
  today: 'PT1H',
  yesterday: 'PT1H',
  lastweek: 'P1D',
  last7d: 'P1D',
  last14d: 'P1D',
  last30d: 'P1D',
  lastmonth: 'P1D',
  lastyear: 'P1M',
  currentweek: 'P1D',
  currentmonth: 'P1D',
  currentyear: 'P1M',
};

/**
 * The range of a preset at local time `now` (the wall clock of the location or of the viewer).
 * "Last n days" are the n complete days before today; "last" week/month/year are the previous
 * calendar ones; "current" ones are the whole calendar period holding now (future part included,
 * so their later buckets are null). Weeks start on Sunday.
 */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, now: LocalMinute): LocalRange {
  const today = startOfDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: addDays(today, 1) };
    case 'yesterday':
      return { from: addDays(today, -1), to: today };
    case 'lastweek': {
      const week = startOfWeek(now);
      return { from: addDays(week, -7), to: week };
    }
    case 'last7d':
      return { from: addDays(today, -7), to: today };
    case 'last14d':
      return { from: addDays(today, -14), to: today };
    case 'last30d':
      return { from: addDays(today, -30), to: today };
    case 'lastmonth': {
      const month = startOfMonth(now);
      return { from: addMonths(month, -1), to: month };
    }
    case 'lastyear': {
      const year = startOfYear(now);
      return { from: addMonths(year, -12), to: year };
    }
    case 'currentweek': {
      const week = startOfWeek(now);
      return { from: week, to: addDays(week, 7) };
    }
    case 'currentmonth': {
      const month = startOfMonth(now);
      return { from: month, to: addMonths(month, 1) };
    }
    case 'currentyear': {
      const year = startOfYear(now);
      return { from: year, to: addMonths(year, 12) };
    }
  }
}

/**
 * Spec section 9: forecasts reach to the end of the day for today, to the end of the week for the
 * current week, and 7 days ahead for the current month and year (never past the period's end).
 * The forecast stretch starts at the current minute. Other presets lie in the past: null.
 */
export function forecastRange(preset: PeriodPreset, range: LocalRange, now: LocalMinute): LocalRange | null {
  let end: LocalMinute;
  switch (preset) {
    case 'today':
    case 'currentweek':
      end = range.to;
      break;
    case 'currentmonth':
    case 'currentyear':
      end = Math.min(range.to, addDays(startOfDay(now), 8));
      break;
    default:
      return null;
  }
  const from = Math.max(now, range.from);
  return from < end ? { from, to: end } : null;
}

/** Everything a period selector needs for a preset, or for a custom range (`custom` given). */
export function resolvePeriod(preset: PeriodPreset, now: LocalMinute, custom?: LocalRange): ResolvedPeriod {
  let range: LocalRange;
  let aggregation: Aggregation;
  if (preset === 'custom') {
    if (!custom || custom.to <= custom.from) throw new Error('custom period needs from < to');
    range = { from: custom.from, to: custom.to };
    aggregation = customRangeAggregation(range);
  } else {
    range = presetRange(preset, now);
    aggregation = PRESET_AGGREGATION[preset];
  }
  return {
    preset,
    ...range,
    aggregation,
    previous: shiftRangeBack(range, previousPeriodShift(range)),
    lastYear: shiftRangeBack(range, lastYearShift(range)),
    forecast: forecastRange(preset, range, now),
  };
}
