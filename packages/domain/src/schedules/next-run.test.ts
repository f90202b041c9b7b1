import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLocal } from '../time/local-time.js';
import { toLocalMinute } from '../time/zone.js';
import { nextRunAt, nextRuns, relativePeriodRange, runPeriod, type ScheduleRule } from './next-run.js';
import { parseLocal } from '../time/local-time.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'daily',
  time: '07:00',
  weekdays: [],
  dayOfMonth: null,
  timeZone: 'Europe/Paris',
  ...r,
});
/** The wall clock of an instant in a zone, with Intl (independent of the code under test). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const wallClock = (ms: number, timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f)
    formatters.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        weekday: 'short',
      })),
    );
  const parts = f.formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return {
    text: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
    day: Number(get('day')),
  };
};

describe('nextRunAt', () => {
  it('daily: the next 07:00 in the zone, today when still ahead, else tomorrow', () => {
    // 2025-06-02 05:00Z = 07:00 Paris (UTC+2)
    expect(iso(nextRunAt(rule({}), Date.parse('2025-06-02T04:59:00Z')))).toBe('2025-06-02T05:00:00.000Z');
    expect(iso(nextRunAt(rule({}), Date.parse('2025-06-02T05:00:00Z')))).toBe('2025-06-03T05:00:00.000Z');
  });

  it('spring forward (Paris 2025-03-30, 02:00 -> 03:00): 02:30 runs when the clock jumps, 07:00 at UTC+2', () => {
    const r = rule({ time: '02:30' });
    expect(nextRuns(r, Date.parse('2025-03-29T00:00:00Z'), 3).map(iso)).toEqual([
      '2025-03-29T01:30:00.000Z', // UTC+1
      '2025-03-30T01:00:00.000Z', // 03:00 local, the jump
      '2025-03-31T00:30:00.000Z', // UTC+2
    ]);
    expect(nextRuns(rule({}), Date.parse('2025-03-29T00:00:00Z'), 3).map(iso)).toEqual([
      '2025-03-29T06:00:00.000Z',
      '2025-03-30T05:00:00.000Z',
      '2025-03-31T05:00:00.000Z',
    ]);
  });

  it('fall back (Paris 2025-10-26, 03:00 -> 02:00): 02:30 runs once, at its first occurrence', () => {
    const r = rule({ time: '02:30' });
    expect(nextRuns(r, Date.parse('2025-10-25T12:00:00Z'), 2).map(iso)).toEqual([
      '2025-10-26T00:30:00.000Z',
      '2025-10-27T01:30:00.000Z',
    ]);
    // between the two 02:30s the next run is the next day's, not the repeated hour
    expect(iso(nextRunAt(r, Date.parse('2025-10-26T01:00:00Z')))).toBe('2025-10-27T01:30:00.000Z');
  });

  it('Toronto (2025-03-09 and 2025-11-02): a 23-hour and a 25-hour week stay at 08:00 local', () => {
    const r = rule({ frequency: 'weekly', weekdays: [0, 1], time: '08:00', timeZone: 'America/Toronto' });
    expect(nextRuns(r, Date.parse('2025-03-08T00:00:00Z'), 2).map(iso)).toEqual([
      '2025-03-09T12:00:00.000Z', // Sunday, already EDT (UTC-4)
      '2025-03-10T12:00:00.000Z',
    ]);
    expect(nextRuns(r, Date.parse('2025-11-01T00:00:00Z'), 2).map(iso)).toEqual([
      '2025-11-02T13:00:00.000Z', // Sunday, back on EST (UTC-5)
      '2025-11-03T13:00:00.000Z',
    ]);
  });

  it('weekly: only the chosen weekdays; none chosen never runs', () => {
    const r = rule({ frequency: 'weekly', weekdays: [1, 5], timeZone: 'UTC' });
    // 2025-06-01 is a Sunday
    expect(nextRuns(r, Date.parse('2025-06-01T00:00:00Z'), 3).map(iso)).toEqual([
      '2025-06-02T07:00:00.000Z',
      '2025-06-06T07:00:00.000Z',
      '2025-06-09T07:00:00.000Z',
    ]);
    expect(nextRunAt(rule({ frequency: 'weekly', weekdays: [] }), 0)).toBeNull();
  });

  it('monthly: the day of the month, the last day of a shorter month', () => {
    const r = rule({ frequency: 'monthly', dayOfMonth: 31, timeZone: 'UTC', time: '06:00' });
    expect(nextRuns(r, Date.parse('2025-01-01T00:00:00Z'), 4).map(iso)).toEqual([
      '2025-01-31T06:00:00.000Z',
      '2025-02-28T06:00:00.000Z',
      '2025-03-31T06:00:00.000Z',
      '2025-04-30T06:00:00.000Z',
    ]);
    const leap = rule({ frequency: 'monthly', dayOfMonth: 30, timeZone: 'UTC' });
    expect(iso(nextRunAt(leap, Date.parse('2028-02-01T00:00:00Z')))).toBe('2028-02-29T07:00:00.000Z');
  });

  it('property: each run is the first later instant the zone reads the time on a kept date', () => {
    const zones = ['Europe/Paris', 'America/Toronto', 'America/Vancouver', 'Australia/Sydney', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('daily', 'weekly', 'monthly'),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 1, max: 31 }),
        (timeZone, after, h, m, frequency, weekdays, dayOfMonth) => {
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const r = rule({ frequency, time, weekdays, dayOfMonth, timeZone });
          const next = nextRunAt(r, after)!;
          expect(next).toBeGreaterThan(after);
          // brute force: walk the minutes after `after` until the wall clock reads `time` on a kept date
          // (or has just jumped over it on a spring-forward date)
          const keeps = (ms: number) => {
            const w = wallClock(ms, timeZone);
            if (frequency === 'weekly') return weekdays.includes(w.weekday);
            if (frequency === 'monthly') {
              const d = new Date(Date.parse(`${w.text.slice(0, 10)}T00:00:00Z`));
              const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
              return w.day === Math.min(dayOfMonth, last);
            }
            return true;
          };
          const w = wallClock(next, timeZone);
          expect(keeps(next)).toBe(true);
          // the run reads `time`, or a later time right after a jump over it
          if (w.text.slice(11) !== time) {
            const before = wallClock(next - 60_000, timeZone).text.slice(11);
            expect(before < time && w.text.slice(11) > time).toBe(true);
          }
          // no earlier instant after `after` qualifies (back to `after`, 3 days at most; these zones'
          // offsets are whole hours, so only instants of UTC minute m can read `time`)
          const start = Math.max(after + 1, next - 3 * 86_400_000);
          let t0 = Math.floor(start / 3_600_000) * 3_600_000 + m * 60_000;
          if (t0 < start) t0 += 3_600_000;
          for (let t = t0; t < next; t += 3_600_000) {
            const wt = wallClock(t, timeZone);
            if (wt.text.slice(11) === time && keeps(t)) {
              // only a repeated (fall-back) reading of a date that already ran may qualify
              const first = wallClock(t - 3_600_000, timeZone).text;
              expect(first.slice(0, 10) === wt.text.slice(0, 10) && first.slice(11) <= time).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('relative periods', () => {
  const at = (text: string) => parseLocal(text)!;
  const show = (r: { from: number; to: number }) => `${formatLocal(r.from)} - ${formatLocal(r.to)}`;

  it('resolve on the local date of the run (weeks start on Sunday)', () => {
    // Wednesday 2025-06-04 07:00
    const now = at('2025-06-04 07:00');
    expect(show(relativePeriodRange('yesterday', now))).toBe('2025-06-03 00:00 - 2025-06-04 00:00');
    expect(show(relativePeriodRange('lastweek', now))).toBe('2025-05-25 00:00 - 2025-06-01 00:00');
    expect(show(relativePeriodRange('lastmonth', now))).toBe('2025-05-01 00:00 - 2025-06-01 00:00');
    expect(show(relativePeriodRange('monthtodate', now))).toBe('2025-06-01 00:00 - 2025-06-04 00:00');
    expect(show(relativePeriodRange('weektodate', now))).toBe('2025-06-01 00:00 - 2025-06-04 00:00');
    expect(show(relativePeriodRange('last7d', now))).toBe('2025-05-28 00:00 - 2025-06-04 00:00');
    expect(show(relativePeriodRange('yeartodate', now))).toBe('2025-01-01 00:00 - 2025-06-04 00:00');
  });

  it('"to date" on the first day of a month is the whole previous month', () => {
    expect(show(relativePeriodRange('monthtodate', at('2025-07-01 06:00')))).toBe(
      '2025-06-01 00:00 - 2025-07-01 00:00',
    );
  });

  it('runPeriod reads the instant on the zone wall clock (Toronto 00:30 local is 04:30Z)', () => {
    const p = runPeriod('yesterday', 'America/Toronto', Date.parse('2025-06-04T04:30:00Z'));
    expect([p.from, p.to]).toEqual(['2025-06-03 00:00', '2025-06-04 00:00']);
    expect(formatLocal(toLocalMinute('America/Toronto', Date.parse('2025-06-04T04:30:00Z')))).toBe(
      '2025-06-04 00:30',
    );
  });
});
