import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AggregatedSeries, QuerySeries } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { timeSeriesJobs } from './timeseries.jobs.js';

/**
 * Raw-minute retention with the manual clock (RAW_RETENTION_DAYS 60 here): the partition job creates
 * the months ahead and drops whole months past retention; minute buckets asked beyond retention come
 * from the 15-minute rollups, flagged, and equal the minutes the test itself summed.
 */
const DAY = 86_400_000;
const MIN = 60_000;
let t: TestApp;
let headers: Record<string, string>;
let store: { id: string };
let key: number;

const monthStart = (ms: number, plus = 0) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1);
};
const partitionOf = (ms: number) => {
  const d = new Date(ms);
  return `measurement_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const partitions = async () => (await t.app.services.rawRetention.partitions()).map((p) => p.name);
const rawCount = async (fromMs: number, toMs: number) =>
  (
    await sql<{ n: number }>`
      select count(*)::int as n from measurement
      where series_key = ${key} and occurred_on >= ${new Date(fromMs)} and occurred_on < ${new Date(toMs)}`.execute(
      t.db,
    )
  ).rows[0]!.n;
const runJob = () => timeSeriesJobs(t.app.services).find((j) => j.name === 'timeseries.raw-partitions')!;

/** now: the 15th of this month, 12:00 UTC, so month arithmetic below is exact */
const now = monthStart(Date.now()) + 14 * DAY + 12 * 3600_000;
/** a Wednesday-or-so afternoon 100 days ago, in a month wholly past retention (ends <= now - 69 days) */
const old = Math.floor((now - 100 * DAY) / (15 * MIN)) * 15 * MIN;
const recent = Math.floor((now - 1 * DAY) / (15 * MIN)) * 15 * MIN;

/** minute i of a stretch counts i % 7 + 1: every 15-minute sum differs */
async function minutes(fromMs: number, count: number) {
  const times = Array.from({ length: count }, (_, i) => fromMs + i * MIN);
  const values = times.map((_, i) => (i % 7) + 1);
  await t.app.services.ingest.store({ keys: times.map(() => key), times, values });
  return values;
}

beforeAll(async () => {
  t = await createTestApp({ RAW_RETENTION_DAYS: '60' });
  t.clock.set(new Date(now));
  const group = await makeGroup(t.db);
  store = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'UTC' } });
  const door = await makeDevice(t.db, { parentId: store.id });
  key = (await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })).key;
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  headers = await authHeader(t.ctx, admin);
});

describe('the raw-partition job', () => {
  it('creates the months ahead and drops whole months past retention, never the newer ones', async () => {
    await minutes(old, 60);
    await minutes(recent, 60);
    // a stray three years old waits in the default partition
    await t.app.services.ingest.store({ keys: [key], times: [now - 3 * 365 * DAY], values: [9] });
    expect(await partitions()).toContain(partitionOf(old));
    expect(await rawCount(old, old + 60 * MIN)).toBe(60);

    const outcome = (await runJob().run({ runKey: 'test', scheduledFor: new Date(now) })) as {
      dropped: string[];
    };
    const after = await partitions();
    // the month of `old` ends before now - 60 days: dropped whole; the month of the cut-off stays
    expect(outcome.dropped).toContain(partitionOf(old));
    expect(after).not.toContain(partitionOf(old));
    expect(after).toContain(partitionOf(now - 60 * DAY));
    expect(after).toContain(partitionOf(recent));
    // three months ahead exist, and the default partition is last
    for (let m = 1; m <= 3; m++) expect(after).toContain(partitionOf(monthStart(now, m)));
    expect(after[after.length - 1]).toBe('measurement_default');
    expect(await rawCount(old, old + 60 * MIN)).toBe(0);
    expect(await rawCount(recent, recent + 60 * MIN)).toBe(60);
    expect(await rawCount(0, now - 2 * 365 * DAY)).toBe(0);
    // the rollups keep the dropped minutes
    const { rows } = await sql<{ s: number }>`
      select sum(sum)::float8 as s from rollup_15m
      where series_key = ${key} and bucket >= ${new Date(old)} and bucket < ${new Date(old + 60 * MIN)}`.execute(
      t.db,
    );
    expect(rows[0]!.s).toBe(Array.from({ length: 60 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b, 0));

    // a month later the next month ahead appears and the next old month goes
    t.clock.set(new Date(monthStart(now, 1) + 14 * DAY + 12 * 3600_000));
    const later = (await runJob().run({ runKey: 'test-2', scheduledFor: t.clock.now() })) as {
      dropped: string[];
    };
    expect(await partitions()).toContain(partitionOf(monthStart(now, 4)));
    expect(later.dropped).toEqual([partitionOf(monthStart(now, -2))]);
    t.clock.set(new Date(now));
  });
});

describe('minute buckets past retention', () => {
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const body = (fromMs: number, toMs: number) => ({
    nodeIds: [store.id],
    aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
    from: local(fromMs),
    to: local(toMs),
    aggregation: 'PT1M',
  });
  /** the test's own 15-minute sums of the minutes it wrote (i % 7 + 1 from the stretch's start) */
  const quarterSums = (count: number) =>
    Array.from({ length: count / 15 }, (_, q) =>
      Array.from({ length: 15 }, (_, i) => ((q * 15 + i) % 7) + 1).reduce((a, b) => a + b, 0),
    );

  it('come from the 15-minute rollups, flagged, on the aggregated and the plain query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: body(old, old + 60 * MIN),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [series] = res.json<AggregatedSeries[]>();
    expect(series!.isLowerAggregation).toBe(true);
    expect(series!.aggregation).toBe('PT15M');
    expect(series!.data.map((d) => d.key)).toEqual([0, 15, 30, 45].map((m) => local(old + m * MIN)));
    expect(series!.data.map((d) => d.value)).toEqual(quarterSums(60));
    expect(series!.summary).toBe(quarterSums(60).reduce((a, b) => a + b, 0));

    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/query',
      headers,
      payload: body(old, old + 60 * MIN),
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const [q] = plain.json<QuerySeries[]>();
    expect(q!.isLowerAggregation).toBe(true);
    expect(q!.aggregation).toBe('PT15M');
    expect(q!.dataPoints.map((d) => d.measurements[0]!.value)).toEqual(quarterSums(60));
  });

  it('within retention stay minutes, unflagged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: body(recent, recent + 30 * MIN),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [series] = res.json<AggregatedSeries[]>();
    expect(series!.isLowerAggregation).toBeUndefined();
    expect(series!.aggregation).toBe('PT1M');
    expect(series!.data.map((d) => d.value)).toEqual(Array.from({ length: 30 }, (_, i) => (i % 7) + 1));
  });
});
