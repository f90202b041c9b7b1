import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AggregatedQueryInput } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { trafficAnswer, valuesByTime } from '../../test/traffic-answers.js';

/**
 * Hourly node totals (node_rollup_hour, migration 0103): keyed by each member's local hour, kept
 * current on ingest (late and re-sent points included), across DST in Toronto and in a +05:30 zone,
 * and what the aggregated query answers from them.
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
let toronto: { id: string };
let kolkata: { id: string };
let torontoDoor: number;
let kolkataDoor: number;

const MIN = 60_000;

async function series(nodeId: string) {
  return (await t.app.services.series.ensureSeries({ nodeId, measurementProtocol: 'TrafficIn' })).key;
}

/** One value per minute over [fromIso, toIso). */
async function everyMinute(key: number, fromIso: string, toIso: string, value = 1) {
  const times: number[] = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += MIN) times.push(ms);
  await t.app.services.ingest.store({ keys: times.map(() => key), times, values: times.map(() => value) });
}

/** Hourly node rows of a node's TrafficIn total over a local day: 'HH:mm' -> [sum, bh_sum]. */
async function hourRows(nodeId: string, date: string) {
  const { rows } = await sql<{ hour: string; sum: number; bh_sum: number }>`
    select to_char(r.local_hour, 'HH24:MI') as hour, r.sum, r.bh_sum
    from node_total_hour r join node_kpi k on k.key = r.node_kpi_key
    where k.node_id = ${nodeId} and k.measurement_protocol = 'TrafficIn' and k.meta_tags = '{}'
      and r.local_hour >= ${date}::date and r.local_hour < ${date}::date + 1 and r.count > 0
    order by r.local_hour`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.hour, [r.sum, r.bh_sum]]));
}

const answer = (body: Partial<AggregatedQueryInput>) => trafficAnswer(t, headers, body);
const values = valuesByTime;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-01-15T12:00:00Z');
  group = await makeGroup(t.db);
  toronto = await makeLocation(t.db, {
    parentId: group.id,
    attributes: { timezone: 'America/Toronto', businessHours: { '1': [['10:30', '17:00']] } },
  });
  kolkata = await makeLocation(t.db, {
    parentId: group.id,
    attributes: { timezone: 'Asia/Kolkata', businessHours: { '1': [['09:15', '20:00']] } },
  });
  torontoDoor = await series((await makeDevice(t.db, { parentId: toronto.id })).id);
  kolkataDoor = await series((await makeDevice(t.db, { parentId: kolkata.id })).id);
  const admin = await makeUser(t.db, { roles: ['superAdmin'] });
  headers = await authHeader(t.ctx, admin);
});

describe('hourly node totals', () => {
  it('follow late and re-sent points, business hours included', async () => {
    // Monday 2024-06-03 in Toronto (EDT, UTC-4): 10:00-10:59 local, then late points
    await everyMinute(torontoDoor, '2024-06-03T14:00:00Z', '2024-06-03T15:00:00Z');
    expect(await hourRows(toronto.id, '2024-06-03')).toEqual({ '10:00': [60, 30] });
    await t.app.services.ingest.store({
      keys: [torontoDoor, torontoDoor, torontoDoor],
      times: [
        Date.parse('2024-06-03T14:30:00Z'),
        Date.parse('2024-06-03T13:59:00Z'),
        Date.parse('2024-06-03T14:10:00Z'),
      ],
      values: [5, 2, 0],
    });
    // 10:30 re-sent as 5 (+4, inside hours), 09:59 late (+2, closed), 10:10 re-sent as 0 (-1, closed)
    expect(await hourRows(toronto.id, '2024-06-03')).toEqual({ '09:00': [2, 0], '10:00': [63, 34] });
    expect(await hourRows(group.id, '2024-06-03')).toEqual({ '09:00': [2, 0], '10:00': [63, 34] });
    const plain = await answer({
      nodeIds: [group.id],
      from: '2024-06-03 09:00',
      to: '2024-06-03 11:00',
      aggregation: 'PT1H',
    });
    expect(values(plain)).toEqual({ '09:00': 2, '10:00': 63 });
    const open = await answer({
      nodeIds: [toronto.id],
      from: '2024-06-03 09:00',
      to: '2024-06-03 11:00',
      aggregation: 'PT1H',
      businessHoursOnly: true,
    });
    expect(values(open)).toEqual({ '09:00': 0, '10:00': 34 });
    await expectRollupsConsistent(t.db);
  });

  it('put both instants of the repeated autumn hour in one local hour, and skip the spring gap', async () => {
    // Sunday 2024-11-03: 04:00Z-08:00Z = 00:00 EDT, 01:00 EDT, 01:00 EST, 02:00 EST
    await everyMinute(torontoDoor, '2024-11-03T04:00:00Z', '2024-11-03T08:00:00Z');
    expect(await hourRows(toronto.id, '2024-11-03')).toEqual({
      '00:00': [60, 0],
      '01:00': [120, 0],
      '02:00': [60, 0],
    });
    const autumn = await answer({
      nodeIds: [toronto.id],
      from: '2024-11-03 00:00',
      to: '2024-11-03 03:00',
      aggregation: 'PT1H',
    });
    expect(values(autumn)).toEqual({ '00:00': 60, '01:00': 120, '02:00': 60 });
    expect(autumn.summary).toBe(240);
    // Sunday 2024-03-10: 06:00Z-08:00Z = 01:00 EST, then 03:00 EDT (02:00 never happens)
    await everyMinute(torontoDoor, '2024-03-10T06:00:00Z', '2024-03-10T08:00:00Z');
    expect(await hourRows(toronto.id, '2024-03-10')).toEqual({ '01:00': [60, 0], '03:00': [60, 0] });
    const spring = await answer({
      nodeIds: [group.id],
      from: '2024-03-10 00:00',
      to: '2024-03-10 05:00',
      aggregation: 'PT1H',
    });
    expect(values(spring)['01:00']).toBe(60);
    expect(values(spring)['03:00']).toBe(60);
    expect(spring.summary).toBe(120);
    await expectRollupsConsistent(t.db);
  });

  it('hold whole local hours of a +05:30 zone, and unaligned edges still come from 15-minute slots', async () => {
    // Monday 2024-06-03, 03:00Z-05:00Z = 08:30-10:30 in Kolkata
    await everyMinute(kolkataDoor, '2024-06-03T03:00:00Z', '2024-06-03T05:00:00Z');
    expect(await hourRows(kolkata.id, '2024-06-03')).toEqual({
      '08:00': [30, 0],
      '09:00': [60, 45],
      '10:00': [30, 30],
    });
    const hourly = await answer({
      nodeIds: [kolkata.id],
      from: '2024-06-03 08:00',
      to: '2024-06-03 11:00',
      aggregation: 'PT1H',
    });
    expect(values(hourly)).toEqual({ '08:00': 30, '09:00': 60, '10:00': 30 });
    // 08:45-10:15: a quarter, a whole hour, a quarter; and 09:07-10:52: raw edges around them
    const quarters = await answer({
      nodeIds: [kolkata.id],
      from: '2024-06-03 08:45',
      to: '2024-06-03 10:15',
      aggregation: 'PT15M',
    });
    expect(quarters.summary).toBe(90);
    expect(quarters.data.map((d) => d.value)).toEqual([15, 15, 15, 15, 15, 15]);
    const edges = await answer({
      nodeIds: [group.id],
      from: '2024-06-03 09:07',
      to: '2024-06-03 10:52',
      aggregation: 'P1D',
      businessHoursOnly: true,
    });
    // the range in each zone: Kolkata open from 09:15, 09:15-10:29 (75 points); Toronto (first test)
    // open from 10:30, 10:30-10:51 (the re-sent 5 and 21 ones)
    expect(edges.summary).toBe(75 + 26);
    await expectRollupsConsistent(t.db);
  });

  it('are read from the primary key alone: it carries sum, count and their business-hours parts', async () => {
    // migration 0995: sub-day queries read hours through the key without visiting the heap
    const { rows } = await sql<{ def: string }>`
      select pg_get_indexdef('node_rollup_hour_pkey'::regclass) as def`.execute(t.db);
    expect(rows[0]!.def).toContain('(node_kpi_key, local_hour) INCLUDE (count, bh_count, sum, bh_sum)');
    // the ON CONFLICT target of the ingest path is still the key: a re-sent point adds its delta
    const before = await hourRows(kolkata.id, '2024-06-03');
    await everyMinute(kolkataDoor, '2024-06-03T04:00:00Z', '2024-06-03T04:01:00Z', 3);
    const after = await hourRows(kolkata.id, '2024-06-03');
    expect(after['09:00']![0]).toBe(before['09:00']![0]! + 3 - 1);
  });

  it("leave series' days to a key that carries their sums too (read index-only, still the upserts' target)", async () => {
    // migration 0996: sums of series (devices, totals of one series) over whole days
    const { rows } = await sql<{ def: string }>`
      select pg_get_indexdef('rollup_day_pkey'::regclass) as def`.execute(t.db);
    expect(rows[0]!.def).toContain('(series_key, local_date) INCLUDE (count, bh_count, sum, bh_sum)');
    const day = async () =>
      (
        await sql<{ sum: number }>`
          select sum from rollup_day where series_key = ${kolkataDoor} and local_date = date '2024-06-03'`.execute(
          t.db,
        )
      ).rows[0]!.sum;
    const before = await day();
    // a minute no earlier test wrote (07:30 in Kolkata): the day's row takes its 5 through ON CONFLICT
    await everyMinute(kolkataDoor, '2024-06-03T02:00:00Z', '2024-06-03T02:01:00Z', 5);
    expect(await day()).toBe(before + 5);
    await expectRollupsConsistent(t.db);
  });
});
