import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeDevice, makeGroup, makeLocation } from '../../test/factories.js';

/**
 * The detection rules against crafted data, through the real ingest path (health recorded on ingest)
 * and the real detection pass on PostgreSQL. Each test has its own location; the pass judges every
 * device of the database, the assertions look at the test's own.
 */
const MIN = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const ALL_WEEK_9_TO_17 = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['09:00', '17:00']]]),
) as Record<string, [string, string][]>;

async function location(attributes: Record<string, unknown>) {
  const group = await makeGroup(t.db);
  return makeLocation(t.db, { parentId: group.id, attributes });
}

async function door(locationId: string) {
  const d = await makeDevice(t.db, { parentId: locationId });
  const s = t.app.services.series;
  const inS = await s.ensureSeries({ nodeId: d.id, measurementProtocol: 'TrafficIn' });
  const outS = await s.ensureSeries({ nodeId: d.id, measurementProtocol: 'TrafficOut' });
  return { id: d.id, inKey: inS.key, outKey: outS.key, inId: inS.id };
}

/** One point a minute on both series from `fromIso` for `minutes` minutes, arriving at the clock's now. */
async function push(
  dev: { inKey: number; outKey: number },
  fromIso: string,
  minutes: number,
  value: (i: number) => [number, number] = () => [1, 1],
) {
  const keys: number[] = [];
  const times: number[] = [];
  const values: number[] = [];
  const start = Date.parse(fromIso);
  for (let i = 0; i < minutes; i++) {
    const [a, b] = value(i);
    keys.push(dev.inKey, dev.outKey);
    times.push(start + i * MIN, start + i * MIN);
    values.push(a, b);
  }
  await t.app.services.ingest.store({ keys, times, values });
}

const detectAt = (iso: string) => t.app.services.monitoring.detect(new Date(iso));

async function incidents(nodeId: string) {
  return t.db
    .selectFrom('monitoring_incident')
    .selectAll()
    .where('node_id', '=', nodeId)
    .orderBy('first_seen_at')
    .execute();
}
const health = (deviceId: string) =>
  t.db
    .selectFrom('monitoring_device_health')
    .selectAll()
    .where('device_id', '=', deviceId)
    .executeTakeFirst();

describe('offline', () => {
  it('raises offline after 30 expected minutes without data, and late data clears it (history kept)', async () => {
    const loc = await location({ timezone: 'Europe/Paris', businessHours: ALL_WEEK_9_TO_17 });
    const a = await door(loc.id);
    const b = await door(loc.id);
    t.clock.set('2025-06-02T09:00:00Z'); // 11:00 in Paris
    await push(a, '2025-06-02T07:00:00Z', 60); // 09:00-10:00 local
    await push(b, '2025-06-02T07:00:00Z', 120); // 09:00-11:00 local
    expect((await health(a.id))?.last_interval_end?.toISOString()).toBe('2025-06-02T08:00:00.000Z');
    expect((await health(a.id))?.last_arrival_at?.toISOString()).toBe('2025-06-02T09:00:00.000Z');

    await detectAt('2025-06-02T08:20:00Z'); // 20 missing minutes: late, not yet offline
    expect((await health(a.id))?.status).toBe('late');
    expect(await incidents(a.id)).toEqual([]);

    await detectAt('2025-06-02T09:00:00Z');
    expect((await health(a.id))?.status).toBe('offline');
    expect((await health(b.id))?.status).toBe('online');
    const [inc] = await incidents(a.id);
    expect(inc).toMatchObject({ rule: 'offline', severity: 'error', scope_type: 0, status: 'open' });
    expect(inc!.details).toMatchObject({ missingMinutes: 60 });
    expect(await incidents(b.id)).toEqual([]);

    // a second pass keeps the one open incident and moves its last seen
    await detectAt('2025-06-02T09:01:00Z');
    const again = await incidents(a.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.last_seen_at.toISOString()).toBe('2025-06-02T09:01:00.000Z');

    // the missing hour arrives late: the next pass resolves the incident, which stays in the history
    t.clock.set('2025-06-02T09:05:00Z');
    await push(a, '2025-06-02T08:00:00Z', 65);
    await detectAt('2025-06-02T09:05:00Z');
    const after = await incidents(a.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'resolved' });
    expect(after[0]!.resolved_at?.toISOString()).toBe('2025-06-02T09:05:00.000Z');
    expect((await health(a.id))?.status).toBe('online');
    const changes = await t.db
      .selectFrom('monitoring_status_change')
      .select(['status', 'from_at', 'to_at'])
      .where('device_id', '=', a.id)
      .orderBy('from_at')
      .execute();
    expect(changes.map((c) => c.status)).toEqual(['late', 'offline', 'online']);
    expect(changes[2]!.to_at).toBeNull();
  });

  it('does not raise offline for a closed store, and raises it once the store opens without data', async () => {
    const loc = await location({ timezone: 'Europe/Paris', businessHours: ALL_WEEK_9_TO_17 });
    const c = await door(loc.id);
    t.clock.set('2025-06-02T15:00:00Z');
    await push(c, '2025-06-02T07:00:00Z', 480); // the whole opening, 09:00-17:00 local
    await detectAt('2025-06-02T18:00:00Z'); // 20:00 local: closed, nothing expected since 17:00
    expect((await health(c.id))?.status).toBe('noDataExpected');
    await detectAt('2025-06-03T05:00:00Z'); // 07:00 local next day: still closed
    expect((await health(c.id))?.status).toBe('noDataExpected');
    expect(await incidents(c.id)).toEqual([]);
    await detectAt('2025-06-03T07:40:00Z'); // 09:40 local: 40 open minutes without data
    expect((await health(c.id))?.status).toBe('offline');
    expect((await incidents(c.id)).map((i) => [i.rule, i.status])).toEqual([['offline', 'open']]);
    expect((await incidents(c.id))[0]!.details).toMatchObject({ missingMinutes: 40 });
  });

  it('counts real minutes across a spring-forward night (Europe/Paris, 2025-03-30)', async () => {
    const { rows } = await sql<{ spring: number; autumn: number; normal: number }>`
      select monitoring_expected_minutes(s.business_minutes, 'Europe/Paris', '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z') as spring,
             monitoring_expected_minutes(s.business_minutes, 'Europe/Paris', '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z') as autumn,
             monitoring_expected_minutes(s.business_minutes, 'Europe/Paris', '2025-06-01T22:00:00Z', '2025-06-02T22:00:00Z') as normal
      from (select array_fill('{[0,1440)}'::int4multirange, array[7]) as business_minutes) s`.execute(t.db);
    expect(rows[0]).toEqual({ spring: 1380, autumn: 1500, normal: 1440 });

    const loc = await location({ timezone: 'Europe/Paris' }); // no hours: open all day
    const d = await door(loc.id);
    t.clock.set('2025-03-30T00:50:00Z');
    await push(d, '2025-03-29T23:00:00Z', 110); // 00:00-01:50 local
    // 03:15 local is 25 real minutes after 01:50 (02:00-03:00 does not exist): late, not offline
    await detectAt('2025-03-30T01:15:00Z');
    expect((await health(d.id))?.status).toBe('late');
    expect(await incidents(d.id)).toEqual([]);
    await detectAt('2025-03-30T01:25:00Z');
    expect((await health(d.id))?.status).toBe('offline');
    expect((await incidents(d.id))[0]!.details).toMatchObject({ missingMinutes: 35 });
  });
});

describe('blocked', () => {
  it('raises on a door counting zero for an hour of business while the other door counts, and clears when it counts', async () => {
    const loc = await location({ timezone: 'UTC' });
    const e = await door(loc.id);
    const f = await door(loc.id);
    t.clock.set('2025-06-02T12:00:00Z');
    await push(e, '2025-06-02T11:00:00Z', 60, () => [0, 0]);
    await push(f, '2025-06-02T11:00:00Z', 60, () => [2, 2]);
    await detectAt('2025-06-02T12:00:00Z');
    const [inc] = await incidents(e.id);
    expect(inc).toMatchObject({ rule: 'blocked', severity: 'error', status: 'open' });
    expect(inc!.details).toMatchObject({ othersCount: 240, points: 120 });
    expect(await incidents(f.id)).toEqual([]);

    t.clock.set('2025-06-02T12:15:00Z');
    await push(e, '2025-06-02T12:00:00Z', 15, () => [1, 1]);
    await push(f, '2025-06-02T12:00:00Z', 15, () => [2, 2]);
    await detectAt('2025-06-02T12:15:00Z');
    expect((await incidents(e.id)).map((i) => i.status)).toEqual(['resolved']);
  });

  it('does not judge a window that is not wholly inside business hours', async () => {
    const loc = await location({ timezone: 'UTC', businessHours: ALL_WEEK_9_TO_17 });
    const g = await door(loc.id);
    const h = await door(loc.id);
    t.clock.set('2025-06-02T09:30:00Z');
    await push(g, '2025-06-02T08:30:00Z', 60, () => [0, 0]);
    await push(h, '2025-06-02T08:30:00Z', 60, () => [3, 3]);
    await detectAt('2025-06-02T09:30:00Z'); // window 08:30-09:30, opens at 09:00
    expect((await incidents(g.id)).filter((i) => i.rule === 'blocked')).toEqual([]);
  });
});

describe('imbalance', () => {
  it('raises when |in - out| / max(in, out) is above 20 % on a day with enough traffic', async () => {
    const loc = await location({ timezone: 'UTC' });
    const bad = await door(loc.id);
    const good = await door(loc.id);
    const quiet = await door(loc.id);
    t.clock.set('2025-06-02T00:30:00Z');
    await push(bad, '2025-06-01T10:00:00Z', 10, () => [100, 50]); // 1000 in, 500 out
    await push(good, '2025-06-01T10:00:00Z', 10, () => [100, 95]); // 1000 in, 950 out
    await push(quiet, '2025-06-01T10:00:00Z', 10, () => [10, 1]); // 100 in: below 200, not judged
    await detectAt('2025-06-02T00:30:00Z');
    const raised = (await incidents(bad.id)).filter((i) => i.rule === 'imbalance');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ severity: 'warning', status: 'open' });
    expect(raised[0]!.details).toEqual({ date: '2025-06-01', in: 1000, out: 500, ratio: 0.5 });
    expect((await incidents(good.id)).filter((i) => i.rule === 'imbalance')).toEqual([]);
    expect((await incidents(quiet.id)).filter((i) => i.rule === 'imbalance')).toEqual([]);
  });

  it('follows the client group threshold set by superAdmin', async () => {
    const group = await makeGroup(t.db);
    const loc = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'UTC' } });
    const d = await door(loc.id);
    await t.db
      .insertInto('monitoring_rule_settings')
      .values({
        client_group_id: group.id,
        thresholds: JSON.stringify({ imbalanceRatio: 0.6 }),
        updated_at: new Date(),
      })
      .execute();
    t.clock.set('2025-06-02T00:30:00Z');
    await push(d, '2025-06-01T10:00:00Z', 10, () => [100, 50]);
    await detectAt('2025-06-02T00:31:00Z');
    expect((await incidents(d.id)).filter((i) => i.rule === 'imbalance')).toEqual([]);
  });
});

describe('clock drift', () => {
  it('raises on intervals stamped in the future of their arrival', async () => {
    const loc = await location({ timezone: 'UTC' });
    const d = await door(loc.id);
    const ok = await door(loc.id);
    t.clock.set('2025-06-02T12:00:00Z');
    await push(d, '2025-06-02T12:20:00Z', 10); // 20 to 30 minutes ahead
    await push(ok, '2025-06-02T11:50:00Z', 10);
    await detectAt('2025-06-02T12:00:30Z');
    const [inc] = (await incidents(d.id)).filter((i) => i.rule === 'clockDrift');
    expect(inc).toMatchObject({ severity: 'warning', status: 'open' });
    expect(inc!.details).toMatchObject({ aheadMinutes: 29 });
    expect((await incidents(ok.id)).filter((i) => i.rule === 'clockDrift')).toEqual([]);
  });

  it('raises on a device whose newest interval lags its arrivals by hours', async () => {
    const loc = await location({ timezone: 'UTC' });
    const d = await door(loc.id);
    t.clock.set('2025-06-02T12:00:00Z');
    await push(d, '2025-06-02T08:00:00Z', 10); // arrives 3 h 50 after its newest interval
    await detectAt('2025-06-02T12:00:30Z');
    const [inc] = (await incidents(d.id)).filter((i) => i.rule === 'clockDrift');
    expect(inc!.details).toMatchObject({ behindMinutes: 230 });
  });
});

describe('counter resets', () => {
  it('raises when a cumulative register went back in the last 24 h', async () => {
    const loc = await location({ timezone: 'UTC' });
    const d = await door(loc.id);
    const steady = await door(loc.id);
    const readings = (key: number, totals: number[]) =>
      t.db
        .insertInto('counter_reading')
        .values(
          totals.map((total, i) => ({
            series_key: key,
            occurred_on: new Date(Date.parse('2025-06-02T10:00:00Z') + i * 15 * MIN),
            total,
          })),
        )
        .execute();
    await readings(d.inKey, [100, 150, 20, 60]);
    await readings(steady.inKey, [100, 150, 200, 4_294_967_200, 10]); // a 32-bit wrap is not a reset
    await detectAt('2025-06-02T12:00:00Z');
    const [inc] = (await incidents(d.id)).filter((i) => i.rule === 'counterReset');
    expect(inc!.details).toEqual({ resets: 1 });
    expect((await incidents(steady.id)).filter((i) => i.rule === 'counterReset')).toEqual([]);
  });
});

describe('sudden drop', () => {
  it("raises a location incident when yesterday's traffic falls below half the same weekday of 4 weeks", async () => {
    const loc = await location({ timezone: 'UTC' });
    const d = await door(loc.id);
    const steadyLoc = await location({ timezone: 'UTC' });
    const s = await door(steadyLoc.id);
    t.clock.set('2025-06-02T00:10:00Z');
    for (const day of ['2025-05-04', '2025-05-11', '2025-05-18', '2025-05-25']) {
      await push(d, `${day}T10:00:00Z`, 5, () => [100, 100]); // 500 a Sunday
      await push(s, `${day}T10:00:00Z`, 5, () => [100, 100]);
    }
    await push(d, '2025-06-01T10:00:00Z', 1, () => [100, 100]); // 100 last Sunday
    await push(s, '2025-06-01T10:00:00Z', 4, () => [100, 100]); // 400: -20 %
    await detectAt('2025-06-02T00:10:00Z');
    const [inc] = (await incidents(loc.id)).filter((i) => i.rule === 'suddenDrop');
    expect(inc).toMatchObject({ scope_type: 1, severity: 'warning', status: 'open' });
    expect(inc!.details).toEqual({ date: '2025-06-01', value: 100, mean: 500 });
    expect((await incidents(steadyLoc.id)).filter((i) => i.rule === 'suddenDrop')).toEqual([]);
  });
});
