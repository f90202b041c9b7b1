import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  businessHoursState,
  liveViewLevel,
  placesLeft,
  thresholdProblem,
  type LiveViewLevel,
} from './live-view.js';
import { ALL_DAY, parseBusinessHours } from '../time/business-hours.js';

const s = { warningThreshold: 25, alertThreshold: 50, thresholdDelta: 0, isDeltaPercentage: false };

describe('liveViewLevel', () => {
  it('uses people counts: green below warning, amber from warning, red from alert', () => {
    expect(liveViewLevel(0, s)).toBe('normal');
    expect(liveViewLevel(24, s)).toBe('normal');
    expect(liveViewLevel(25, s)).toBe('warning');
    expect(liveViewLevel(49, s)).toBe('warning');
    expect(liveViewLevel(50, s)).toBe('alert');
    expect(liveViewLevel(500, s)).toBe('alert');
    expect(liveViewLevel(null, s)).toBe('normal');
  });

  it('steps down only below threshold minus delta (absolute or percentage)', () => {
    const abs = { ...s, thresholdDelta: 5 };
    expect(liveViewLevel(47, abs, 'alert')).toBe('alert');
    expect(liveViewLevel(45, abs, 'alert')).toBe('warning');
    expect(liveViewLevel(21, abs, 'warning')).toBe('warning');
    expect(liveViewLevel(20, abs, 'warning')).toBe('normal');
    expect(liveViewLevel(21, abs, 'alert')).toBe('warning');
    const pct = { ...s, thresholdDelta: 10, isDeltaPercentage: true };
    expect(liveViewLevel(46, pct, 'alert')).toBe('alert');
    expect(liveViewLevel(45, pct, 'alert')).toBe('warning');
  });

  it('never delays going up, and with delta 0 depends on the value alone', () => {
    const level = fc.constantFrom<LiveViewLevel>('normal', 'warning', 'alert');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 200 }),
        level,
        (a, b, delta, value, previous) => {
          const t = {
            warningThreshold: Math.min(a, b),
            alertThreshold: Math.max(a, b),
            thresholdDelta: delta,
            isDeltaPercentage: false,
          };
          const withoutHistory = liveViewLevel(value, t);
          const withHistory = liveViewLevel(value, t, previous);
          const rank = (l: LiveViewLevel) => ['normal', 'warning', 'alert'].indexOf(l);
          expect(rank(withHistory)).toBeGreaterThanOrEqual(rank(withoutHistory));
          if (delta === 0) expect(withHistory).toBe(withoutHistory);
          if (value >= t.alertThreshold) expect(withHistory).toBe('alert');
        },
      ),
    );
  });

  it('counts places left before red', () => {
    expect(placesLeft(10, s)).toBe(40);
    expect(placesLeft(60, s)).toBe(0);
    expect(placesLeft(null, s)).toBeNull();
  });

  it('rejects a warning above the alert and a percentage over 100', () => {
    expect(thresholdProblem({ ...s, warningThreshold: 60 })?.field).toBe('warningThreshold');
    expect(thresholdProblem({ ...s, thresholdDelta: 101, isDeltaPercentage: true })?.field).toBe(
      'thresholdDelta',
    );
    expect(thresholdProblem({ ...s, thresholdDelta: 101 })).toBeNull();
  });
});

describe('businessHoursState', () => {
  const hours = parseBusinessHours({ '1': [['09:00', '17:00']], '5': [['22:00', '02:00']] });

  it('knows when a location opens and closes, in its own zone', () => {
    // Monday 2025-03-03 08:00 in Toronto (13:00 UTC)
    const before = businessHoursState(hours, 'America/Toronto', Date.UTC(2025, 2, 3, 13, 0));
    expect(before).toEqual({ open: false, nextChangeAt: Date.UTC(2025, 2, 3, 14, 0) });
    const during = businessHoursState(hours, 'America/Toronto', Date.UTC(2025, 2, 3, 14, 0));
    expect(during).toEqual({ open: true, nextChangeAt: Date.UTC(2025, 2, 3, 22, 0) });
  });

  it('follows hours past midnight and across a DST change', () => {
    // Friday 2025-03-07 23:00 Toronto (EST, -5): open until Saturday 02:00 local
    const night = businessHoursState(hours, 'America/Toronto', Date.UTC(2025, 2, 8, 4, 0));
    expect(night).toEqual({ open: true, nextChangeAt: Date.UTC(2025, 2, 8, 7, 0) });
    // Saturday 03:00 local: next opening Monday 2025-03-10 09:00 EDT (-4) = 13:00 UTC
    const closed = businessHoursState(hours, 'America/Toronto', Date.UTC(2025, 2, 8, 8, 0));
    expect(closed).toEqual({ open: false, nextChangeAt: Date.UTC(2025, 2, 10, 13, 0) });
  });

  it('is always open with unknown hours', () => {
    expect(businessHoursState(ALL_DAY, 'UTC', Date.UTC(2025, 0, 1))).toEqual({
      open: true,
      nextChangeAt: null,
    });
  });
});
