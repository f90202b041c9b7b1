import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { AggregatedQueryInput } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { trafficAnswer, valuesByTime } from '../../test/traffic-answers.js';
import { deleteRowsOfSingleMemberTotals } from '../../platform/db/migrations/0990_single_member_node_totals.js';

/**
 * A node total of one series keeps no rows of its own (migration 0990): it is answered from that
 * series' rollups. A second member joining (a door added, a series used by formulas again) builds its
 * rows from the members at that moment; down to one member (a series left out of formulas) they go.
 * The answers are the same on both sides of each change, live ingestion before and after included,
 * and the group spanning two zones (read through its children's totals by 15-minute slots) too.
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
let toronto: { id: string };
let paris: { id: string };
let door1: { id: string; key: number };
let door2: { id: string; key: number };
let parisDoor: { id: string; key: number };

const MIN = 60_000;

async function series(nodeId: string) {
  return t.app.services.series.ensureSeries({ nodeId, measurementProtocol: 'TrafficIn' });
}

/** One value per minute over [fromIso, toIso), through the live ingest path. */
async function everyMinute(key: number, fromIso: string, toIso: string, value = 1) {
  const times: number[] = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += MIN) times.push(ms);
  await t.app.services.ingest.store({ keys: times.map(() => key), times, values: times.map(() => value) });
}

/** Rows a node's TrafficIn total keeps in the three node tables. */
async function storedRows(nodeId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select ((select count(*) from node_rollup_15m r where r.node_kpi_key = k.key)
      + (select count(*) from node_rollup_hour r where r.node_kpi_key = k.key)
      + (select count(*) from node_rollup_day r where r.node_kpi_key = k.key))::int as n
    from node_kpi k where k.node_id = ${nodeId} and k.measurement_protocol = 'TrafficIn' and k.meta_tags = '{}'`.execute(
    t.db,
  );
  return rows[0]?.n ?? 0;
}

const answer = (body: Partial<AggregatedQueryInput>) => trafficAnswer(t, headers, body);
const values = valuesByTime;

/**
 * Monday 2024-06-03 seen every way the engine splits it: hours (node_rollup_hour or 15-minute series
 * rows), whole days, 15-minute slots with raw edges, business hours, each node and the group.
 */
async function answers() {
  const out: Record<string, unknown> = {};
  for (const [name, node] of [
    ['toronto', toronto],
    ['paris', paris],
    ['group', group],
  ] as const) {
    const hourly = await answer({
      nodeIds: [node.id],
      from: '2024-06-03 00:00',
      to: '2024-06-04 00:00',
      aggregation: 'PT1H',
    });
    const open = await answer({
      nodeIds: [node.id],
      from: '2024-06-03 00:00',
      to: '2024-06-04 00:00',
      aggregation: 'PT1H',
      businessHoursOnly: true,
    });
    const daily = await answer({
      nodeIds: [node.id],
      from: '2024-06-01 00:00',
      to: '2024-06-08 00:00',
      aggregation: 'P1D',
    });
    const edges = await answer({
      nodeIds: [node.id],
      from: '2024-06-03 09:07',
      to: '2024-06-03 12:52',
      aggregation: 'PT15M',
    });
    out[name] = {
      hourly: values(hourly),
      hourlySummary: hourly.summary,
      open: open.summary,
      daily: daily.data.map((d) => d.value),
      edges: edges.summary,
      edgeSlots: edges.data.map((d) => d.value),
    };
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-01-15T12:00:00Z');
  group = await makeGroup(t.db);
  toronto = await makeLocation(t.db, {
    parentId: group.id,
    attributes: { timezone: 'America/Toronto', businessHours: { '1': [['09:10', '17:00']] } },
  });
  paris = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Paris' } });
  door1 = await series((await makeDevice(t.db, { parentId: toronto.id })).id);
  parisDoor = await series((await makeDevice(t.db, { parentId: paris.id })).id);
  const admin = await makeUser(t.db, { roles: ['superAdmin'] });
  headers = await authHeader(t.ctx, admin);
});

describe('node totals of one series', () => {
  let before: Record<string, unknown>;

  it('keep no rows and are answered from their series', async () => {
    // Toronto (EDT, UTC-4) 08:00-12:00 local; Paris (CEST, UTC+2) 10:00-11:00 local
    await everyMinute(door1.key, '2024-06-03T12:00:00Z', '2024-06-03T16:00:00Z');
    await everyMinute(parisDoor.key, '2024-06-03T08:00:00Z', '2024-06-03T09:00:00Z');
    expect(await storedRows(toronto.id)).toBe(0);
    expect(await storedRows(paris.id)).toBe(0);
    // the group adds up two series: it keeps its rows
    expect(await storedRows(group.id)).toBeGreaterThan(0);
    before = await answers();
    expect(before.toronto).toMatchObject({
      hourly: { '08:00': 60, '09:00': 60, '10:00': 60, '11:00': 60, '12:00': 0 },
      hourlySummary: 240,
      // open from 09:10: 50 + 60 + 60 minutes
      open: 170,
      daily: [0, 0, 240, 0, 0, 0, 0],
      edges: 173,
    });
    expect(before.group).toMatchObject({
      hourly: { '08:00': 60, '09:00': 60, '10:00': 120, '11:00': 60 },
      hourlySummary: 300,
      // Paris has no hours: open all day
      open: 230,
      edges: 173 + 60,
    });
    await expectRollupsConsistent(t.db);
  });

  it('get their rows from the members when a second one joins; the answers stay', async () => {
    door2 = await series((await makeDevice(t.db, { parentId: toronto.id })).id);
    expect(await storedRows(toronto.id)).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
    await expectRollupsConsistent(t.db);
    // live ingestion after the change: both doors feed the rows
    await everyMinute(door2.key, '2024-06-03T13:00:00Z', '2024-06-03T14:00:00Z', 3);
    await everyMinute(door1.key, '2024-06-03T16:00:00Z', '2024-06-03T17:00:00Z', 2);
    const after = await answers();
    expect(after.toronto).toMatchObject({
      hourly: { '08:00': 60, '09:00': 240, '10:00': 60, '11:00': 60, '12:00': 120 },
      hourlySummary: 540,
      open: 170 + 150 + 120,
      daily: [0, 0, 540, 0, 0, 0, 0],
      // 09:07-12:52: door 1's 173 ones and 52 twos, door 2's 53 threes
      edges: 173 + 104 + 159,
    });
    await expectRollupsConsistent(t.db);
  });

  it('lose their rows when down to one member, and follow live ingestion after', async () => {
    const both = await answers();
    // door 2 left out of formulas: the store's total is door 1 again
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/TimeSeries/info/${toronto.id}`,
      headers,
      payload: [{ timeSeriesId: door2.id, usedByFormula: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedRows(toronto.id)).toBe(0);
    const single = await answers();
    expect(single.toronto).toMatchObject({
      hourly: { '08:00': 60, '09:00': 60, '10:00': 60, '11:00': 60, '12:00': 120 },
      hourlySummary: 360,
      edges: 173 + 104,
    });
    await everyMinute(door1.key, '2024-06-03T17:00:00Z', '2024-06-03T18:00:00Z');
    expect(await storedRows(toronto.id)).toBe(0);
    expect(((await answers()).toronto as { hourly: Record<string, number> }).hourly['13:00']).toBe(60);
    await expectRollupsConsistent(t.db);
    // and back: used by formulas again, the rows are built from both doors as they are now
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/TimeSeries/info/${toronto.id}`,
      headers,
      payload: [{ timeSeriesId: door2.id, usedByFormula: true }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await storedRows(toronto.id)).toBeGreaterThan(0);
    const again = (await answers()).toronto as { hourly: Record<string, number>; hourlySummary: number };
    expect(again.hourly).toEqual({
      ...(both.toronto as { hourly: Record<string, number> }).hourly,
      '13:00': 60,
    });
    expect(again.hourlySummary).toBe(540 + 60);
    await expectRollupsConsistent(t.db);
  });

  it('lose the rows an older version wrote to migration 0990, the others kept', async () => {
    // Paris has one door: rows as the engine wrote them before (copies of the door's rollups)
    await sql`
      insert into node_rollup_15m (node_kpi_key, bucket, sum, count, bh_sum, bh_count)
      select k.key, r.bucket, r.sum, r.count, r.bh_sum, r.bh_count from rollup_15m r, node_kpi k
      where r.series_key = ${parisDoor.key} and k.node_id = ${paris.id} and k.measurement_protocol = 'TrafficIn'`.execute(
      t.db,
    );
    await sql`
      insert into node_rollup_day (node_kpi_key, local_date, sum, count, bh_sum, bh_count)
      select k.key, r.local_date, r.sum, r.count, r.bh_sum, r.bh_count from rollup_day r, node_kpi k
      where r.series_key = ${parisDoor.key} and k.node_id = ${paris.id} and k.measurement_protocol = 'TrafficIn'`.execute(
      t.db,
    );
    expect(await storedRows(paris.id)).toBeGreaterThan(0);
    const kept = { toronto: await storedRows(toronto.id), group: await storedRows(group.id) };
    await t.db
      .transaction()
      .execute((trx) => deleteRowsOfSingleMemberTotals(trx as unknown as Kysely<unknown>));
    expect(await storedRows(paris.id)).toBe(0);
    expect({ toronto: await storedRows(toronto.id), group: await storedRows(group.id) }).toEqual(kept);
    await expectRollupsConsistent(t.db);
  });
});
