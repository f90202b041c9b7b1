import { describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { DEFAULT_MOBILE_SETTINGS } from '@footfall/domain';
import { createTestApp } from '../../test/harness.js';
import { collect, hubClient, listen, makeNode, makeUser } from './live-test-helpers.js';

const closed = (c: { onclose(cb: (e?: Error) => void): void }) =>
  new Promise<Error | undefined>((r) => c.onclose((e) => r(e)));

describe('live hub /signalr with real tokens and scopes', () => {
  it('subscribes a user to nodes in scope and pushes NewOccupancy for them only', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const group = await makeNode(t, 'group', null);
    const inside = await makeNode(t, 'location', group);
    const other = await makeNode(t, 'location', await makeNode(t, 'group', null));
    const user = await makeUser(t, ['User'], group);

    const c = hubClient(base, user.token);
    await c.start();
    const got = collect(c, 'NewOccupancy');
    expect(await c.invoke('MeasurementsLiveFeed', [inside])).toEqual({ subscribed: [inside] });

    // out of scope: refused with an error, and nothing is joined (not even the in-scope id)
    await expect(c.invoke('MeasurementsLiveFeed', [inside, other])).rejects.toThrow(/outside your scope/);
    await expect(c.invoke('MeasurementsLiveFeed', ['not-a-uuid'])).rejects.toThrow(/nodeIds/);

    const occurredOn = '2025-03-01T12:00:00.000Z';
    t.ctx.bus.emit('occupancyChanged', { nodeId: other, occupancyId: 'o2', value: 9, occurredOn });
    t.ctx.bus.emit('occupancyChanged', { nodeId: inside, occupancyId: 'o1', value: 7, occurredOn });
    await expect.poll(() => got).toEqual([[inside, 7, occurredOn, 'o1']]);
  });

  it('acknowledges hello', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const user = await makeUser(t, ['User'], await makeNode(t, 'group', null));
    const c = hubClient(base, user.token);
    await c.start();
    const ack = await c.invoke('Hello');
    expect(ack).toMatchObject({ acknowledged: true, connectionId: c.connectionId });
  });

  it('refuses connections without a token, with a forged token, or for a disabled user', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    await expect(hubClient(base, null).start()).rejects.toThrow(/401/);
    await expect(hubClient(base, 'eyJhbGciOiJIUzI1NiJ9.e30.x').start()).rejects.toThrow(/401/);
    const user = await makeUser(t, ['User'], await makeNode(t, 'group', null));
    await t.db.updateTable('app_user').set({ disabled_at: new Date() }).where('id', '=', user.id).execute();
    await expect(hubClient(base, user.token).start()).rejects.toThrow(/401/);
  });

  it('closes the connections of a user disabled while connected', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const user = await makeUser(t, ['User'], await makeNode(t, 'group', null));
    const c = hubClient(base, user.token);
    await c.start();
    const whenClosed = closed(c);
    await t.db.updateTable('app_user').set({ disabled_at: new Date() }).where('id', '=', user.id).execute();
    t.ctx.bus.emit('userAccessChanged', { userId: user.id });
    expect((await whenClosed)?.message).toMatch(/Access revoked/);
    expect(c.state).toBe(HubConnectionState.Disconnected);
  });

  it('drops subscriptions that leave the user scope when the scope changes', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const g1 = await makeNode(t, 'group', null);
    const g2 = await makeNode(t, 'group', null);
    const loc = await makeNode(t, 'location', g1);
    const user = await makeUser(t, ['User'], g1);
    const c = hubClient(base, user.token);
    await c.start();
    const got = collect(c, 'NewOccupancy');
    await c.invoke('MeasurementsLiveFeed', [loc]);
    await t.db.updateTable('app_user').set({ scope_node_id: g2 }).where('id', '=', user.id).execute();
    t.ctx.bus.emit('userAccessChanged', { userId: user.id });
    await new Promise((r) => setTimeout(r, 200));
    t.ctx.bus.emit('occupancyChanged', { nodeId: loc, occupancyId: 'o', value: 1, occurredOn: 'x' });
    await c.invoke('Hello'); // a round trip: anything sent before it has arrived
    expect(got).toEqual([]);
  });

  it('closes the connection with an error on an oversized message (over 32 KiB)', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const user = await makeUser(t, ['User'], await makeNode(t, 'group', null));
    const c = hubClient(base, user.token);
    await c.start();
    const whenClosed = closed(c);
    c.send('MeasurementsLiveFeed', ['x'.repeat(40 * 1024)]).catch(() => undefined);
    expect((await whenClosed)?.message).toMatch(/Message too large/);
  });

  it('refuses a browser from a foreign origin', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const user = await makeUser(t, ['User'], await makeNode(t, 'group', null));
    const res = await fetch(`${base}/signalr/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, origin: 'https://evil.example.net' },
    });
    expect(res.status).toBe(403);
    const ok = await fetch(`${base}/signalr/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, origin: 'https://footfall.example.com' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
  });
});

describe('live hub for public live view links', () => {
  it('lets a share token watch its live view node only, until the link is revoked', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const group = await makeNode(t, 'group', null);
    const loc = await makeNode(t, 'location', group);
    const other = await makeNode(t, 'location', group);
    const admin = await makeUser(t, ['admin'], group);
    const auth = { authorization: `Bearer ${admin.token}` };
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/LiveView',
        headers: auth,
        payload: { name: 'd', nodeId: loc },
      })
    ).json();
    const { token } = (
      await t.app.inject({ method: 'POST', url: `/api/LiveView/${view.id}/share`, headers: auth })
    ).json();

    const c = hubClient(base, token);
    await c.start();
    const got = collect(c, 'NewOccupancy');
    await expect(c.invoke('MeasurementsLiveFeed', [other])).rejects.toThrow(/outside your scope/);
    await c.invoke('MeasurementsLiveFeed', [loc]);
    t.ctx.bus.emit('occupancyChanged', { nodeId: loc, occupancyId: 'o', value: 3, occurredOn: 't' });
    await expect.poll(() => got).toEqual([[loc, 3, 't', 'o']]);

    const whenClosed = closed(c);
    await t.app.inject({ method: 'DELETE', url: `/api/LiveView/${view.id}/share`, headers: auth });
    expect((await whenClosed)?.message).toMatch(/Access revoked/);
    await expect(hubClient(base, token).start()).rejects.toThrow(/401/);
  });

  it('sends NewLiveViewSettings to the live view node subscribers when it changes', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const group = await makeNode(t, 'group', null);
    const loc = await makeNode(t, 'location', group);
    const occ = await t.db
      .insertInto('occupancy_config')
      .values({ node_id: loc, floor_values: [0] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await makeUser(t, ['admin'], group);
    const auth = { authorization: `Bearer ${admin.token}` };
    const c = hubClient(base, admin.token);
    await c.start();
    const got = collect(c, 'NewLiveViewSettings');
    await c.invoke('MeasurementsLiveFeed', [loc]);
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/LiveView',
        headers: auth,
        payload: { name: 'd', nodeId: loc, warningThreshold: 5, alertThreshold: 9 },
      })
    ).json();
    await expect.poll(() => got).toEqual([[occ.id, 5, 9, view.id]]);
  });
});

describe('MeasurementsLiveFeed messages', () => {
  it('sends the latest values of the subscribed node and its devices, at most once a second', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    const group = await makeNode(t, 'group', null);
    const loc = await makeNode(t, 'location', group);
    const device = await makeNode(t, 'device', loc);
    const series = await t.db
      .insertInto('time_series')
      .values({ node_id: device, measurement_protocol: 'TrafficIn', meta_tags: [] })
      .returning(['id', 'key'])
      .executeTakeFirstOrThrow();
    const user = await makeUser(t, ['User'], group);
    const c = hubClient(base, user.token);
    await c.start();
    const got = collect(c, 'MeasurementsLiveFeed');
    await c.invoke('MeasurementsLiveFeed', [loc]);
    // the current values come right after subscribing
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]).toEqual([
      {
        nodeId: loc,
        items: [expect.objectContaining({ id: series.id, measurementProtocol: 'TrafficIn', value: null })],
      },
    ]);

    const at: number[] = [];
    c.on('MeasurementsLiveFeed', () => at.push(Date.now()));
    for (let i = 1; i <= 5; i++) {
      await t.db
        .insertInto('measurement')
        .values({ series_key: series.key, occurred_on: new Date(Date.UTC(2025, 0, 1, 10, i)), value: i })
        .execute();
      t.ctx.bus.emit('measurementsIngested', { timeSeriesIds: [series.id], nodeIds: [device] });
    }
    await expect.poll(() => got.length, { timeout: 3000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 1300));
    // five ingests within a second: the first goes at once, the others ride on one message a second later
    expect(got).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
    const last = got[2]![0] as { nodeId: string; items: { value: number; occurredOn: string }[] };
    expect(last.nodeId).toBe(loc);
    expect(last.items[0]).toMatchObject({ value: 5, occurredOn: '2025-01-01T10:05:00.000Z' });
  });
});

describe('occupancy through the hub (ingest, adjustment)', () => {
  it('pushes NewOccupancy after an ingest and after an audited adjustment returning occupancyValue', async () => {
    const t = await createTestApp();
    t.clock.set(new Date());
    const base = await listen(t);
    const group = await makeNode(t, 'group', null);
    const store = await makeNode(t, 'location', group, { timezone: 'America/Toronto' });
    const door = await makeNode(t, 'device', store);
    const admin = await makeUser(t, ['admin'], group);
    const operator = await makeUser(t, ['OccupancyOperator'], group);
    const viewer = await makeUser(t, ['User'], group);
    await t.db
      .updateTable('app_user')
      .set({ mobile_settings: JSON.stringify({ ...DEFAULT_MOBILE_SETTINGS, hasAccessOccupancy: true }) })
      .where('id', '=', viewer.id)
      .execute();
    const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
    const series = async (measurementProtocol: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/TimeSeries',
          headers: auth(admin),
          payload: { nodeId: door, measurementProtocol },
        })
      ).json().timeSeriesId as string;
    const trafficIn = await series('TrafficIn');
    await series('TrafficOut');
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/LiveView',
        headers: auth(admin),
        payload: { name: 'Door', nodeId: store, warningThreshold: 2, alertThreshold: 4 },
      })
    ).json();
    expect(view.occupancyId).toBeTruthy();

    const c = hubClient(base, viewer.token);
    await c.start();
    const got = collect(c, 'NewOccupancy');
    await c.invoke('MeasurementsLiveFeed', [store]);

    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/measurements',
      headers: auth(admin),
      payload: {
        measurements: [{ timeSeriesId: trafficIn, occurredOn: t.clock.now().toISOString(), value: 3 }],
      },
    });
    expect(ingest.statusCode).toBe(200);
    await expect.poll(() => got.map((a) => a[1])).toEqual([3]);
    expect(got[0]!.slice(0, 1).concat(got[0]!.slice(3))).toEqual([store, view.occupancyId]);

    const adjust = (u: { token: string }, payload: Record<string, number>) =>
      t.app.inject({ method: 'POST', url: `/api/LiveView/${view.id}/adjustment`, headers: auth(u), payload });
    expect((await adjust(viewer, { delta: -1 })).statusCode).toBe(403);
    expect((await adjust(operator, { delta: 1, value: 3 })).json().field).toBe('delta');
    const res = await adjust(operator, { delta: -1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ occupancyValue: 2 });
    await expect.poll(() => got.map((a) => a[1])).toEqual([3, 2]);
    const again = await t.app.inject({ url: `/api/LiveView/${view.id}`, headers: auth(viewer) });
    expect(again.json().occupancyValue).toBe(2);
    const log = await t.db
      .selectFrom('event_log')
      .select(['requester', 'target', 'details'])
      .where('command', '=', 'LiveView.Adjust')
      .execute();
    expect(log).toEqual([
      {
        requester: operator.username,
        target: view.id,
        details: { occupancyId: view.occupancyId, delta: -1, occupancyValue: 2 },
      },
    ]);
  });
});
