import { describe, expect, it } from 'vitest';
import { localDatesBack } from './local-dates';

describe('localDatesBack', () => {
  it("counts days in the device's own time zone, up to tomorrow", () => {
    // 03:00 UTC on March 10 is still March 9 in Vancouver
    const now = Date.parse('2026-03-10T03:00:00Z');
    expect(localDatesBack('America/Vancouver', 7, now)).toEqual({ from: '2026-03-03', to: '2026-03-10' });
    expect(localDatesBack('Europe/Paris', 1, now)).toEqual({ from: '2026-03-10', to: '2026-03-11' });
  });

  it('crosses month ends', () => {
    expect(localDatesBack('UTC', 31, Date.parse('2026-03-01T12:00:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-03-02',
    });
  });
});
