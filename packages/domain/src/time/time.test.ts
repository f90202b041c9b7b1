import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonths,
  formatLocal,
  localMinute,
  localParts,
  parseLocal,
  startOfWeek,
  weekdayOf,
} from './local-time.js';
import { fromLocalMinute, offsetMinutesAt, toLocalMinute, utcWindowFor } from './zone.js';
import { intersectWindows, mergeWindows, parseBusinessHours } from './business-hours.js';

const ZONES = [
  'America/Toronto',
  'Europe/Paris',
  'Asia/Kolkata',
  'UTC',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
];
const arbLocal = fc.integer({ min: localMinute(2000, 1, 1), max: localMinute(2040, 1, 1) });
const arbUtcMs = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('local wall-clock arithmetic', () => {
  it('formats and parses back every minute', () => {
    fc.assert(fc.property(arbLocal, (lm) => parseLocal(formatLocal(lm)) === lm));
  });

  it('rejects malformed or impossible dates', () => {
    for (const bad of ['2024-02-30 00:00', '2024-13-01 00:00', '2024-01-01 24:00', '2024-1-1 00:00', 'x'])
      expect(parseLocal(bad)).toBeNull();
    expect(parseLocal('2024-02-29 23:59')).toBe(localMinute(2024, 2, 29, 23, 59));
  });

  it('starts weeks on Sunday, at most 6 days back', () => {
    fc.assert(
      fc.property(arbLocal, (lm) => {
        const w = startOfWeek(lm);
        return weekdayOf(w) === 0 && w <= lm && lm - w < 7 * 1440 && localParts(w).hour === 0;
      }),
    );
    expect(weekdayOf(localMinute(2024, 3, 10))).toBe(0);
  });

  it('shifts months on the calendar, clamping the day', () => {
    expect(formatLocal(addMonths(localMinute(2024, 1, 31, 10), 1))).toBe('2024-02-29 10:00');
    expect(formatLocal(addMonths(localMinute(2023, 3, 31), -1))).toBe('2023-02-28 00:00');
    fc.assert(
      fc.property(arbLocal, fc.integer({ min: -30, max: 30 }), (lm, n) => {
        const p = localParts(lm);
        const q = localParts(addMonths(lm, n));
        return q.year * 12 + q.month - (p.year * 12 + p.month) === n && q.day <= p.day && q.hour === p.hour;
      }),
    );
  });
});

describe('time zones', () => {
  it('knows the offsets of the zones we test with', () => {
    expect(offsetMinutesAt('America/Toronto', Date.UTC(2024, 0, 15))).toBe(-300);
    expect(offsetMinutesAt('America/Toronto', Date.UTC(2024, 6, 15))).toBe(-240);
    expect(offsetMinutesAt('Europe/Paris', Date.UTC(2024, 0, 15))).toBe(60);
    expect(offsetMinutesAt('Europe/Paris', Date.UTC(2024, 6, 15))).toBe(120);
    expect(offsetMinutesAt('Asia/Kolkata', Date.UTC(2024, 6, 15))).toBe(330);
  });

  it('reads back the local minute of any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), arbUtcMs, (tz, ms) => {
        const lm = toLocalMinute(tz, ms);
        const back = fromLocalMinute(tz, lm);
        // the first instant reading lm is this one or, in a repeated hour, an earlier one
        return (
          back.exists &&
          back.utcMs <= Math.floor(ms / 60_000) * 60_000 &&
          toLocalMinute(tz, back.utcMs) === lm
        );
      }),
    );
  });

  it('spots the spring-forward gap and the repeated autumn hour', () => {
    const gap = fromLocalMinute('America/Toronto', localMinute(2024, 3, 10, 2, 30));
    expect(gap.exists).toBe(false);
    expect(new Date(gap.utcMs).toISOString()).toBe('2024-03-10T07:00:00.000Z');
    const twice = fromLocalMinute('America/Toronto', localMinute(2024, 11, 3, 1, 30));
    expect(new Date(twice.utcMs).toISOString()).toBe('2024-11-03T05:30:00.000Z'); // the EDT reading
    expect(fromLocalMinute('Europe/Paris', localMinute(2024, 3, 31, 2, 15)).exists).toBe(false);
  });

  it('gives a UTC window holding every instant of a local range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        arbUtcMs,
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: -3000, max: 3000 }),
        (tz, ms, len, probe) => {
          const from = toLocalMinute(tz, ms);
          const w = utcWindowFor(tz, from, from + len);
          const t = ms + probe * 60_000;
          const lm = toLocalMinute(tz, t);
          const inside = lm >= from && lm < from + len;
          return !inside || (t >= w.fromMs && t < w.toMs);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('business hours', () => {
  it('parses several intervals, missing days closed, overnight spill', () => {
    const w = parseBusinessHours({
      '1': [
        ['09:00', '12:00'],
        ['13:00', '17:30'],
      ],
      '5': [['22:00', '02:00']],
    });
    expect(w[1]).toEqual([
      [540, 720],
      [780, 1050],
    ]);
    expect(w[0]).toEqual([]);
    expect(w[5]).toEqual([[1320, 1440]]);
    expect(w[6]).toEqual([[0, 120]]);
    expect(parseBusinessHours({ '2': [['08:00', '24:00']] })[2]).toEqual([[480, 1440]]);
    expect(() => parseBusinessHours({ '7': [] })).toThrow();
    expect(() => parseBusinessHours({ '1': [['9:00', '10:00']] })).toThrow();
  });

  const arbWindows = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 0, max: 1440 })), { maxLength: 6 })
    .map((ws) => mergeWindows(ws.map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number])));

  it('intersects windows exactly as minute-by-minute membership does', () => {
    const inside = (ws: [number, number][], m: number) => ws.some(([a, b]) => m >= a && m < b);
    fc.assert(
      fc.property(arbWindows, arbWindows, (a, b) => {
        const c = intersectWindows(a, b);
        for (let m = 0; m < 1440; m += 7) if (inside(c, m) !== (inside(a, m) && inside(b, m))) return false;
        return c.every(([x, y], i) => x < y && (i === 0 || c[i - 1]![1] <= x));
      }),
    );
  });
});

describe('spring-forward gaps', () => {
  it('finds the hour that never happens', async () => {
    const { springForwardGaps } = await import('./zone.js');
    const gaps = springForwardGaps('America/Toronto', localMinute(2024, 1, 1), localMinute(2025, 1, 1));
    expect(gaps.map((g) => [formatLocal(g.from), formatLocal(g.to)])).toEqual([
      ['2024-03-10 02:00', '2024-03-10 03:00'],
    ]);
    expect(springForwardGaps('Asia/Kolkata', localMinute(2024, 1, 1), localMinute(2025, 1, 1))).toEqual([]);
    const paris = springForwardGaps('Europe/Paris', localMinute(2024, 3, 31), localMinute(2024, 4, 1));
    expect(paris.map((g) => formatLocal(g.from))).toEqual(['2024-03-31 02:00']);
  });
});

describe('zone offsets over a window', () => {
  it('agree with Intl for every instant of the window', async () => {
    const { zoneOffsets } = await import('./zone.js');
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), arbUtcMs, (tz, ms) => {
        const offsets = zoneOffsets(tz, ms - 200 * 86_400_000, ms + 200 * 86_400_000);
        return offsets(ms) === offsetMinutesAt(tz, ms);
      }),
      { numRuns: 200 },
    );
  });
});
