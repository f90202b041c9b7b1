import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeUser } from '../../test/factories.js';
import { every } from '../../platform/scheduler/schedule.js';

describe('GET /api/Jobs/runs', () => {
  let t: TestApp;
  let root: Record<string, string>;
  const get = async (query = '', headers = root) =>
    t.app.inject({ method: 'GET', url: `/api/Jobs/runs${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
    root = await authHeader(t.ctx, await makeUser(t.db, { roles: ['superAdmin'] }));
    let n = 0;
    t.app.scheduler.register(
      { name: 'test.ok', schedule: every({ minutes: 1 }), run: async () => undefined },
      {
        name: 'test.broken',
        schedule: every({ minutes: 5 }),
        run: async () => {
          throw new Error(`run ${++n} failed at smtp://mailer:pw-123@smtp.example.com`);
        },
      },
    );
    // 10:00 .. 10:09: ten runs of test.ok, two of test.broken (10:00 and 10:05)
    t.clock.set('2025-06-01T10:00:10Z');
    for (let i = 0; i < 10; i++) {
      await t.app.scheduler.tick(['test.ok', 'test.broken']);
      t.clock.advance(60_000);
    }
  });

  it('lists the runs, newest first, with status, duration and masked error', async () => {
    const res = await get('?pageSize=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fullCount).toBe(12);
    expect(body.items).toHaveLength(3);
    expect(body.items[0]).toMatchObject({
      job: 'test.ok',
      runKey: '2025-06-01T10:09:00.000Z',
      status: 'succeeded',
      attempt: 1,
      instance: t.app.scheduler.instance,
      scheduledFor: '2025-06-01T10:09:00.000Z',
      startedAt: '2025-06-01T10:09:10.000Z',
      finishedAt: '2025-06-01T10:09:10.000Z',
      error: null,
    });
    expect(body.items[0].durationMs).toBeGreaterThanOrEqual(0);
    const failed = await get('?job=test.broken&status=failed');
    expect(failed.json().fullCount).toBe(2);
    expect(failed.json().items.map((r: { runKey: string; error: string }) => [r.runKey, r.error])).toEqual([
      ['2025-06-01T10:05:00.000Z', 'Error: run 2 failed at smtp://[redacted]@smtp.example.com'],
      ['2025-06-01T10:00:00.000Z', 'Error: run 1 failed at smtp://[redacted]@smtp.example.com'],
    ]);
    expect(failed.body).not.toContain('pw-123');
  });

  it('filters by job, status and start time, and pages from 1', async () => {
    const window = await get('?job=test.ok&from=2025-06-01T10:02:00Z&to=2025-06-01T10:05:00Z');
    expect(window.json().items.map((r: { runKey: string }) => r.runKey)).toEqual([
      '2025-06-01T10:04:00.000Z',
      '2025-06-01T10:03:00.000Z',
      '2025-06-01T10:02:00.000Z',
    ]);
    const page2 = await get('?job=test.ok&pageSize=4&page=2');
    expect(page2.json().fullCount).toBe(10);
    expect(page2.json().items.map((r: { runKey: string }) => r.runKey)).toEqual([
      '2025-06-01T10:05:00.000Z',
      '2025-06-01T10:04:00.000Z',
      '2025-06-01T10:03:00.000Z',
      '2025-06-01T10:02:00.000Z',
    ]);
    const past = await get('?job=test.ok&pageSize=4&page=9');
    expect(past.json()).toEqual({ items: [], fullCount: 10 });
    expect((await get('?status=running')).json()).toEqual({ items: [], fullCount: 0 });
    expect((await get('?job=nothing.like.this')).json().fullCount).toBe(0);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const bad = await get('?status=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
    const from = await get('?from=yesterday');
    expect(from.statusCode).toBe(400);
    expect(from.json().field).toBe('from');
    expect((await get('?pageSize=0')).json().field).toBe('pageSize');
  });

  it('is for a superAdmin only', async () => {
    const admin = await authHeader(t.ctx, await makeUser(t.db, { roles: ['admin'] }));
    expect((await get('', admin)).statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
