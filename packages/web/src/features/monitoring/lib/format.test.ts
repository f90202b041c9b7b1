import { describe, expect, it } from 'vitest';
import { ageText, percentText } from './format';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('ageText', () => {
  it('says the largest whole unit in the reader language', () => {
    expect(ageText('2026-03-10T11:59:30Z', now, 'en')).toBe('this minute');
    expect(ageText('2026-03-10T11:15:00Z', now, 'en')).toBe('45 minutes ago');
    expect(ageText('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(ageText('2026-03-08T12:00:00Z', now, 'fr')).toBe('avant-hier');
    expect(ageText('2026-03-05T12:00:00Z', now, 'es')).toBe('hace 5 días');
  });

  it('reads a time in the future as now', () => {
    expect(ageText('2026-03-10T12:05:00Z', now, 'en')).toBe('this minute');
  });
});

describe('percentText', () => {
  it('rounds to a whole percentage, a dash when nothing was expected', () => {
    expect(percentText(0.976, 'en')).toBe('98%');
    expect(percentText(1, 'fr')).toMatch(/^100\s%$/);
    expect(percentText(null, 'en')).toBe('—');
  });
});
