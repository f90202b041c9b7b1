import { findFormula } from '../kpi/formulas.js';
import type { ObjectivePeriodType } from '../contracts/objectives.js';
import {
  addDays,
  addMonths,
  localParts,
  MINUTES_PER_DAY,
  parseLocal,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  weekdayOf,
  type LocalMinute,
} from '../time/local-time.js';
import { fromLocalMinute } from '../time/zone.js';
import { intersectWindows, type WeekWindows } from '../time/business-hours.js';
import type { LocalRange } from '../periods/ladder.js';

/**
 * Pro-rating objectives (issue 15). The rule we chose:
 * - An objective of a period (a day, a week, a month, a year) is spread over that period by the
 *   location's **business minutes**: each real minute inside the location's business hours weighs the
 *   same, minutes outside weigh nothing. Real minutes: a spring-forward day loses the hour the clock
 *   skips, a fall-back day counts its repeated hour twice (both land in the same local bucket, like
 *   the counts). A period without any business minute (a closed day, a location whose hours are
 *   empty) is spread evenly over its real minutes instead, so no objective is ever lost.
 * - A period cut by the objective's start or end date keeps the share of its own value that falls
 *   inside the dates (a monthly objective starting on the 16th gives the second half's share).
 * - Additive KPIs (base KPIs summed: traffic, sales, transactions...) add the shares of every bucket;
 *   ratios and averages (conversion rate, average sale, UPT, SPH, dwell time...) are levels: a
 *   bucket's objective is the mean of the objectives in force, weighted by the same business minutes.
 */

/** An objective's dates and values, in local minutes. */
export interface ObjectiveSpan {
  periodType: ObjectivePeriodType;
  /** first day's start (inclusive) */
  from: LocalMinute;
  /** the day after the end date (exclusive) */
  to: LocalMinute;
  value: number | null;
  weekdayValues: readonly number[] | null;
}

/** Where an objective applies: the location's zone and business hours (ALL_DAY when unknown). */
export interface ObjectivePlace {
  timeZone: string;
  hours: WeekWindows;
}

/** Additive KPIs sum over time; the others are levels (rates, averages, maxima). */
export function isAdditiveKpi(kpi: string): boolean {
  const f = findFormula(kpi);
  return !!f && !f.derived && f.aggregateFunctions.length === 1 && f.aggregateFunctions[0] === 'Sum';
}

/** "YYYY-MM-DD" to the local minute the day starts; the end date gives the next day's start. */
export function dateToLocal(date: string): LocalMinute {
  return parseLocal(`${date} 00:00`)!;
}
export function spanOf(o: {
  periodType: ObjectivePeriodType;
  startDate: string;
  endDate: string;
  value: number | null;
  weekdayValues: readonly number[] | null;
}): ObjectiveSpan {
  return {
    periodType: o.periodType,
    from: dateToLocal(o.startDate),
    to: addDays(dateToLocal(o.endDate), 1),
    value: o.value,
    weekdayValues: o.weekdayValues,
  };
}

/** fromLocalMinute is a few Intl calls: pro-rating a month by the hour asks the same minutes often. */
const instants = new Map<string, number>();
function instantOf(zone: string, lm: LocalMinute): number {
  const key = `${zone}|${lm}`;
  let v = instants.get(key);
  if (v === undefined) {
    if (instants.size > 200_000) instants.clear();
    v = fromLocalMinute(zone, lm).utcMs;
    instants.set(key, v);
  }
  return v;
}

/** Real minutes the wall clock spends in [a, b) local. */
export function realMinutes(zone: string, a: LocalMinute, b: LocalMinute): number {
  if (b <= a) return 0;
  return (instantOf(zone, b) - instantOf(zone, a)) / 60_000;
}

/** Weights of whole period instances, per place (the denominator every bucket of a month shares). */
const wholeWeights = new WeakMap<ObjectivePlace, Map<string, number>>();
function wholeWeight(place: ObjectivePlace, instance: LocalRange): number {
  let m = wholeWeights.get(place);
  if (!m) wholeWeights.set(place, (m = new Map()));
  const key = `${instance.from}|${instance.to}`;
  let v = m.get(key);
  if (v === undefined) {
    v = businessMinutes(place, instance.from, instance.to);
    m.set(key, v);
  }
  return v;
}

/** Real business minutes in [a, b): the location's windows of each local day, intersected. */
export function businessMinutes(place: ObjectivePlace, a: LocalMinute, b: LocalMinute): number {
  let total = 0;
  for (let day = startOfDay(a); day < b; day = addDays(day, 1)) {
    const lo = Math.max(a, day) - day;
    const hi = Math.min(b, day + MINUTES_PER_DAY) - day;
    for (const [s, e] of intersectWindows(place.hours[weekdayOf(day)] ?? [], [[lo, hi]]))
      total += realMinutes(place.timeZone, day + s, day + e);
  }
  return total;
}

/** The period instance holding `lm`. */
function periodAt(type: ObjectivePeriodType, lm: LocalMinute): LocalRange {
  switch (type) {
    case 'day':
    case 'weekday':
      return { from: startOfDay(lm), to: addDays(startOfDay(lm), 1) };
    case 'week':
      return { from: startOfWeek(lm), to: addDays(startOfWeek(lm), 7) };
    case 'month':
      return { from: startOfMonth(lm), to: addMonths(startOfMonth(lm), 1) };
    case 'year':
      return { from: startOfYear(lm), to: addMonths(startOfYear(lm), 12) };
  }
}

function instanceValue(o: ObjectiveSpan, instance: LocalRange): number | null {
  if (o.periodType === 'weekday') return o.weekdayValues?.[weekdayOf(instance.from)] ?? null;
  return o.value;
}

/**
 * The pieces of `range` an objective covers: per period instance, the covered stretch, the
 * instance's value and its weight (business minutes of the whole instance, or real minutes when it
 * has none, with `even` telling which).
 */
function* pieces(o: ObjectiveSpan, range: LocalRange, place: ObjectivePlace) {
  const from = Math.max(range.from, o.from);
  const to = Math.min(range.to, o.to);
  let at = from;
  while (at < to) {
    const instance = periodAt(o.periodType, at);
    const end = Math.min(instance.to, to);
    const value = instanceValue(o, instance);
    if (value !== null) {
      const whole = wholeWeight(place, instance);
      const even = whole === 0;
      const weigh = (a: number, b: number) =>
        even ? realMinutes(place.timeZone, a, b) : businessMinutes(place, a, b);
      yield {
        from: at,
        to: end,
        value,
        whole: even ? realMinutes(place.timeZone, instance.from, instance.to) : whole,
        weigh,
      };
    }
    at = end;
  }
}

/**
 * The objective for [range.from, range.to) (or for the union of several disjoint ranges: the parts of
 * a range a query's filters keep): null when no objective covers any of it.
 * Additive: the sum of each covered piece's share. Level: the mean of the values in force, weighted
 * by business minutes (real minutes where the stretch has none).
 */
export function objectiveFor(
  objectives: readonly ObjectiveSpan[],
  range: LocalRange | readonly LocalRange[],
  place: ObjectivePlace,
  additive: boolean,
): number | null {
  let covered = false;
  let sum = 0;
  let weightSum = 0;
  let evenSum = 0;
  let evenWeight = 0;
  // a query's day filters cut a range into the stretches they keep (periods/filters.ts)
  const parts: readonly LocalRange[] = 'from' in range ? [range] : range;
  for (const o of objectives) {
    for (const p of parts.flatMap((part) => [...pieces(o, part, place)])) {
      covered = true;
      const w = p.weigh(p.from, p.to);
      if (additive) {
        if (p.whole > 0) sum += (p.value * w) / p.whole;
      } else {
        sum += p.value * businessMinutes(place, p.from, p.to);
        weightSum += businessMinutes(place, p.from, p.to);
        const real = realMinutes(place.timeZone, p.from, p.to);
        evenSum += p.value * real;
        evenWeight += real;
      }
    }
  }
  if (!covered) return null;
  if (additive) return sum;
  if (weightSum > 0) return sum / weightSum;
  return evenWeight > 0 ? evenSum / evenWeight : null;
}

/** Each bucket's objective (see `objectiveFor`). */
export function objectiveSeries(
  objectives: readonly ObjectiveSpan[],
  buckets: readonly LocalRange[],
  place: ObjectivePlace,
  additive: boolean,
): (number | null)[] {
  return buckets.map((b) => objectiveFor(objectives, b, place, additive));
}

/** Whether two objectives' date ranges share a day. */
export const spansOverlap = (a: LocalRange, b: LocalRange) => a.from < b.to && b.from < a.to;

/** The calendar label of a local minute's month, e.g. "2026-03" (the grid editor's columns). */
export function monthKey(lm: LocalMinute): string {
  const p = localParts(lm);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}
