import { describe, expect, it } from 'vitest';
import { closedNotice } from './closed-notice';

describe('closedNotice', () => {
  // Tuesday 24 November 2026, 23:30 UTC = 18:30 in Toronto, 00:30 Wednesday in Paris
  const now = Date.parse('2026-11-24T23:30:00Z');

  it('gives the local clock and a same-day opening without a weekday', () => {
    expect(closedNotice('America/Toronto', now, '2026-11-25T00:00:00Z', 'en-US')).toEqual({
      clock: '18:30',
      opensAt: '19:00',
      opensOn: null,
    });
  });

  it("names the weekday of an opening on another local day, in the screen's language", () => {
    expect(closedNotice('America/Toronto', now, '2026-11-25T15:00:00Z', 'en-US')).toEqual({
      clock: '18:30',
      opensAt: '10:00',
      opensOn: 'Wednesday',
    });
    expect(closedNotice('Europe/Paris', now, '2026-11-26T09:00:00Z', 'fr-CA').opensOn).toBe('jeudi');
    // 00:30 in Paris is already Wednesday: an opening at 10:00 that morning is the same local day
    expect(closedNotice('Europe/Paris', now, '2026-11-25T09:00:00Z', 'es-ES')).toEqual({
      clock: '00:30',
      opensAt: '10:00',
      opensOn: null,
    });
  });

  it('says nothing of an opening when the hours never change', () => {
    expect(closedNotice('Europe/Paris', now, null, 'en-US')).toEqual({
      clock: '00:30',
      opensAt: null,
      opensOn: null,
    });
  });
});
