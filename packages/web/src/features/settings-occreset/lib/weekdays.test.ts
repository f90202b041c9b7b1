import { describe, expect, it } from 'vitest';
import { describeDays, weekdayNames } from './weekdays';

describe('weekday names', () => {
  it('starts on Sunday in each language', () => {
    expect(weekdayNames('en', 'long')[0]).toBe('Sunday');
    expect(weekdayNames('fr', 'long')[1]).toBe('lundi');
    expect(weekdayNames('es', 'long')[6]).toBe('sábado');
  });
  it('describes every day, or the days Monday first', () => {
    const names = weekdayNames('en');
    expect(describeDays([0, 1, 2, 3, 4, 5, 6], names, 'Every day')).toBe('Every day');
    expect(describeDays([0, 1, 5], names, 'Every day')).toBe('Mon, Fri, Sun');
  });
});
