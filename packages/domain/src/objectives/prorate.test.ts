import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  businessMinutes,
  isAdditiveKpi,
  objectiveFor,
  objectiveSeries,
  spanOf,
  type ObjectivePlace,
} from './prorate.js';
import { ALL_DAY, parseBusinessHours, type WeekWindows } from '../time/business-hours.js';
import { addDays, localMinute, MINUTES_PER_DAY, weekdayOf } from '../time/local-time.js';
import { toLocalMinute } from '../time/zone.js';
import { enumerateBuckets } from '../periods/ladder.js';

/**
 * The independent computation: walk every real UTC minute around the range, read it on the
 * location's wall clock with Intl (toLocalMinute) and weigh it 1 when that reading lies in the
 * business hours of its weekday. A repeated autumn hour is walked twice, a skipped spring hour never.
 */
const readings = new Map<string, number[]>();
/** The wall-clock reading of every real hour from a day before to a day after the month (cached). */
function hourReadings(zone: string, a: number): number[] {
  const key = `${zone}|${a}`;
  if (!readings.has(key)) {
    const out: number[] = [];
    for (let utc = (a - 2 * 1440) * 60_000; utc < (a + 35 * 1440) * 60_000; utc += 3_600_000)
      out.push(toLocalMinute(zone, utc));
    readings.set(key, out);
  }
  return readings.get(key)!;
}
/** Business hours and DST shifts here fall on whole hours, so walking real hours is exact. */
function bruteWeight(place: ObjectivePlace, a: number, b: number, even = false, monthStart = a): number {
  let n = 0;
  for (const lm of hourReadings(place.timeZone, monthStart)) {
    if (lm < a || lm >= b) continue;
    const mod = ((lm % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
    if (even || (place.hours[weekdayOf(lm)] ?? []).some(([s, e]) => mod >= s && mod < e)) n += 60;
  }
  return n;
}

const toronto = (hours: WeekWindows = ALL_DAY): ObjectivePlace => ({ timeZone: 'America/Toronto', hours });
const month = (startDate: string, endDate: string, value: number) =>
  spanOf({ periodType: 'month', startDate, endDate, value, weekdayValues: null });

describe('objective pro-rating', () => {
  it('spreads a DST month (March 2026, Toronto) over its days by real minutes when open all day', () => {
    const place = toronto();
    const o = [month('2026-03-01', '2026-03-31', 7430)];
    const days = enumerateBuckets({ from: localMinute(2026, 3, 1), to: localMinute(2026, 4, 1) }, 'P1D');
    const shares = objectiveSeries(o, days, place, true);
    const total = bruteWeight(place, days[0]!.from, days.at(-1)!.to);
    expect(total).toBe(31 * 1440 - 60);
    days.forEach((d, i) =>
      expect(shares[i]).toBeCloseTo(
        (7430 * bruteWeight(place, d.from, d.to, false, days[0]!.from)) / total,
        9,
      ),
    );
    // March 8th, the spring-forward day, is 23 hours long: its share is 23/24 of another day's
    expect(shares[7]! / shares[8]!).toBeCloseTo(23 / 24, 12);
    expect(shares.reduce((a, b) => a! + b!, 0)).toBeCloseTo(7430, 9);
  });

  it('spreads a month by business hours: closed days get nothing, the autumn DST day counts its hours', () => {
    const hours = parseBusinessHours({
      '1': [['00:00', '04:00']],
      '0': [['00:00', '03:00']],
      '6': [['10:00', '18:00']],
    });
    const place = toronto(hours);
    const o = [month('2026-11-01', '2026-11-30', 1000)];
    const hoursOfDay = enumerateBuckets(
      { from: localMinute(2026, 11, 1), to: localMinute(2026, 11, 2) },
      'PT1H',
    );
    const shares = objectiveSeries(o, hoursOfDay, place, true);
    const total = bruteWeight(place, localMinute(2026, 11, 1), localMinute(2026, 12, 1));
    // Sunday November 1st 2026: 01:00-02:00 happens twice in Toronto
    expect(shares[1]).toBeCloseTo((1000 * 120) / total, 9);
    expect(shares[0]).toBeCloseTo((1000 * 60) / total, 9);
    expect(shares[5]).toBe(0);
    // Tuesday the 3rd is closed
    expect(
      objectiveFor(o, { from: localMinute(2026, 11, 3), to: localMinute(2026, 11, 4) }, place, true),
    ).toBe(0);
  });

  it('property: bucket shares equal the brute-force weights and add up to the objective', () => {
    const zones = ['America/Toronto', 'Europe/Paris', 'Australia/Sydney', 'UTC', 'America/Los_Angeles'];
    const window = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }))
      .map(([s, len]) => [
        `${String(s).padStart(2, '0')}:00`,
        `${String(Math.min(24, s + len)).padStart(2, '0')}:00`,
      ]);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.dictionary(fc.constantFrom('0', '1', '2', '3', '4', '5', '6'), fc.array(window, { maxLength: 2 })),
        fc.integer({ min: 2024, max: 2027 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('month', 'week', 'day'),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (zone, rawHours, year, m, periodType, value) => {
          const place: ObjectivePlace = { timeZone: zone, hours: parseBusinessHours(rawHours) };
          const from = localMinute(year, m, 1);
          const to = localMinute(year, m + 1, 1);
          const start = `${year}-${String(m).padStart(2, '0')}-01`;
          const endDay = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
          const o = [
            spanOf({
              periodType: periodType as 'month',
              startDate: start,
              endDate: endDay,
              value,
              weekdayValues: null,
            }),
          ];
          const days = enumerateBuckets({ from, to }, 'P1D');
          const shares = objectiveSeries(o, days, place, true);
          if (periodType === 'month') {
            const whole = bruteWeight(place, from, to);
            const even = whole === 0;
            const total = even ? bruteWeight(place, from, to, true) : whole;
            days.forEach((d, i) =>
              expect(shares[i]).toBeCloseTo(
                (value * bruteWeight(place, d.from, d.to, even, from)) / total,
                6,
              ),
            );
          }
          if (periodType === 'day') shares.forEach((s) => expect(s).toBeCloseTo(value, 6));
          const sum = shares.reduce((a, b) => a! + b!, 0)!;
          expect(sum).toBeCloseTo(objectiveFor(o, { from, to }, place, true)!, 6);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('property: a level KPI (a rate) keeps its value in every covered bucket, null outside', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 27 }),
        (rate, day) => {
          const o = [
            spanOf({
              periodType: 'month',
              startDate: '2026-03-01',
              endDate: '2026-03-31',
              value: rate,
              weekdayValues: null,
            }),
          ];
          const place = toronto(parseBusinessHours({ '1': [['09:00', '17:00']] }));
          const d = localMinute(2026, 3, day);
          expect(objectiveFor(o, { from: d, to: addDays(d, 2) }, place, false)).toBeCloseTo(rate, 9);
          expect(
            objectiveFor(
              o,
              { from: localMinute(2026, 4, day), to: localMinute(2026, 4, day + 1) },
              place,
              false,
            ),
          ).toBeNull();
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives a weekday pattern each day its weekday value, and keeps a cut month to the share of its dates', () => {
    const place = toronto();
    const week = [1, 2, 3, 4, 5, 6, 7];
    const o = [
      spanOf({
        periodType: 'weekday',
        startDate: '2026-06-01',
        endDate: '2026-06-30',
        value: null,
        weekdayValues: week,
      }),
    ];
    for (let d = 1; d <= 30; d++) {
      const from = localMinute(2026, 6, d);
      expect(objectiveFor(o, { from, to: addDays(from, 1) }, place, true)).toBeCloseTo(
        week[weekdayOf(from)]!,
        9,
      );
    }
    const half = [month('2026-06-16', '2026-06-30', 3000)];
    expect(
      objectiveFor(half, { from: localMinute(2026, 6, 1), to: localMinute(2026, 7, 1) }, place, true),
    ).toBeCloseTo(1500, 9);
    expect(businessMinutes(place, localMinute(2026, 6, 1), localMinute(2026, 6, 2))).toBe(1440);
  });

  it('treats summed base KPIs as additive and rates as levels', () => {
    expect(isAdditiveKpi('TrafficIn')).toBe(true);
    expect(isAdditiveKpi('Sales')).toBe(true);
    expect(isAdditiveKpi('ConversionRate')).toBe(false);
    expect(isAdditiveKpi('DwellTime')).toBe(false);
  });
});
