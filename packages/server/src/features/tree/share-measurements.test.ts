import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AggregatedQueryInput, AggregatedSeries } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';

/**
 * `shareMeasurementsFrom` is real (issue 12): a node created through the API to share another node's
 * measurements counts them in its totals, through the aggregated query, compared with an independent
 * sum over the raw values; the shared node and the ancestors holding both count each value once.
 */
let t: TestApp;
let headers: Record<string, string>;
const MIN = 60_000;
const ZONE = 'America/Toronto';
// the local day 2024-03-05 in Toronto (EST, UTC-5)
const DAY_FROM = '2024-03-05T05:00:00Z';
const DAY_TO = '2024-03-06T05:00:00Z';
const key = async (nodeId: string) =>
  (await t.app.services.series.ensureSeries({ nodeId, measurementProtocol: 'TrafficIn' })).key;

async function everyMinute(k: number, fromIso: string, toIso: string, value: number) {
  const times: number[] = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += MIN) times.push(ms);
  await t.app.services.ingest.store({ keys: times.map(() => k), times, values: times.map(() => value) });
}

/** The independent answer: raw values of the given series inside the local day, summed in SQL. */
async function rawSum(keys: number[]): Promise<number> {
  const { rows } = await sql<{ s: number | null }>`
    select sum(value)::float8 as s from measurement
    where series_key = any(${keys}::int[]) and occurred_on >= ${new Date(DAY_FROM)} and occurred_on < ${new Date(DAY_TO)}`.execute(
    t.db,
  );
  return rows[0]?.s ?? 0;
}

async function total(nodeId: string, aggregation = 'P1D', extra: Partial<AggregatedQueryInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/TimeSeries/AggregatedTimeSeries',
    headers,
    payload: {
      nodeIds: [nodeId],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2024-03-05 00:00',
      to: '2024-03-06 00:00',
      aggregation,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AggregatedSeries[])[0]!;
}

async function createNode(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/OrganizationalTree', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; shareMeasurementsFrom: string | null };
}

let region: { id: string };
let otherRegion: { id: string };
let oldStore: { id: string };
let oldDoor: { id: string };
let newStore: { id: string; shareMeasurementsFrom: string | null };
let newDoor: { id: string };
let replacement: { id: string; shareMeasurementsFrom: string | null };
const keys: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2024-03-10T12:00:00Z');
  const client = await makeGroup(t.db);
  region = await makeGroup(t.db, { parentId: client.id });
  otherRegion = await makeGroup(t.db, { parentId: client.id });
  oldStore = await makeLocation(t.db, { parentId: region.id, attributes: { timezone: ZONE } });
  oldDoor = await makeDevice(t.db, { parentId: oldStore.id });
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: client.id });
  headers = await authHeader(t.ctx, admin);
  keys.oldDoor = await key(oldDoor.id);
  await everyMinute(keys.oldDoor, DAY_FROM, DAY_TO, 1);

  // a device replacing the old door, in the same store, reads the old door's measurements too
  replacement = await createNode({
    parentId: oldStore.id,
    name: 'Replacement door',
    type: 'DeviceNodeAttributes',
    shareMeasurementsFrom: oldDoor.id,
  });
  keys.replacement = await key(replacement.id);
  // a new store in the same region sharing the old store's measurements, with a door of its own
  newStore = await createNode({
    parentId: region.id,
    name: 'New store',
    type: 'StoreNodeAttributes',
    attributes: JSON.stringify({ timezone: ZONE }),
    shareMeasurementsFrom: oldStore.id,
  });
  newDoor = await makeDevice(t.db, { parentId: newStore.id });
  keys.newDoor = await key(newDoor.id);
  await t.app.services.series.refreshStale();
  // values arriving after the sharing was set up flow through ingestion into the sharing totals
  await everyMinute(keys.replacement, '2024-03-05T14:00:00Z', '2024-03-05T20:00:00Z', 5);
  await everyMinute(keys.newDoor, DAY_FROM, DAY_TO, 2);
});

describe('shareMeasurementsFrom through POST /api/TimeSeries/AggregatedTimeSeries', () => {
  it('stores the link on create', async () => {
    expect(replacement.shareMeasurementsFrom).toBe(oldDoor.id);
    expect(newStore.shareMeasurementsFrom).toBe(oldStore.id);
  });

  it('counts the shared device in the replacing device, alone', async () => {
    const expected = await rawSum([keys.oldDoor!, keys.replacement!]);
    expect(expected).toBe(24 * 60 + 6 * 60 * 5);
    expect((await total(replacement.id)).summary).toBe(expected);
    expect((await total(replacement.id, 'PT1H')).data.reduce((a, d) => a + (d.value ?? 0), 0)).toBe(expected);
  });

  it('counts the shared store in the sharing store (days, hours, 15 minutes and raw edges)', async () => {
    const expected = await rawSum([keys.oldDoor!, keys.replacement!, keys.newDoor!]);
    expect(expected).toBe(24 * 60 + 6 * 60 * 5 + 24 * 60 * 2);
    expect((await total(newStore.id)).summary).toBe(expected);
    const hourly = await total(newStore.id, 'PT1H');
    expect(hourly.data).toHaveLength(24);
    expect(hourly.data.reduce((a, d) => a + (d.value ?? 0), 0)).toBe(expected);
    // 09:10-09:50 local: raw minutes at unaligned edges
    const edge = await total(newStore.id, 'PT0S', { from: '2024-03-05 09:10', to: '2024-03-05 09:50' });
    const edgeRaw = await sql<{ s: number }>`
      select sum(value)::float8 as s from measurement
      where series_key = any(${[keys.oldDoor!, keys.replacement!, keys.newDoor!]}::int[])
        and occurred_on >= '2024-03-05T14:10:00Z' and occurred_on < '2024-03-05T14:50:00Z'`.execute(t.db);
    expect(edge.summary).toBe(edgeRaw.rows[0]!.s);
  });

  it('leaves the shared nodes their own totals, not doubled', async () => {
    // the old door alone: its own series only
    expect((await total(oldDoor.id)).summary).toBe(await rawSum([keys.oldDoor!]));
    // the old store holds both doors: the replacement shares the old door's values, counted once
    expect((await total(oldStore.id)).summary).toBe(await rawSum([keys.oldDoor!, keys.replacement!]));
  });

  it('counts each value once in an ancestor of both the sharing and the shared node', async () => {
    const all = await rawSum([keys.oldDoor!, keys.replacement!, keys.newDoor!]);
    expect((await total(region.id)).summary).toBe(all);
    expect((await total(region.id, 'PT15M')).data.reduce((a, d) => a + (d.value ?? 0), 0)).toBe(all);
    await expectRollupsConsistent(t.db);
  });

  it('follows a move of the sharing node: its new ancestors count the shared values, the old ones stop', async () => {
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/OrganizationalTree/move',
      headers,
      payload: { nodeId: newStore.id, parentId: otherRegion.id },
    });
    expect(move.statusCode, move.body).toBe(200);
    await t.app.services.series.refreshStale();
    expect((await total(otherRegion.id)).summary).toBe(
      await rawSum([keys.oldDoor!, keys.replacement!, keys.newDoor!]),
    );
    expect((await total(region.id)).summary).toBe(await rawSum([keys.oldDoor!, keys.replacement!]));
    await expectRollupsConsistent(t.db);
  });

  it('stops counting the shared values once the sharing node is deleted', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/OrganizationalTree/${newStore.id}`,
      headers,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    await t.app.services.series.refreshStale();
    const remaining = await sql<{ n: number }>`
      select count(*)::int as n from node_kpi_member m join node_kpi k on k.key = m.node_kpi_key
      where k.node_id = ${otherRegion.id} and m.series_key = ${keys.oldDoor!}`.execute(t.db);
    expect(remaining.rows[0]!.n).toBe(0);
    await expectRollupsConsistent(t.db);
  });

  it('refuses to share between nodes of different types, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/OrganizationalTree',
      headers,
      payload: {
        parentId: oldStore.id,
        name: 'Bad',
        type: 'DeviceNodeAttributes',
        shareMeasurementsFrom: oldStore.id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('shareMeasurementsFrom');
  });
});
