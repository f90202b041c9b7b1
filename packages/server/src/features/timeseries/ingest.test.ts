import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeOrganisation,
  makeUser,
  type MadeUser,
  type Organisation,
} from '../../test/factories.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { rebuildSeriesRollups } from './ingest.rollup.repository.js';

const INGEST = '/api/ingest/measurements';

describe('POST /api/ingest/measurements', () => {
  let t: TestApp;
  let org: Organisation;
  let adminA: MadeUser, userA: MadeUser, root: MadeUser;
  let inA1: string, inB: string;

  const push = async (auth: Record<string, string>, measurements: unknown[]) =>
    t.app.inject({ method: 'POST', url: INGEST, headers: auth, payload: { measurements } });
  const raw = async (seriesId: string) =>
    (
      await sql<{ occurred_on: Date; value: number }>`
        select m.occurred_on, m.value from measurement m join time_series s on s.key = m.series_key
        where s.id = ${seriesId} order by m.occurred_on`.execute(t.db)
    ).rows;
  const day = async (seriesId: string) =>
    (
      await sql<{ local_date: string; sum: number; bh_sum: number; count: number }>`
        select r.local_date, r.sum, r.bh_sum, r.count from rollup_day r join time_series s on s.key = r.series_key
        where s.id = ${seriesId} order by r.local_date`.execute(t.db)
    ).rows;
  const nodeDay = async (nodeId: string, protocol = 'TrafficIn') =>
    (
      await sql<{ local_date: string; sum: number; bh_sum: number }>`
        select r.local_date, r.sum, r.bh_sum from node_total_day r join node_kpi k on k.key = r.node_kpi_key
        where k.node_id = ${nodeId} and k.measurement_protocol = ${protocol} and k.meta_tags = '{}'
        order by r.local_date`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-30T12:00:00Z');
    org = await makeOrganisation(t.db);
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientA.id });
    userA = await makeUser(t.db, { roles: ['User'], scopeNodeId: org.clientA.id });
    inA1 = (
      await t.app.services.series.ensureSeries({ nodeId: org.deviceA1.id, measurementProtocol: 'TrafficIn' })
    ).id;
    inB = (
      await t.app.services.series.ensureSeries({ nodeId: org.deviceB.id, measurementProtocol: 'TrafficIn' })
    ).id;
  });

  it('stores a batch, answers after commit, and keeps 15-minute, daily and node rollups current', async () => {
    // Toronto, Monday 2025-06-02 (EDT, UTC-4): 09:00 local = 13:00Z; hours Monday 09:00-17:00
    const res = await push(await authHeader(t.ctx, adminA), [
      { timeSeriesId: inA1, occurredOn: '2025-06-02T12:59:00Z', value: 4 },
      { timeSeriesId: inA1, occurredOn: '2025-06-02T13:00:00Z', value: 5 },
      { timeSeriesId: inA1, occurredOn: '2025-06-02T13:01:00-00:00', value: 6 },
      { timeSeriesId: inA1, occurredOn: '2025-06-03T03:30:00Z', value: 7 }, // 23:30 local Monday
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 4 });
    expect((await raw(inA1)).map((r) => r.value)).toEqual([4, 5, 6, 7]);
    expect(await day(inA1)).toEqual([{ local_date: '2025-06-02', sum: 22, bh_sum: 11, count: 4 }]);
    const buckets = await sql<{ bucket: Date; sum: number; first: number; last: number; bh_sum: number }>`
      select bucket, sum, first, last, bh_sum from rollup_15m r join time_series s on s.key = r.series_key
      where s.id = ${inA1} order by bucket`.execute(t.db);
    expect(buckets.rows.map((b) => [b.bucket.toISOString(), b.sum, b.first, b.last, b.bh_sum])).toEqual([
      ['2025-06-02T12:45:00.000Z', 4, 4, 4, 0],
      ['2025-06-02T13:00:00.000Z', 11, 5, 6, 11],
      ['2025-06-03T03:30:00.000Z', 7, 7, 7, 0],
    ]);
    for (const node of [org.storeA1.id, org.regionA1.id, org.clientA.id])
      expect(await nodeDay(node)).toEqual([{ local_date: '2025-06-02', sum: 22, bh_sum: 11 }]);
    await expectRollupsConsistent(t.db);
  });

  it('replaces a re-sent interval instead of doubling it, everywhere', async () => {
    const res = await push(await authHeader(t.ctx, adminA), [
      { timeSeriesId: inA1, occurredOn: '2025-06-02T13:00:00Z', value: 1 },
      { timeSeriesId: inA1, occurredOn: '2025-06-02T13:00:00.000Z', value: 2 }, // same instant: last wins
    ]);
    expect(res.json()).toEqual({ accepted: 2 });
    expect((await raw(inA1)).map((r) => r.value)).toEqual([4, 2, 6, 7]);
    expect(await day(inA1)).toEqual([{ local_date: '2025-06-02', sum: 19, bh_sum: 8, count: 4 }]);
    expect(await nodeDay(org.clientA.id)).toEqual([{ local_date: '2025-06-02', sum: 19, bh_sum: 8 }]);
    await expectRollupsConsistent(t.db);
  });

  it('rejects the whole batch naming the first bad item, and writes nothing', async () => {
    const before = await raw(inA1);
    const auth = await authHeader(t.ctx, adminA);
    const bad = await push(auth, [
      { timeSeriesId: inA1, occurredOn: '2025-06-05T13:00:00Z', value: 1 },
      { timeSeriesId: inA1, occurredOn: '2025-06-05T13:01:00Z', value: 'x' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('measurements.1.value');
    const badTime = await push(auth, [{ timeSeriesId: inA1, occurredOn: '2025-06-05 13:00', value: 1 }]);
    expect(badTime.json().field).toBe('measurements.0.occurredOn');
    const unknown = await push(auth, [
      { timeSeriesId: inA1, occurredOn: '2025-06-05T13:00:00Z', value: 1 },
      { timeSeriesId: '3f1c7a52-9d1e-4a57-8f7e-2b9a6c1d0e11', occurredOn: '2025-06-05T13:00:00Z', value: 1 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('measurements.1.timeSeriesId');
    // a series of another client group is as unknown as a missing one
    const outside = await push(auth, [
      { timeSeriesId: inA1, occurredOn: '2025-06-05T13:00:00Z', value: 1 },
      { timeSeriesId: inB, occurredOn: '2025-06-05T13:00:00Z', value: 1 },
    ]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().field).toBe('measurements.1.timeSeriesId');
    const future = await push(auth, [{ timeSeriesId: inA1, occurredOn: '2025-07-03T00:00:00Z', value: 1 }]);
    expect(future.json().field).toBe('measurements.0.occurredOn');
    const tooMany = await push(
      auth,
      Array.from({ length: 10_001 }, (_, i) => ({
        timeSeriesId: inA1,
        occurredOn: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        value: 1,
      })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('measurements');
    expect(await raw(inA1)).toEqual(before);
  });

  it('needs an admin-kind bearer or an ingest key of the client group', async () => {
    const one = [{ timeSeriesId: inA1, occurredOn: '2025-06-09T13:00:00Z', value: 3 }];
    expect((await push({}, one)).statusCode).toBe(401);
    expect((await push(await authHeader(t.ctx, userA), one)).statusCode).toBe(403);
    expect((await push({ 'x-api-key': 'ffk_not-a-real-key-at-all' }, one)).statusCode).toBe(401);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/IngestKey',
      headers: await authHeader(t.ctx, adminA),
      payload: { name: 'Doors of client A', scopeNodeId: org.clientA.id },
    });
    expect(created.statusCode).toBe(201);
    const { key, id, keyPrefix } = created.json();
    expect(key.startsWith(keyPrefix)).toBe(true);
    const stored = await t.db
      .selectFrom('ingest_key')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key);
    expect((await push({ 'x-api-key': key }, one)).json()).toEqual({ accepted: 1 });
    const other = await push({ 'x-api-key': key }, [{ ...one[0]!, timeSeriesId: inB }]);
    expect(other.statusCode).toBe(400);
    // admins of another group neither see nor revoke it
    const adminB = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientB.id });
    const listB = await t.app.inject({
      method: 'GET',
      url: '/api/IngestKey',
      headers: await authHeader(t.ctx, adminB),
    });
    expect(listB.json()).toEqual([]);
    const delB = await t.app.inject({
      method: 'DELETE',
      url: `/api/IngestKey/${id}`,
      headers: await authHeader(t.ctx, adminB),
    });
    expect(delB.statusCode).toBe(404);
    const listA = await t.app.inject({
      method: 'GET',
      url: '/api/IngestKey',
      headers: await authHeader(t.ctx, adminA),
    });
    expect(listA.json()).toMatchObject([{ id, name: 'Doors of client A', revokedOn: null }]);
    expect(JSON.stringify(listA.json())).not.toContain(key);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/IngestKey/${id}`,
      headers: await authHeader(t.ctx, adminA),
    });
    expect(del.statusCode).toBe(204);
    expect((await push({ 'x-api-key': key }, one)).statusCode).toBe(401);
    // superAdmin writes anywhere
    expect((await push(await authHeader(t.ctx, root), [{ ...one[0]!, timeSeriesId: inB }])).statusCode).toBe(
      200,
    );
  });

  it('keeps the two 01:30 of a fall-back night apart and on one local day', async () => {
    // Toronto 2025-11-02: 01:30 EDT = 05:30Z, 01:30 EST = 06:30Z
    t.clock.set('2025-11-04T00:00:00Z');
    const res = await push(await authHeader(t.ctx, root), [
      { timeSeriesId: inA1, occurredOn: '2025-11-02T05:30:00Z', value: 10 },
      { timeSeriesId: inA1, occurredOn: '2025-11-02T06:30:00Z', value: 20 },
      { timeSeriesId: inA1, occurredOn: '2025-11-03T04:59:00Z', value: 1 }, // 23:59 local
    ]);
    expect(res.statusCode).toBe(200);
    const rows = (await day(inA1)).filter((d) => d.local_date === '2025-11-02');
    expect(rows).toEqual([{ local_date: '2025-11-02', sum: 31, bh_sum: 0, count: 3 }]);
    await expectRollupsConsistent(t.db);
  });

  it('follows tree changes: a moved device leaves its old totals, a new time zone re-buckets days', async () => {
    const group = await makeGroup(t.db);
    const storeX = await makeLocation(t.db, { parentId: group.id });
    const storeY = await makeLocation(t.db, { parentId: group.id });
    const door = await makeDevice(t.db, { parentId: storeX.id });
    const s = await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' });
    await push(await authHeader(t.ctx, root), [
      { timeSeriesId: s.id, occurredOn: '2025-06-02T02:00:00Z', value: 5 }, // 22:00 Sunday in Toronto
    ]);
    expect(await nodeDay(storeX.id)).toEqual([{ local_date: '2025-06-01', sum: 5, bh_sum: 0 }]);
    await t.db.updateTable('node').set({ parent_id: storeY.id }).where('id', '=', door.id).execute();
    await t.app.services.series.refreshStale();
    expect(await nodeDay(storeX.id)).toEqual([]);
    expect(await nodeDay(storeY.id)).toEqual([{ local_date: '2025-06-01', sum: 5, bh_sum: 0 }]);
    expect(await nodeDay(group.id)).toEqual([{ local_date: '2025-06-01', sum: 5, bh_sum: 0 }]);
    await t.db
      .updateTable('node')
      .set({
        attributes: JSON.stringify({
          timezone: 'Europe/Paris',
          businessHours: { '1': [['03:30', '05:00']] },
        }),
      })
      .where('id', '=', storeY.id)
      .execute();
    await t.app.services.series.refreshStale();
    // 02:00Z = 04:00 Monday in Paris, inside 03:30-05:00
    expect(await day(s.id)).toEqual([{ local_date: '2025-06-02', sum: 5, bh_sum: 5, count: 1 }]);
    expect(await nodeDay(group.id)).toEqual([{ local_date: '2025-06-02', sum: 5, bh_sum: 5 }]);
    await expectRollupsConsistent(t.db);
  });

  it('keeps every rollup column equal to a rebuild from raw when new points join existing buckets', async () => {
    // Toronto (UTC-4), Monday 09:10-17:00: 13:00-13:15Z straddles the opening, 14:00Z is open, 21:15Z closed
    const store = await makeLocation(t.db, {
      parentId: org.regionA2.id,
      attributes: { timezone: 'America/Toronto', businessHours: { '1': [['09:10', '17:00']] } },
    });
    const door = await makeDevice(t.db, { parentId: store.id });
    const id = (
      await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })
    ).id;
    const key = (
      await t.db.selectFrom('time_series').select('key').where('id', '=', id).executeTakeFirstOrThrow()
    ).key;
    const auth = await authHeader(t.ctx, root);
    const read = async (q: typeof t.db) => [
      (await sql`select * from rollup_15m where series_key = ${key} order by bucket`.execute(q)).rows,
      (await sql`select * from rollup_day where series_key = ${key} order by local_date`.execute(q)).rows,
    ];
    const rebuilt = async () => {
      let out: unknown;
      await t.db
        .transaction()
        .execute(async (trx) => {
          await rebuildSeriesRollups(trx, [key]);
          out = await read(trx);
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      return out;
    };
    const at = (hhmm: string, date = '2025-06-02') => `${date}T${hhmm}:00Z`;
    const batches: [string, number][][] = [
      [
        [at('13:02'), 5],
        [at('13:12'), 3],
        [at('14:05'), 4],
        [at('21:20'), 2],
      ],
      // every point new: earlier/later, lower/higher than what the buckets hold, and a new bucket
      [
        [at('13:01'), 9],
        [at('13:14'), 1],
        [at('14:00'), 1],
        [at('14:14'), 8],
        [at('21:16'), 6],
        [at('21:29'), 0],
        [at('15:30'), 2],
      ],
      // late points of the day before
      [
        [at('20:00', '2025-06-01'), 3],
        [at('13:07'), 7],
      ],
      // a re-sent point lowering a bucket's max and the day's max
      [
        [at('14:14'), 2],
        [at('13:01'), 0],
      ],
    ];
    for (const batch of batches) {
      const res = await push(
        auth,
        batch.map(([occurredOn, value]) => ({ timeSeriesId: id, occurredOn, value })),
      );
      expect(res.statusCode).toBe(200);
      const stored = await read(t.db);
      expect(stored[0]!.length).toBeGreaterThan(0);
      expect(stored).toEqual(await rebuilt());
    }
    await expectRollupsConsistent(t.db);
  });

  it('stays consistent under concurrent batches touching the same buckets', async () => {
    const store = await makeLocation(t.db, { parentId: org.regionA2.id });
    const doors = await Promise.all([0, 1, 2].map(() => makeDevice(t.db, { parentId: store.id })));
    const ids = await Promise.all(
      doors.map(
        async (d) =>
          (await t.app.services.series.ensureSeries({ nodeId: d.id, measurementProtocol: 'TrafficIn' })).id,
      ),
    );
    const auth = await authHeader(t.ctx, root);
    const batch = (seed: number) =>
      ids.flatMap((id) =>
        Array.from({ length: 60 }, (_, m) => ({
          timeSeriesId: id,
          occurredOn: new Date(Date.UTC(2025, 5, 10, 13, m)).toISOString(),
          value: (seed * 7 + m) % 5,
        })),
      );
    const answers = await Promise.all([1, 2, 3, 4].map((seed) => push(auth, batch(seed))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await expectRollupsConsistent(t.db);
  });
});
