import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeNode,
  type MadeUser,
} from '../../test/factories.js';
import { occupancyJobs } from './occupancy.jobs.js';

/**
 * Occupancy reset schedules run at each location's own wall-clock time, across DST (the scheduler's
 * manual clock, never a sleep), the tree node's `occupancy-reset-schedule` and the audited "reset now".
 */
describe('occupancy resets', () => {
  let t: TestApp;
  let root: MadeUser, admin: MadeUser, outsider: MadeUser;
  let group: MadeNode, toronto: MadeNode, paris: MadeNode, parisDoor: MadeNode;
  const ins = new Map<string, string>();

  const post = async (who: MadeUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: await authHeader(t.ctx, who), payload });
  const get = async (who: MadeUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await authHeader(t.ctx, who) });
  const occupancyOf = async (node: MadeNode) =>
    (await get(root, `/api/Occupancy/config/${node.id}`)).json() as {
      occupancyValue: number;
      lastResetOn: string;
    };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-03-07T17:00:00Z');
    group = await makeGroup(t.db);
    toronto = await makeLocation(t.db, { parentId: group.id });
    paris = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Paris' } });
    for (const store of [toronto, paris]) {
      const door = await makeDevice(t.db, { parentId: store.id });
      if (store === paris) parisDoor = door;
      ins.set(
        store.id,
        (await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })).id,
      );
      await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficOut' });
    }
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
    outsider = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: (await makeGroup(t.db)).id });
    t.app.scheduler.register(...occupancyJobs(t.app.services));
  });

  it('resets at 04:00 local in Toronto and Paris on both sides of each DST change', async () => {
    const saved = await post(root, '/api/Schedule/occupancy-reset', {
      scheduleDto: { id: '', name: 'Night', time: '04:00' },
      locations: [{ id: toronto.id }, { id: paris.id }],
    });
    expect(saved.statusCode).toBe(200);
    const scheduleId = saved.json().scheduleDto.id as string;
    const tick = async (iso: string) => {
      t.clock.set(iso);
      return (await t.app.scheduler.tick(['occupancy.reset'])).map((r) => r.runKey).sort();
    };
    // Toronto springs forward on Sunday 9 March 2025: 04:00 is 09:00Z on Saturday, 08:00Z on Sunday
    expect(await tick('2025-03-08T08:59:00Z')).toEqual([]);
    expect(await tick('2025-03-08T09:01:00Z')).toEqual([`${scheduleId}:${toronto.id}:2025-03-08`]);
    expect((await occupancyOf(toronto)).lastResetOn).toBe('2025-03-08T09:00:00.000Z');
    // Paris (UTC+1 until the 30th): 04:00 is 03:00Z
    expect(await tick('2025-03-09T03:01:00Z')).toEqual([`${scheduleId}:${paris.id}:2025-03-09`]);
    expect(await tick('2025-03-09T07:59:00Z')).toEqual([]);
    // 08:01Z is 04:01 EDT in Toronto, an hour earlier in UTC than the day before
    expect(await tick('2025-03-09T08:01:00Z')).toEqual([`${scheduleId}:${toronto.id}:2025-03-09`]);
    expect((await occupancyOf(toronto)).lastResetOn).toBe('2025-03-09T08:00:00.000Z');
    expect((await occupancyOf(paris)).lastResetOn).toBe('2025-03-09T03:00:00.000Z');
    // Paris springs forward on Sunday 30 March: 04:00 CEST is 02:00Z (03:00Z the day before)
    expect(await tick('2025-03-29T03:01:00Z')).toEqual([`${scheduleId}:${paris.id}:2025-03-29`]);
    expect(await tick('2025-03-30T01:59:00Z')).toEqual([]);
    expect(await tick('2025-03-30T02:01:00Z')).toEqual([`${scheduleId}:${paris.id}:2025-03-30`]);
    expect((await occupancyOf(paris)).lastResetOn).toBe('2025-03-30T02:00:00.000Z');
    // once a local day: a later tick the same day runs nothing
    expect(await tick('2025-03-30T02:30:00Z')).toEqual([]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/Schedule/occupancy-reset/${scheduleId}`,
      headers: await authHeader(t.ctx, root),
    });
    expect(del.json()).toEqual({ messageKey: 'occupancy_reset_delete_success' });
  });

  it('keeps to the weekdays of the schedule in the location zone', async () => {
    const saved = await post(root, '/api/Schedule/occupancy-reset', {
      scheduleDto: { id: '', name: 'Sundays', time: '23:30', daysOfWeek: [0] },
      locations: [{ id: toronto.id }],
    });
    const id = saved.json().scheduleDto.id as string;
    expect(saved.json().scheduleDto.daysOfWeek).toEqual([0]);
    // Sunday 6 April 23:30 in Toronto is Monday 03:30Z: the local weekday decides
    t.clock.set('2025-04-06T03:40:00Z'); // Saturday 23:40 local: not a Sunday
    expect(await t.app.scheduler.tick(['occupancy.reset'])).toEqual([]);
    t.clock.set('2025-04-07T03:40:00Z');
    expect((await t.app.scheduler.tick(['occupancy.reset'])).map((r) => r.runKey)).toEqual([
      `${id}:${toronto.id}:2025-04-06`,
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/Schedule/occupancy-reset/${id}`,
      headers: await authHeader(t.ctx, root),
    });
  });

  it("answers a tree node's occupancy-reset-schedule (location, its device, its group), in scope", async () => {
    const saved = await post(root, '/api/Schedule/occupancy-reset', {
      scheduleDto: { id: '', name: 'Paris only', time: '03:15' },
      locations: [{ id: paris.id }],
    });
    const id = saved.json().scheduleDto.id as string;
    for (const node of [paris, parisDoor, group]) {
      const res = await get(admin, `/api/OrganizationalTree/occupancy-reset-schedule/${node.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          scheduleDto: { id, name: 'Paris only', time: '03:15', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] },
          locations: [{ id: paris.id, name: paris.name }],
        },
      ]);
    }
    expect(
      (await get(admin, `/api/OrganizationalTree/occupancy-reset-schedule/${toronto.id}`)).json(),
    ).toEqual([]);
    expect(
      (await get(outsider, `/api/OrganizationalTree/occupancy-reset-schedule/${paris.id}`)).statusCode,
    ).toBe(404);
    const bad = await get(admin, '/api/OrganizationalTree/occupancy-reset-schedule/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('nodeId');
  });

  it('resets one location now, audited with the caller; 400 naming the field, 404 outside scope', async () => {
    t.clock.set('2025-06-02T15:00:00Z');
    const inId = ins.get(toronto.id)!;
    const ingest = await post(root, '/api/ingest/measurements', {
      measurements: [{ timeSeriesId: inId, occurredOn: '2025-06-02T14:50:00Z', value: 7 }],
    });
    expect(ingest.statusCode).toBe(200);
    await t.app.services.occupancy.settled();
    expect((await occupancyOf(toronto)).occupancyValue).toBe(7);

    const now = await post(root, '/api/Schedule/occupancy-reset/now', { nodeId: toronto.id });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ occupancyValue: 0, resetOn: '2025-06-02T15:00:00.000Z' });
    expect(await occupancyOf(toronto)).toMatchObject({
      occupancyValue: 0,
      lastResetOn: '2025-06-02T15:00:00.000Z',
    });
    const entry = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'Occupancy.Reset')
      .orderBy('occurred_on', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.requester_id).toBe(root.id);
    expect(entry.details).toMatchObject({ nodeId: toronto.id, manual: true });

    const missing = await post(root, '/api/Schedule/occupancy-reset/now', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('nodeId');
    const device = await post(root, '/api/Schedule/occupancy-reset/now', { nodeId: parisDoor.id });
    expect(device.statusCode).toBe(400);
    expect(device.json()).toMatchObject({ field: 'nodeId' });
    expect(
      (await post(outsider, '/api/Schedule/occupancy-reset/now', { nodeId: toronto.id })).statusCode,
    ).toBe(404);
    expect((await post(admin, '/api/Schedule/occupancy-reset/now', { nodeId: toronto.id })).statusCode).toBe(
      403,
    );
  });
});
