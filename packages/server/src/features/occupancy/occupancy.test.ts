import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import type { DomainEvents } from '../../platform/event-bus.js';

/** Toronto in June is UTC-4: local 10:00 = 14:00Z. */
const at = (localHhmm: string, day = '2025-06-02') => {
  const [h, m] = localHhmm.split(':').map(Number);
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h! + 4) * 60 + m!) * 60_000).toISOString();
};

describe('occupancy', () => {
  let t: TestApp;
  let admin: MadeUser, operator: MadeUser, user: MadeUser, root: MadeUser, outsider: MadeUser;
  let store: { id: string };
  let inA: string, outA: string, inB: string, outB: string;
  const events: DomainEvents['occupancyChanged'][] = [];

  const push = async (points: [string, string, number][]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/measurements',
      headers: await authHeader(t.ctx, root),
      payload: {
        measurements: points.map(([timeSeriesId, occurredOn, value]) => ({
          timeSeriesId,
          occurredOn,
          value,
        })),
      },
    });
    expect(res.statusCode).toBe(200);
    // occupancy follows ingested counts in the background, right after the answer
    await t.app.services.occupancy.settled();
  };
  const config = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/Occupancy/config/${store.id}`,
        headers: await authHeader(t.ctx, user),
      })
    ).json();
  const history = async () => {
    const cfg = await config();
    const { rows } = await sql<{ at: string; value: number }>`
      select to_char(m.occurred_on at time zone 'America/Toronto', 'HH24:MI') as at, m.value
      from measurement m join time_series s on s.key = m.series_key
      where s.id = ${cfg.historyTimeSeriesId} order by m.occurred_on`.execute(t.db);
    return rows.map((r) => `${r.at}=${r.value}`);
  };
  const update = async (who: MadeUser, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Occupancy/UpdateOccupancy',
      headers: await authHeader(t.ctx, who),
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-02T15:00:00Z'); // 11:00 in Toronto, Monday
    t.ctx.bus.on('occupancyChanged', (e) => events.push(e));
    const group = await makeGroup(t.db);
    store = await makeLocation(t.db, { parentId: group.id });
    const doorA = await makeDevice(t.db, { parentId: store.id });
    const doorB = await makeDevice(t.db, { parentId: store.id });
    const make = async (nodeId: string, measurementProtocol: string) =>
      (await t.app.services.series.ensureSeries({ nodeId, measurementProtocol })).id;
    inA = await make(doorA.id, 'TrafficIn');
    outA = await make(doorA.id, 'TrafficOut');
    inB = await make(doorB.id, 'TrafficIn');
    outB = await make(doorB.id, 'TrafficOut');
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
    operator = await makeUser(t.db, { roles: ['OccupancyOperator'], scopeNodeId: group.id });
    user = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    outsider = await makeUser(t.db, { roles: ['admin'] });
  });

  it('creates a config by default for a location whose doors count in and out', async () => {
    const cfg = await config();
    expect(cfg).toMatchObject({
      nodeId: store.id,
      timeSeriesInIds: [inA, inB],
      timeSeriesOutIds: [outA, outB],
      floorValues: [0],
      occupancyValue: 0,
      lastResetOn: '2025-06-02T04:00:00.000Z', // local midnight
    });
    expect(cfg.historyTimeSeriesId).toEqual(expect.any(String));
    const outsiderRes = await t.app.inject({
      method: 'GET',
      url: `/api/Occupancy/config/${store.id}`,
      headers: await authHeader(t.ctx, outsider),
    });
    expect(outsiderRes.statusCode).toBe(404);
  });

  it('runs in minus out since the reset, never below the floor, and publishes each change', async () => {
    await push([
      [inA, at('10:00'), 5],
      [inA, at('10:01'), 2],
      [inB, at('10:01'), 1],
      [outA, at('10:01'), 6],
      [outB, at('10:02'), 5], // 2 - 5 would be -3: stays at the floor
      [inB, at('10:03'), 4],
    ]);
    expect((await config()).occupancyValue).toBe(4);
    expect(await history()).toEqual(['00:00=0', '10:00=5', '10:01=2', '10:02=0', '10:03=4']);
    expect(events.at(-1)).toMatchObject({ nodeId: store.id, value: 4 });
    // a late minute is folded in where it belongs
    await push([[inA, at('09:59'), 2]]);
    expect(await history()).toEqual(['00:00=0', '09:59=2', '10:00=7', '10:01=4', '10:02=0', '10:03=4']);
    // the Max of the day comes from the ordinary rollups of the history series
    const max = await sql<{ max: number }>`
      select r.max from rollup_day r join time_series s on s.key = r.series_key
      where s.id = ${(await config()).historyTimeSeriesId}`.execute(t.db);
    expect(max.rows[0]!.max).toBe(7);
  });

  it('takes operator adjustments (delta or value), audited, and folds later counts after them', async () => {
    const plus = await update(operator, { nodeId: store.id, delta: 3 });
    expect(plus.statusCode).toBe(200);
    expect(plus.json()).toMatchObject({ occupancyValue: 7 });
    const set = await update(operator, { occupancyId: plus.json().occupancyId, value: 2 });
    expect(set.json().occupancyValue).toBe(2);
    // a count of 10:04 arrives late: it happened before the adjustments, which still decide
    await push([[inA, at('10:04'), 1]]);
    expect((await config()).occupancyValue).toBe(2);
    // a count of 11:00 (the adjustment minute) comes first, then the adjustments; 11:01 after
    t.clock.set('2025-06-02T15:02:00Z');
    await push([
      [inA, at('11:00'), 1],
      [inB, at('11:01'), 3],
    ]);
    expect((await config()).occupancyValue).toBe(5);
    const log = await t.db
      .selectFrom('event_log')
      .select(['requester', 'details'])
      .where('command', '=', 'Occupancy.Adjust')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.details)).toMatchObject([
      { delta: 3, before: 4, after: 7 },
      { value: 2, before: 7, after: 2 },
    ]);
    expect(log[0]!.requester).toBe(operator.username);
    expect((await update(user, { nodeId: store.id, delta: 1 })).statusCode).toBe(403);
    expect((await update(outsider, { nodeId: store.id, delta: 1 })).statusCode).toBe(404);
    const bad = await update(operator, { nodeId: store.id });
    expect(bad.statusCode).toBe(400);
    // the live view path calls the same service
    expect(
      await t.app.services.occupancy.adjust(
        {
          userId: operator.id,
          username: operator.username,
          roles: ['OccupancyOperator'],
          scopeNodeId: operator.scopeNodeId,
        },
        (await config()).id,
        { delta: -1 },
      ),
    ).toBe(4);
  });

  it('lets an admin create and change configs within a location only', async () => {
    const auth = await authHeader(t.ctx, admin);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/Occupancy/config',
      headers: auth,
      payload: { nodeId: store.id, timeSeriesInIds: [inA], timeSeriesOutIds: [] },
    });
    expect(dup.statusCode).toBe(409);
    const other = await makeLocation(t.db, { parentId: (await makeGroup(t.db)).id });
    const foreign = await makeDevice(t.db, { parentId: other.id });
    const foreignIn = (
      await t.app.services.series.ensureSeries({ nodeId: foreign.id, measurementProtocol: 'TrafficIn' })
    ).id;
    const cfg = await config();
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/Occupancy/config/${cfg.id}`,
      headers: auth,
      payload: { timeSeriesInIds: [inA, foreignIn], timeSeriesOutIds: [outA] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('timeSeriesInIds.1');
    // only door A from now on: refolded from the reset
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/Occupancy/config/${cfg.id}`,
      headers: auth,
      payload: { timeSeriesInIds: [inA], timeSeriesOutIds: [outA], floorValues: [0] },
    });
    expect(put.statusCode).toBe(200);
    // door A: 09:59 +2, 10:00 +5, 10:01 +2-6, 10:04 +1, 11:00 +1, then +3, set 2, and -1 at 11:02
    expect(put.json()).toMatchObject({ timeSeriesInIds: [inA], occupancyValue: 1 });
    expect(
      (
        await t.db
          .selectFrom('occupancy_config')
          .select('auto_managed')
          .where('id', '=', cfg.id)
          .executeTakeFirstOrThrow()
      ).auto_managed,
    ).toBe(false);
    const userPut = await t.app.inject({
      method: 'PUT',
      url: `/api/Occupancy/config/${cfg.id}`,
      headers: await authHeader(t.ctx, user),
      payload: { timeSeriesInIds: [inA], timeSeriesOutIds: [outA] },
    });
    expect(userPut.statusCode).toBe(403);
  });

  it('resets on schedule at the local time of each location, once a day', async () => {
    const auth = await authHeader(t.ctx, root);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Schedule/occupancy-reset',
      headers: auth,
      payload: { scheduleDto: { id: '', name: 'Night', time: '04:00' }, locations: [{ id: store.id }] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      messageKey: 'occupancy_reset_creation_success',
      scheduleDto: { time: '04:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] },
      locations: [{ id: store.id }],
    });
    const firstId = created.json().scheduleDto.id;
    const modified = await t.app.inject({
      method: 'POST',
      url: '/api/Schedule/occupancy-reset',
      headers: auth,
      payload: { scheduleDto: { id: firstId, name: 'Night', time: '04:00' }, locations: [{ id: store.id }] },
    });
    expect(modified.json().messageKey).toBe('occupancy_reset_modification_success');
    const scheduleId = modified.json().scheduleDto.id;
    expect(scheduleId).not.toBe(firstId);
    const list = await t.app.inject({ method: 'GET', url: '/api/Schedule/occupancy-reset', headers: auth });
    expect(list.json().map((s: { scheduleDto: { id: string } }) => s.scheduleDto.id)).toEqual([scheduleId]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/Schedule/occupancy-reset',
          headers: await authHeader(t.ctx, admin),
        })
      ).statusCode,
    ).toBe(403);

    // next day 03:59 local: not yet; 04:10: reset to the floor at 04:00, counts after it count
    expect(await t.app.services.occupancyResets.runDue(new Date('2025-06-03T07:59:00Z'))).toBe(0);
    await push([[inA, at('04:05', '2025-06-03'), 3]]);
    expect(await t.app.services.occupancyResets.runDue(new Date('2025-06-03T08:10:00Z'))).toBe(1);
    expect(await config()).toMatchObject({ lastResetOn: '2025-06-03T08:00:00.000Z', occupancyValue: 3 });
    expect(await t.app.services.occupancyResets.runDue(new Date('2025-06-03T08:20:00Z'))).toBe(0);
    expect(events.at(-1)).toMatchObject({ nodeId: store.id, value: 3 });

    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/Schedule/occupancy-reset',
      headers: auth,
      payload: { scheduleDto: { id: scheduleId, time: '04:00' }, locations: [], removedId: store.id },
    });
    expect(removed.json()).toMatchObject({
      messageKey: 'occupancy_reset_delete_location_success',
      locations: [],
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/Schedule/occupancy-reset/${removed.json().scheduleDto.id}`,
      headers: auth,
    });
    expect(del.json()).toEqual({ messageKey: 'occupancy_reset_delete_success' });
    const notLocation = await t.app.inject({
      method: 'POST',
      url: '/api/Schedule/occupancy-reset',
      headers: auth,
      payload: { scheduleDto: { time: '04:00' }, locations: [{ id: inA }] },
    });
    expect(notLocation.statusCode).toBe(404);
  });
});
