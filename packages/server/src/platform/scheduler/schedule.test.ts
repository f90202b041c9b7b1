import { describe, expect, it } from 'vitest';
import { cron, dailyAt, dueOccurrences, every, type DailyTarget, type JobSchedule } from './schedule.js';

const HOUR = 3600_000;
const MINUTE = 60_000;

/**
 * The run keys due at each step (5 minutes by default: every time below is a multiple) of [from, to), deduplicated
 * as the claim would: what actually runs, and when first.
 */
async function runsBetween(schedule: JobSchedule, from: string, to: string, stepMs = 5 * MINUTE) {
  const ran = new Map<string, string>();
  for (let t = Date.parse(from); t < Date.parse(to); t += stepMs) {
    for (const o of await dueOccurrences(schedule, new Date(t), HOUR)) {
      if (!ran.has(o.runKey)) ran.set(o.runKey, new Date(t).toISOString());
    }
  }
  return ran;
}

const paris = (at: string, extra: Partial<DailyTarget> = {}) =>
  dailyAt(at, async () => [{ key: 'store-1', timeZone: 'Europe/Paris', ...extra }]);

describe('schedules', () => {
  it('every N: one occurrence per epoch-aligned slot, keyed by the slot start', async () => {
    const s = every({ seconds: 30 });
    expect(await dueOccurrences(s, new Date('2025-06-01T10:00:29.999Z'), HOUR)).toEqual([
      { runKey: '2025-06-01T10:00:00.000Z', scheduledFor: new Date('2025-06-01T10:00:00.000Z') },
    ]);
    const [o] = await dueOccurrences(s, new Date('2025-06-01T10:00:30Z'), HOUR);
    expect(o!.runKey).toBe('2025-06-01T10:00:30.000Z');
    const slots = await runsBetween(every({ minutes: 5 }), '2025-06-01T10:00:00Z', '2025-06-01T11:00:00Z');
    expect(slots.size).toBe(12);
    expect(() => every({ seconds: 0.5 })).toThrow();
  });

  it('daily: at the local time of each target, once per local date, within the catch-up window', async () => {
    const targets = dailyAt('04:00', async () => [
      { key: 'paris', timeZone: 'Europe/Paris' },
      { key: 'toronto', timeZone: 'America/Toronto' },
    ]);
    const runs = await runsBetween(targets, '2025-06-02T00:00:00Z', '2025-06-03T00:00:00Z');
    // 04:00 in Paris (UTC+2) is 02:00Z, in Toronto (UTC-4) 08:00Z
    expect([...runs]).toEqual([
      ['paris:2025-06-02', '2025-06-02T02:00:00.000Z'],
      ['toronto:2025-06-02', '2025-06-02T08:00:00.000Z'],
    ]);
    // 59 minutes late still runs (server was down), 60 minutes late no longer
    const late = await dueOccurrences(paris('04:00'), new Date('2025-06-02T02:59:00Z'), HOUR);
    expect(late.map((o) => [o.runKey, o.scheduledFor.toISOString(), o.localDate])).toEqual([
      ['store-1:2025-06-02', '2025-06-02T02:00:00.000Z', '2025-06-02'],
    ]);
    expect(await dueOccurrences(paris('04:00'), new Date('2025-06-02T03:00:00Z'), HOUR)).toEqual([]);
    expect(await dueOccurrences(paris('04:00'), new Date('2025-06-02T01:59:00Z'), HOUR)).toEqual([]);
  });

  it('daily: a 23:30 run caught up after local midnight keeps the date it was due on', async () => {
    const [o] = await dueOccurrences(paris('23:30'), new Date('2025-06-02T22:10:00Z'), HOUR);
    expect(o).toMatchObject({ runKey: 'store-1:2025-06-02', localDate: '2025-06-02' });
    expect(o!.scheduledFor.toISOString()).toBe('2025-06-02T21:30:00.000Z');
  });

  it('daily: per-target time and weekdays (0 = Sunday)', async () => {
    // 2025-06-01 is a Sunday, 2025-06-02 a Monday
    const s = dailyAt(null, async () => [{ key: 'a', timeZone: 'UTC', at: '06:15', weekdays: [1] }]);
    const runs = await runsBetween(s, '2025-06-01T00:00:00Z', '2025-06-03T00:00:00Z');
    expect([...runs]).toEqual([['a:2025-06-02', '2025-06-02T06:15:00.000Z']]);
    expect(() => dailyAt('25:00', async () => [])).toThrow();
  });

  it('daily at 02:30 on the spring-forward day runs once, when the clock jumps over it', async () => {
    // Paris, 2025-03-30: 02:00 -> 03:00 (01:00Z); 02:30 never occurs
    const runs = await runsBetween(paris('02:30'), '2025-03-29T12:00:00Z', '2025-03-31T12:00:00Z');
    expect([...runs]).toEqual([
      ['store-1:2025-03-30', '2025-03-30T01:00:00.000Z'],
      ['store-1:2025-03-31', '2025-03-31T00:30:00.000Z'],
    ]);
    // the day before, at UTC+1
    const before = await runsBetween(paris('02:30'), '2025-03-29T00:00:00Z', '2025-03-29T12:00:00Z');
    expect([...before.values()]).toEqual(['2025-03-29T01:30:00.000Z']);
  });

  it('daily at 02:30 on the fall-back day runs once, at the first 02:30', async () => {
    // Paris, 2025-10-26: 03:00 -> 02:00 (01:00Z); 02:30 occurs at 00:30Z and again at 01:30Z
    const runs = await runsBetween(paris('02:30'), '2025-10-25T12:00:00Z', '2025-10-27T12:00:00Z');
    expect([...runs]).toEqual([
      ['store-1:2025-10-26', '2025-10-26T00:30:00.000Z'],
      ['store-1:2025-10-27', '2025-10-27T01:30:00.000Z'],
    ]);
    // within the window the second 02:30 is the same occurrence (same key, claimed already); after it, none
    const during = await dueOccurrences(paris('02:30'), new Date('2025-10-26T01:29:00Z'), HOUR);
    expect(during.map((o) => o.runKey)).toEqual(['store-1:2025-10-26']);
    expect(await dueOccurrences(paris('02:30'), new Date('2025-10-26T01:30:00Z'), HOUR)).toEqual([]);
  });

  it('cron: the latest occurrence at or before now, in its zone, within the catch-up window', async () => {
    const s = cron('0 9 * * 1-5', 'America/Toronto');
    // Monday 2025-06-02 09:00 Toronto = 13:00Z
    const [o] = await dueOccurrences(s, new Date('2025-06-02T13:00:00Z'), HOUR);
    expect(o!.runKey).toBe('2025-06-02T13:00:00.000Z');
    expect(await dueOccurrences(s, new Date('2025-06-02T14:00:00Z'), HOUR)).toEqual([]);
    const week = await runsBetween(s, '2025-05-31T00:00:00Z', '2025-06-09T00:00:00Z', HOUR);
    expect(week.size).toBe(5);
    expect(() => cron('every day')).toThrow();
  });
});
