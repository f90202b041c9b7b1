import { describe, expect, it } from 'vitest';
import { frequencyText, instantText, looksLikeEmail, weekdayNames } from './schedule-text';

const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars ?? {})}`;

describe('schedule texts', () => {
  it('names weekdays from Sunday in each language', () => {
    expect(weekdayNames('en')[0]).toBe('Sun');
    expect(weekdayNames('fr', 'long')[1]).toBe('lundi');
    expect(weekdayNames('es', 'long')[6]).toBe('sábado');
  });

  it('describes each frequency with its days and time', () => {
    expect(
      frequencyText({ frequency: 'daily', time: '07:00', weekdays: [], dayOfMonth: null }, t, 'en'),
    ).toBe('sched_when_daily {"time":"07:00"}');
    expect(
      frequencyText({ frequency: 'weekly', time: '08:30', weekdays: [1, 5], dayOfMonth: null }, t, 'en'),
    ).toBe('sched_when_weekly {"days":"Mon, Fri","time":"08:30"}');
    expect(
      frequencyText({ frequency: 'monthly', time: '06:00', weekdays: [], dayOfMonth: 31 }, t, 'en'),
    ).toBe('sched_when_monthly {"day":31,"time":"06:00"}');
  });

  it('shows an instant on the wall clock of the schedule zone', () => {
    // 05:00Z is 07:00 in Paris after the spring-forward change
    expect(instantText('2025-03-31T05:00:00Z', 'Europe/Paris', 'en')).toContain('07:00');
    expect(instantText('2025-03-31T05:00:00Z', 'America/Toronto', 'en')).toContain('01:00');
  });

  it('accepts plausible addresses only', () => {
    expect(looksLikeEmail('boss@example.com')).toBe(true);
    expect(looksLikeEmail('boss@example')).toBe(false);
    expect(looksLikeEmail('no one@example.com')).toBe(false);
  });
});
