import { describe, expect, it } from 'vitest';
import { localMinute } from '@footfall/domain';
import { clampSameDay, pickRangeDay, validateCustomPeriod } from './custom-period';

const at = (d: number, h: number, m = 0) => localMinute(2026, 3, d, h, m);

describe('custom period rules (spec section 5)', () => {
  it('needs an end at least one minute after the start', () => {
    expect(validateCustomPeriod({ from: at(2, 9), to: at(2, 9), applyToEachDay: false })).toBe(
      'custom_error',
    );
    expect(validateCustomPeriod({ from: at(2, 9), to: at(1, 9), applyToEachDay: false })).toBe(
      'custom_error',
    );
    expect(validateCustomPeriod({ from: at(2, 9), to: at(2, 9, 1), applyToEachDay: false })).toBeNull();
    expect(validateCustomPeriod({ from: null, to: at(2, 9), applyToEachDay: false })).toBe('custom_error');
  });

  it('applied to each day, the start time must be before the end time', () => {
    expect(validateCustomPeriod({ from: at(1, 18), to: at(5, 9), applyToEachDay: true })).toBe(
      'custom_error',
    );
    expect(validateCustomPeriod({ from: at(1, 9), to: at(5, 18), applyToEachDay: true })).toBeNull();
    expect(validateCustomPeriod({ from: at(1, 9), to: at(5, 0), applyToEachDay: true })).toBeNull();
  });

  it('clamps same-day times to each other, the side just picked wins', () => {
    expect(clampSameDay(at(2, 15), at(2, 10), 'from')).toEqual({ from: at(2, 15), to: at(2, 15) });
    expect(clampSameDay(at(2, 15), at(2, 10), 'to')).toEqual({ from: at(2, 10), to: at(2, 10) });
    expect(clampSameDay(at(1, 15), at(2, 10), 'from')).toEqual({ from: at(1, 15), to: at(2, 10) });
  });
});

describe('range calendar clicks', () => {
  const day = (d: number) => at(d, 0);
  it('sets the start day at 00:00, then the end day at 23:59', () => {
    const first = pickRangeDay({ from: null, to: null }, day(10), 'from');
    expect(first).toEqual({ from: at(10, 0), to: null, picking: 'to' });
    expect(pickRangeDay(first, day(12), 'to')).toEqual({
      from: at(10, 0),
      to: at(12, 23, 59),
      picking: 'from',
    });
    // a one-day range
    expect(pickRangeDay(first, day(10), 'to')).toEqual({
      from: at(10, 0),
      to: at(10, 23, 59),
      picking: 'from',
    });
  });
  it('keeps the times already entered', () => {
    const range = { from: at(3, 9, 30), to: at(5, 18) };
    const start = pickRangeDay(range, day(4), 'from');
    expect(start).toEqual({ from: at(4, 9, 30), to: at(5, 18), picking: 'to' });
    expect(pickRangeDay(start, day(8), 'to')).toEqual({ from: at(4, 9, 30), to: at(8, 18), picking: 'from' });
  });
  it('starts again from a second click before the start, and drops an end before a new start', () => {
    const first = pickRangeDay({ from: null, to: null }, day(10), 'from');
    expect(pickRangeDay(first, day(7), 'to')).toEqual({ from: at(7, 0), to: null, picking: 'to' });
    expect(pickRangeDay({ from: at(1, 8), to: at(3, 17) }, day(5), 'from')).toEqual({
      from: at(5, 8),
      to: null,
      picking: 'to',
    });
  });
  it('never answers a range the rules refuse once both ends are set', () => {
    for (const [a, b] of [
      [1, 1],
      [1, 2],
      [2, 9],
    ] as const) {
      const r = pickRangeDay(pickRangeDay({ from: null, to: null }, day(a), 'from'), day(b), 'to');
      expect(validateCustomPeriod({ from: r.from, to: r.to, applyToEachDay: false })).toBeNull();
    }
  });
});
