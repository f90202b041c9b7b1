import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeOrganisation,
  makeUser,
  type MadeUser,
  type Organisation,
} from '../../test/factories.js';

const BASE = '/api/TimeSeries';

describe('time series API', () => {
  let t: TestApp;
  let org: Organisation;
  let root: MadeUser, adminA: MadeUser, userA1: MadeUser, adminB: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    org = await makeOrganisation(t.db);
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientA.id });
    userA1 = await makeUser(t.db, { roles: ['User'], scopeNodeId: org.regionA1.id });
    adminB = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientB.id });
  });

  const call = async (user: MadeUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: await authHeader(t.ctx, user),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('creates a series on a device in scope, with the location time zone, and logs it', async () => {
    const res = await call(adminA, 'POST', BASE, {
      nodeId: org.deviceA1.id,
      measurementProtocol: 'TrafficIn',
    });
    expect(res.statusCode).toBe(201);
    const { timeSeriesId } = res.json();
    const got = await call(userA1, 'GET', `${BASE}/${timeSeriesId}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id: timeSeriesId,
      nodeId: org.deviceA1.id,
      measurementProtocol: 'TrafficIn',
      metaTags: [],
      intervalSeconds: 60,
      usedByFormula: true,
      timeZone: 'America/Toronto',
      lastObservationOccurredOn: null,
    });
    const log = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'TimeSeries.Create')
      .where('target', '=', timeSeriesId)
      .execute();
    expect(log).toHaveLength(1);
    // the series joined the totals of its location and of every group above it
    const totals = await t.db
      .selectFrom('node_kpi_member')
      .innerJoin('node_kpi', 'node_kpi.key', 'node_kpi_member.node_kpi_key')
      .innerJoin('time_series', 'time_series.key', 'node_kpi_member.series_key')
      .select('node_kpi.node_id')
      .where('time_series.id', '=', timeSeriesId)
      .execute();
    expect(totals.map((r) => r.node_id).sort()).toEqual(
      [org.storeA1.id, org.regionA1.id, org.clientA.id].sort(),
    );
  });

  it('refuses a duplicate, an unknown protocol, a node outside scope and a non-admin', async () => {
    const body = { nodeId: org.deviceA2.id, measurementProtocol: 'TrafficOut', metaTags: ['children'] };
    expect((await call(adminA, 'POST', BASE, body)).statusCode).toBe(201);
    const dup = await call(adminA, 'POST', BASE, body);
    expect(dup.statusCode).toBe(409);
    const bad = await call(adminA, 'POST', BASE, { nodeId: org.deviceA2.id, measurementProtocol: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('measurementProtocol');
    expect((await call(adminA, 'POST', BASE, { ...body, nodeId: org.deviceB.id })).statusCode).toBe(404);
    expect((await call(userA1, 'POST', BASE, { ...body, nodeId: org.deviceA1.id })).statusCode).toBe(403);
    const count = await t.db
      .selectFrom('time_series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('node_id', '=', org.deviceB.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lists only series in scope and hides the others as 404', async () => {
    const b = await call(adminB, 'POST', BASE, { nodeId: org.deviceB.id, measurementProtocol: 'TrafficIn' });
    expect(b.statusCode).toBe(201);
    const listA1 = (await call(userA1, 'GET', BASE)).json() as { nodeId: string }[];
    expect(listA1.length).toBeGreaterThan(0);
    // the door's series and the occupancy history its location got by default, nothing else
    expect(listA1.every((s) => [org.deviceA1.id, org.storeA1.id].includes(s.nodeId))).toBe(true);
    const all = (await call(root, 'GET', BASE)).json() as { nodeId: string }[];
    expect(all.some((s) => s.nodeId === org.deviceB.id)).toBe(true);
    expect((await call(adminA, 'GET', `${BASE}/${b.json().timeSeriesId}`)).statusCode).toBe(404);
    const byNode = await call(adminA, 'GET', `${BASE}?nodeId=${org.deviceB.id}`);
    expect(byNode.statusCode).toBe(404);
  });

  it('answers meta tags in scope, protocols and aggregation types of the catalogue', async () => {
    expect((await call(adminA, 'GET', `${BASE}/metatags`)).json()).toEqual(['children']);
    expect((await call(adminB, 'GET', `${BASE}/metatags`)).json()).toEqual([]);
    const protocols = (await call(userA1, 'GET', `${BASE}/measurement-protocols`)).json() as string[];
    expect(protocols.slice(0, 2)).toEqual(['TrafficIn', 'TrafficOut']);
    expect(protocols).toContain('QueueAbandonmentCount');
    expect(protocols).not.toContain('ForecastTrafficIn');
    const types = (await call(userA1, 'GET', `${BASE}/aggregation-types`)).json() as {
      kpi: string;
      aggregateFunctions: string[];
    }[];
    const of = (kpi: string) => types.find((x) => x.kpi === kpi)?.aggregateFunctions;
    expect(of('TrafficIn')).toEqual(['Sum']);
    expect(of('Occupancy')).toEqual(expect.arrayContaining(['First', 'Last']));
    expect(of('DwellTime')).toEqual(['Avg', 'Max']);
    expect(of('QueuingTime')).toEqual(['Avg', 'Max']);
    expect(of('QueueLength')).toEqual(['Max']);
  });

  it('reads and updates time-series info (usedByFormula) under a node', async () => {
    const info = await call(adminA, 'GET', `${BASE}/info/${org.storeA1.id}`);
    expect(info.statusCode).toBe(200);
    const [first] = info.json() as { timeSeriesId: string; usedByFormula: boolean; name: string }[];
    expect(first).toMatchObject({ usedByFormula: true, name: 'Door A1 - TrafficIn' });
    const put = await call(adminA, 'PUT', `${BASE}/info/${org.storeA1.id}`, [
      { timeSeriesId: first!.timeSeriesId, usedByFormula: false },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json()[0]).toMatchObject({ timeSeriesId: first!.timeSeriesId, usedByFormula: false });
    // excluded from formulas = no longer part of its ancestors' totals
    const members = await t.db
      .selectFrom('node_kpi_member')
      .innerJoin('time_series', 'time_series.key', 'node_kpi_member.series_key')
      .select('node_kpi_key')
      .where('time_series.id', '=', first!.timeSeriesId)
      .execute();
    expect(members).toHaveLength(0);
    // a series outside the node is refused, naming the item
    const other = (await call(adminA, 'GET', `${BASE}/info/${org.storeA2.id}`)).json()[0].timeSeriesId;
    const bad = await call(adminA, 'PUT', `${BASE}/info/${org.storeA1.id}`, [
      { timeSeriesId: other, usedByFormula: false },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('0.timeSeriesId');
    expect((await call(userA1, 'PUT', `${BASE}/info/${org.storeA1.id}`, [])).statusCode).toBe(403);
    expect((await call(adminB, 'GET', `${BASE}/info/${org.storeA1.id}`)).statusCode).toBe(404);
  });
});
