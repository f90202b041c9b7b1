import { describe, expect, it } from 'vitest';
import { localMinute } from '@footfall/domain';
import { clampSameDay, validateCustomPeriod } from './custom-period';

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
