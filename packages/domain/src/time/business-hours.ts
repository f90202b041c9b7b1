import { parseTimeOfDay } from './local-time.js';

/**
 * A location's business hours attribute: `{"0": [["09:00","17:00"], ...], ..., "6": [...]}`, weekday
 * 0 = Sunday, several intervals a day, a missing day closed. "24:00" or "00:00" as an end means
 * midnight; an interval ending before it starts runs past midnight into the next weekday.
 * A location without the attribute at all has unknown hours and counts as open all day.
 */
export type BusinessHoursAttribute = Record<string, [string, string][]>;

/** Per weekday (0-6), sorted disjoint [startMinute, endMinute) windows of the local day. */
export type WeekWindows = [number, number][][];

export const ALL_DAY: WeekWindows = Array.from({ length: 7 }, () => [[0, 1440]]);

export function mergeWindows(windows: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = windows.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Validates and normalises the attribute; throws with the offending weekday on bad input. */
export function parseBusinessHours(raw: unknown): WeekWindows {
  if (raw === undefined || raw === null) return ALL_DAY;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('businessHours must be an object');
  const days: [number, number][][] = Array.from({ length: 7 }, () => []);
  for (const [key, intervals] of Object.entries(raw as Record<string, unknown>)) {
    const weekday = Number(key);
    if (!/^[0-6]$/.test(key)) throw new Error(`businessHours: unknown weekday "${key}"`);
    if (!Array.isArray(intervals)) throw new Error(`businessHours.${key} must be a list`);
    for (const interval of intervals) {
      if (!Array.isArray(interval) || interval.length !== 2)
        throw new Error(`businessHours.${key}: bad interval`);
      const start = parseTimeOfDay(String(interval[0]));
      let end = parseTimeOfDay(String(interval[1]));
      if (start === null || end === null || start >= 1440) throw new Error(`businessHours.${key}: bad time`);
      if (end === 0) end = 1440;
      if (end > start) days[weekday]!.push([start, end]);
      else {
        days[weekday]!.push([start, 1440]);
        days[(weekday + 1) % 7]!.push([0, end]);
      }
    }
  }
  return days.map(mergeWindows);
}

/** Intersection of two sorted disjoint window lists. */
export function intersectWindows(
  a: readonly (readonly [number, number])[],
  b: readonly (readonly [number, number])[],
): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (lo < hi) out.push([lo, hi]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}
