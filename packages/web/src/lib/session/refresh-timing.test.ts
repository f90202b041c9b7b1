import { describe, expect, it } from 'vitest';
import { refreshDelayMs } from './refresh-timing';

describe('token refresh timing', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('runs at 75% of the remaining lifetime', () => {
    expect(refreshDelayMs(new Date(now + 15 * 60_000), now)).toBe(675_000);
    expect(refreshDelayMs(new Date(now + 60_000).toISOString(), now)).toBe(45_000);
  });
  it('waits at least 10 s, even for an expired token', () => {
    expect(refreshDelayMs(new Date(now + 8_000), now)).toBe(10_000);
    expect(refreshDelayMs(new Date(now - 60_000), now)).toBe(10_000);
    expect(refreshDelayMs('not a date', now)).toBe(10_000);
  });
});
