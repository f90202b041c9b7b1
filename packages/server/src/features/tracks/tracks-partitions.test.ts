import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeUser } from '../../test/factories.js';

/** Day partitions of track_point: created ahead by the job, dropped once a whole day is past the retention. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRACK_RETENTION_DAYS: '30' });
});

describe('track partitions', () => {
  it('creates the coming days ahead and drops the days past the retention', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const device = await makeDevice(t.db);
    const admin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/tracks',
      headers: await authHeader(t.ctx, admin),
      payload: {
        deviceId: device.id,
        tracks: ['2026-03-07T10:00:00Z', '2026-03-08T10:00:00Z', '2026-03-09T10:00:00Z'].map((at, i) => ({
          trackId: `d${i}`,
          points: [{ t: at, x: 1, y: 1 }],
        })),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const service = t.app.services.tracks;
    const first = await service.maintainPartitions();
    expect(first.dropped).toEqual([]);
    expect(first.created).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    // 30 days later: the days ending before 03-09 12:00 are past the retention
    t.clock.set('2026-04-08T12:00:00Z');
    const later = await service.maintainPartitions();
    expect(later.dropped).toEqual(['track_point_p20260307', 'track_point_p20260308']);
    expect(later.created).toEqual(['2026-04-08', '2026-04-09', '2026-04-10']);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from track_point where occurred_on < '2026-03-09T00:00:00Z'`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    const kept = await sql<{ n: number }>`select count(*)::int as n from track_point`.execute(t.db);
    expect(kept.rows[0]!.n).toBe(1);
  });
});
