import { describe, expect, it } from 'vitest';
import { DEFAULT_MOBILE_SETTINGS } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader } from '../../test/factories.js';

async function setup() {
  const t = await createTestApp();
  const group = await makeNode(t.db, { type: 'group' });
  const location = await makeNode(t.db, { type: 'location', parentId: group.id });
  await t.db
    .updateTable('node')
    .set({
      attributes: JSON.stringify({
        timezone: 'America/Toronto',
        capacity: 80,
        businessHours: { '1': [['09:00', '17:00']] },
      }),
    })
    .where('id', '=', location.id)
    .execute();
  const occ = await t.db
    .insertInto('occupancy_config')
    .values({ node_id: location.id, floor_values: [0], current_value: 12 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  const user = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
  const noAccess = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
  await t.db
    .updateTable('app_user')
    .set({ mobile_settings: JSON.stringify({ ...DEFAULT_MOBILE_SETTINGS, hasAccessOccupancy: true }) })
    .where('id', '=', user.id)
    .execute();
  const outsider = await makeUser(t.db, { roles: ['admin'], scopeNodeId: (await makeNode(t.db)).id });
  return {
    t,
    group,
    location,
    occupancyId: occ.id,
    admin: await authHeader(t.ctx, admin),
    user: await authHeader(t.ctx, user),
    noAccess: await authHeader(t.ctx, noAccess),
    outsider: await authHeader(t.ctx, outsider),
  };
}

const create = (t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/LiveView', headers, payload });

describe('/api/LiveView', () => {
  it('creates with the default thresholds and the location occupancy, audited, and reads it back', async () => {
    const s = await setup();
    s.t.clock.set('2025-03-03T15:00:00Z'); // a Monday, 10:00 in Toronto: open
    const res = await create(s.t, s.admin, { name: 'Front door', nodeId: s.location.id });
    expect(res.statusCode).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({
      name: 'Front door',
      nodeId: s.location.id,
      occupancyId: s.occupancyId,
      occupancyValue: 12,
      warningThreshold: 25,
      alertThreshold: 50,
      blackScreenOutsideBusinessHours: false,
      thresholdDelta: 0,
      isDeltaPercentage: false,
      capacity: 80,
      timeZone: 'America/Toronto',
      openNow: true,
      openChangesAt: '2025-03-03T22:00:00.000Z',
      hasShareLink: false,
    });
    const got = await s.t.app.inject({ url: `/api/LiveView/${view.id}`, headers: s.user });
    expect(got.statusCode).toBe(200);
    expect(got.json().id).toBe(view.id);
    const list = await s.t.app.inject({ url: '/api/LiveView', headers: s.user });
    expect(list.json().map((v: { id: string }) => v.id)).toEqual([view.id]);
    const first = await s.t.app.inject({ url: '/api/LiveView/first', headers: s.user });
    expect(first.json().id).toBe(view.id);
    const log = await s.t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'LiveView.Create')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.target).toBe(view.id);
  });

  it('is closed outside business hours', async () => {
    const s = await setup();
    s.t.clock.set('2025-03-04T15:00:00Z'); // a Tuesday: no hours that day
    const res = await create(s.t, s.admin, {
      name: 'x',
      nodeId: s.location.id,
      blackScreenOutsideBusinessHours: true,
    });
    expect(res.json()).toMatchObject({ openNow: false, openChangesAt: '2025-03-10T13:00:00.000Z' });
  });

  it('validates the thresholds and names the field', async () => {
    const s = await setup();
    const bad = await create(s.t, s.admin, {
      name: 'x',
      nodeId: s.location.id,
      warningThreshold: 60,
      alertThreshold: 50,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('warningThreshold');
    const pct = await create(s.t, s.admin, {
      name: 'x',
      nodeId: s.location.id,
      thresholdDelta: 120,
      isDeltaPercentage: true,
    });
    expect(pct.json().field).toBe('thresholdDelta');
    const empty = await create(s.t, s.admin, { name: '  ', nodeId: s.location.id });
    expect(empty.json().field).toBe('name');
  });

  it('updates and tells subscribed screens through the bus', async () => {
    const s = await setup();
    const view = (await create(s.t, s.admin, { name: 'x', nodeId: s.location.id })).json();
    const seen: unknown[] = [];
    s.t.ctx.bus.on('liveViewSettingsChanged', (e) => seen.push(e));
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `/api/LiveView/${view.id}`,
      headers: s.admin,
      payload: { name: 'Door B', nodeId: s.location.id, warningThreshold: 30, alertThreshold: 40 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Door B', warningThreshold: 30, alertThreshold: 40 });
    expect(seen).toEqual([
      {
        liveViewId: view.id,
        nodeId: s.location.id,
        occupancyId: s.occupancyId,
        warningThreshold: 30,
        alertThreshold: 40,
      },
    ]);
  });

  it('keeps live views to the scope and roles', async () => {
    const s = await setup();
    const view = (await create(s.t, s.admin, { name: 'x', nodeId: s.location.id })).json();
    expect((await s.t.app.inject({ url: `/api/LiveView/${view.id}`, headers: s.outsider })).statusCode).toBe(
      404,
    );
    expect((await s.t.app.inject({ url: '/api/LiveView', headers: s.outsider })).json()).toEqual([]);
    expect((await s.t.app.inject({ url: '/api/LiveView/first', headers: s.outsider })).statusCode).toBe(404);
    expect((await create(s.t, s.user, { name: 'x', nodeId: s.location.id })).statusCode).toBe(403);
    expect((await create(s.t, s.outsider, { name: 'x', nodeId: s.location.id })).json().field).toBe('nodeId');
    const adj = await s.t.app.inject({
      method: 'POST',
      url: `/api/LiveView/${view.id}/adjustment`,
      headers: s.user,
      payload: { delta: 1 },
    });
    expect(adj.statusCode).toBe(403);
    expect((await s.t.app.inject({ url: `/api/LiveView/${view.id}` })).statusCode).toBe(401);
    // "live view by id needs access to occupancy"
    expect((await s.t.app.inject({ url: `/api/LiveView/${view.id}`, headers: s.noAccess })).statusCode).toBe(
      403,
    );
    expect((await s.t.app.inject({ url: '/api/LiveView', headers: s.noAccess })).statusCode).toBe(403);
  });

  it('opens one live view through a public link until the link is revoked', async () => {
    const s = await setup();
    const view = (await create(s.t, s.admin, { name: 'x', nodeId: s.location.id })).json();
    const share = await s.t.app.inject({
      method: 'POST',
      url: `/api/LiveView/${view.id}/share`,
      headers: s.admin,
    });
    expect(share.statusCode).toBe(201);
    const { token, path } = share.json();
    expect(path).toBe(`/liveview/public/${token}`);
    const pub = await s.t.app.inject({ url: `/api/LiveView/public/${token}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ id: view.id, occupancyValue: 12, hasShareLink: true });
    // a new link replaces the old one
    const again = (
      await s.t.app.inject({ method: 'POST', url: `/api/LiveView/${view.id}/share`, headers: s.admin })
    ).json();
    expect((await s.t.app.inject({ url: `/api/LiveView/public/${token}` })).statusCode).toBe(404);
    expect((await s.t.app.inject({ url: `/api/LiveView/public/${again.token}` })).statusCode).toBe(200);
    const del = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/LiveView/${view.id}/share`,
      headers: s.admin,
    });
    expect(del.statusCode).toBe(204);
    expect((await s.t.app.inject({ url: `/api/LiveView/public/${again.token}` })).statusCode).toBe(404);
    // the token itself is never stored
    const row = await s.t.db.selectFrom('live_view').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(again.token);
  });
});
