import { beforeAll, describe, expect, it } from 'vitest';
import { AggregatedQueryBody, type AggregatedQueryInput, type AggregatedSeries } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  asPrincipal,
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
} from '../../test/factories.js';

/**
 * Hand-checked answers of the aggregated query: DST days in Toronto, sums over the subtree,
 * a period's conversion rate from summed bases, business hours, comparisons, gaps, scope.
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
let store: { id: string };
let door1: { id: string };
let door2: { id: string };

const MIN = 60_000;

async function series(nodeId: string, protocol: string) {
  return (await t.app.services.series.ensureSeries({ nodeId, measurementProtocol: protocol })).key;
}

/** One value per minute over [fromIso, toIso). */
async function everyMinute(key: number, fromIso: string, toIso: string, value = 1) {
  const keys: number[] = [];
  const times: number[] = [];
  const values: number[] = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += MIN) {
    keys.push(key);
    times.push(ms);
    values.push(value);
  }
  for (let i = 0; i < keys.length; i += 10_000)
    await t.app.services.ingest.store({
      keys: keys.slice(i, i + 10_000),
      times: times.slice(i, i + 10_000),
      values: values.slice(i, i + 10_000),
    });
}

async function ask(body: Partial<AggregatedQueryInput>, h = headers) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/TimeSeries/AggregatedTimeSeries',
    headers: h,
    payload: {
      nodeIds: [store.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      ...body,
    },
  });
  return res;
}
async function answer(body: Partial<AggregatedQueryInput>): Promise<AggregatedSeries[]> {
  const res = await ask(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2024-12-01T12:00:00Z');
  group = await makeGroup(t.db);
  store = await makeLocation(t.db, {
    parentId: group.id,
    attributes: {
      timezone: 'America/Toronto',
      // Sunday closed; Monday 09:00-12:00 and 13:00-17:30
      businessHours: {
        '1': [
          ['09:00', '12:00'],
          ['13:00', '17:30'],
        ],
        '2': [['09:00', '17:00']],
      },
    },
  });
  door1 = await makeDevice(t.db, { parentId: store.id });
  door2 = await makeDevice(t.db, { parentId: store.id });
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  headers = await authHeader(t.ctx, admin);
  const in1 = await series(door1.id, 'TrafficIn');
  const in2 = await series(door2.id, 'TrafficIn');
  const tx = await series(store.id, 'Transactions');
  // Saturday 2024-03-09 00:00 EST to Tuesday 2024-03-12 00:00 EDT: spring forward on Sunday 10th
  await everyMinute(in1, '2024-03-09T05:00:00Z', '2024-03-12T04:00:00Z');
  await everyMinute(in2, '2024-03-09T05:00:00Z', '2024-03-12T04:00:00Z', 2);
  // fall back on Sunday 2024-11-03: 25 hours from 04:00Z to 05:00Z next day
  await everyMinute(in1, '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z');
  // one transaction every 10 minutes on Monday 2024-03-11, 09:00-10:00 EDT = 13:00-14:00Z
  const txTimes = Array.from({ length: 6 }, (_, i) => Date.parse('2024-03-11T13:00:00Z') + i * 10 * MIN);
  await t.app.services.ingest.store({
    keys: txTimes.map(() => tx),
    times: txTimes,
    values: txTimes.map(() => 1),
  });
});

describe('POST /api/TimeSeries/AggregatedTimeSeries', () => {
  it('gives the 23-hour spring-forward day 23 hourly buckets, no 02:00, nothing lost', async () => {
    const [s] = await answer({ from: '2024-03-10 00:00', to: '2024-03-11 00:00', aggregation: 'PT1H' });
    expect(s!.data).toHaveLength(23);
    expect(s!.data.map((d) => d.key)).not.toContain('2024-03-10 02:00');
    expect(s!.data.find((d) => d.key === '2024-03-10 03:00')!.value).toBe(180);
    expect(s!.summary).toBe(23 * 60 * 3);
    expect(s).toMatchObject({
      kpi: 'TrafficIn',
      aggregateFunction: 'Sum',
      mode: 'current_period',
      isPercentage: false,
    });
  });

  it('gives the 25-hour fall-back day both 01:00 hours in one bucket, nothing doubled', async () => {
    const [s] = await answer({
      nodeIds: [door1.id],
      from: '2024-11-03 00:00',
      to: '2024-11-04 00:00',
      aggregation: 'PT1H',
    });
    expect(s!.data).toHaveLength(24);
    expect(s!.data.find((d) => d.key === '2024-11-03 01:00')!.value).toBe(120);
    expect(s!.data.find((d) => d.key === '2024-11-03 02:00')!.value).toBe(60);
    expect(s!.summary).toBe(25 * 60);
    const [daily] = await answer({
      nodeIds: [door1.id],
      from: '2024-11-03 00:00',
      to: '2024-11-05 00:00',
      aggregation: 'P1D',
    });
    expect(daily!.data).toEqual([
      { key: '2024-11-03 00:00', value: 1500 },
      { key: '2024-11-04 00:00', value: 0 },
    ]);
  });

  it('sums the devices of a location and the locations of a group, with unaligned edges', async () => {
    const [loc] = await answer({ from: '2024-03-09 10:07', to: '2024-03-11 18:53', aggregation: 'P1D' });
    const minutes = 14 * 60 - 7 + 23 * 60 + (18 * 60 + 53);
    expect(loc!.summary).toBe(minutes * 3);
    expect(loc!.data.map((d) => d.value)).toEqual([(14 * 60 - 7) * 3, 23 * 60 * 3, (18 * 60 + 53) * 3]);
    expect(loc!.data[0]!.key).toBe('2024-03-09 10:07');
    const [grp] = await answer({
      nodeIds: [group.id],
      from: '2024-03-09 10:07',
      to: '2024-03-11 18:53',
      aggregation: 'P1D',
    });
    expect(grp!.summary).toBe(minutes * 3);
    const [both] = await answer({
      nodeIds: [group.id, store.id, door1.id],
      from: '2024-03-09 10:07',
      to: '2024-03-11 18:53',
    });
    expect(both!.summary).toBe(minutes * 3);
  });

  it('computes the conversion rate of a period from summed bases, not from hourly rates', async () => {
    const body = {
      from: '2024-03-11 09:00',
      to: '2024-03-11 11:00',
      aggregation: 'PT1H' as const,
      aggregateFunctionsByKpi: [
        { kpi: 'ConversionRate', aggregateFunctions: ['Sum' as const] },
        { kpi: 'TrafficIn', aggregateFunctions: ['Sum' as const] },
        { kpi: 'Transactions', aggregateFunctions: ['Sum' as const] },
      ],
    };
    const [cr, traffic, tx] = await answer(body);
    expect(traffic!.data.map((d) => d.value)).toEqual([180, 180]);
    expect(tx!.data.map((d) => d.value)).toEqual([6, 0]);
    expect(cr!.data.map((d) => d.value)).toEqual([3.33, 0]);
    // 6 / 360 * 100 = 1.666..., while the mean of the hourly rates would be 1.67 from (3.33 + 0) / 2
    expect(cr!.summary).toBe(1.67);
    expect(cr!.isPercentage).toBe(true);
    expect(tx!.summary).toBe(6);
  });

  it('keeps only business hours, per weekday and interval', async () => {
    const [s] = await answer({
      from: '2024-03-09 00:00',
      to: '2024-03-12 00:00',
      aggregation: 'P1D',
      businessHoursOnly: true,
    });
    // Saturday and Sunday closed; Monday 3 h + 4.5 h
    expect(s!.data.map((d) => d.value)).toEqual([0, 0, 7.5 * 60 * 3]);
  });

  it('applies the time window to each day and keeps the chosen weekdays only', async () => {
    const [s] = await answer({
      from: '2024-03-09 08:00',
      to: '2024-03-11 10:30',
      aggregation: 'P1D',
      applyTimePeriodToEachDay: true,
      includeDays: [0, 1],
    });
    expect(s!.data).toEqual([
      { key: '2024-03-10 00:00', value: 150 * 3 },
      { key: '2024-03-11 00:00', value: 150 * 3 },
    ]);
  });

  it('aligns the previous period and 52 weeks earlier bucket by bucket', async () => {
    const res = await answer({
      from: '2024-03-11 00:00',
      to: '2024-03-12 00:00',
      aggregation: 'PT1H',
      modes: ['current_period', 'compared_last_period', 'compared_last_year'],
    });
    const prev = res.find((r) => r.mode === 'compared_last_period')!;
    expect(prev.data[3]).toEqual({ key: '2024-03-11 03:00', value: 180, comparedKey: '2024-03-10 03:00' });
    expect(prev.data[2]).toEqual({ key: '2024-03-11 02:00', value: 0, comparedKey: '2024-03-10 02:00' });
    expect(prev.summary).toBe(23 * 180);
    const year = res.find((r) => r.mode === 'compared_last_year')!;
    expect(year.data[0]!.comparedKey).toBe('2023-03-13 00:00');
    expect(year.summary).toBe(0);
  });

  it('answers null for future buckets and 0 for past empty ones', async () => {
    t.clock.set('2024-03-11T14:30:00Z'); // 10:30 EDT
    try {
      const [s] = await answer({ from: '2024-03-11 08:00', to: '2024-03-11 13:00', aggregation: 'PT1H' });
      expect(s!.data.map((d) => d.value)).toEqual([180, 180, 180, null, null]);
    } finally {
      t.clock.set('2024-12-01T12:00:00Z');
    }
    const [gap] = await answer({ from: '2024-06-01 00:00', to: '2024-06-01 03:00', aggregation: 'PT1H' });
    expect(gap!.data.map((d) => d.value)).toEqual([0, 0, 0]);
    const [sparse] = await answer({
      from: '2024-06-01 00:00',
      to: '2024-06-01 03:00',
      aggregation: 'PT1H',
      gapFilled: false,
    });
    expect(sparse!.data).toEqual([]);
  });

  it('breaks figures down by node for rankings', async () => {
    const [s] = await answer({
      nodeIds: [door1.id, door2.id],
      from: '2024-03-09 00:00',
      to: '2024-03-10 00:00',
      aggregation: 'P1D',
      breakdownByNode: true,
    });
    expect(s!.summary).toBe(1440 * 3);
    expect(s!.nodes!.map((n) => [n.nodeId, n.summary])).toEqual([
      [door1.id, 1440],
      [door2.id, 2880],
    ]);
  });

  it("answers only the nodes' buckets with nodeData (the parts of a long report), the same buckets", async () => {
    const principal = asPrincipal(await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id }));
    const body = AggregatedQueryBody.parse({
      nodeIds: [door1.id, door2.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2024-03-09 00:00',
      to: '2024-03-12 00:00',
      aggregation: 'P1D',
      modes: ['current_period', 'compared_last_year'],
      breakdownByNode: true,
    });
    const whole = await t.app.services.query.aggregated(principal, body);
    const parts = await t.app.services.query.aggregated(principal, body, { nodeData: true });
    expect(parts).toHaveLength(2);
    parts.forEach((s, i) => {
      expect(s).toMatchObject({ mode: whole[i]!.mode, summary: null, data: [] });
      expect(s.nodes!.map((n) => [n.nodeId, n.summary, n.data])).toEqual(
        whole[i]!.nodes!.map((n) => [n.nodeId, null, n.data]),
      );
    });
    expect(parts[0]!.nodes![1]!.data.map((d) => d.value)).toEqual([2880, 2760, 2880]);
    expect(whole[0]!.summary).toBe((1440 + 1380 + 1440) * 3);
  });

  it('answers 404 for a node outside the scope and 400 for bad input', async () => {
    const other = await makeLocation(t.db);
    expect(
      (await ask({ nodeIds: [other.id], from: '2024-03-09 00:00', to: '2024-03-10 00:00' })).statusCode,
    ).toBe(404);
    const bad = await ask({ from: '2024-03-10 00:00', to: '2024-03-09 00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('to');
    const unknown = await ask({
      from: '2024-03-09 00:00',
      to: '2024-03-10 00:00',
      aggregateFunctionsByKpi: [{ kpi: 'Nope', aggregateFunctions: ['Sum'] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('aggregateFunctionsByKpi.0.kpi');
    expect((await ask({ from: '2024-02-30 00:00', to: '2024-03-10 00:00' })).statusCode).toBe(400);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      payload: {
        nodeIds: [store.id],
        measurementProtocols: ['TrafficIn'],
        from: '2024-03-09 00:00',
        to: '2024-03-10 00:00',
      },
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('forecast KPIs', () => {
  it('forecast the same weekday of the last 4 weeks, up to 7 days ahead, null beyond', async () => {
    const place = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Paris' } });
    const door = await makeDevice(t.db, { parentId: place.id });
    const key = await series(door.id, 'TrafficIn');
    // 35 days before Monday 2024-06-10 (Paris): every day 60 visitors between 12:00 and 13:00, 90 on Mondays
    const times: number[] = [];
    const values: number[] = [];
    for (let d = 35; d >= 1; d--) {
      const noon = Date.parse('2024-06-10T10:00:00Z') - d * 86_400_000;
      const monday = new Date(noon).getUTCDay() === 1;
      for (let m = 0; m < 60; m++) {
        times.push(noon + m * MIN);
        values.push(monday ? 1.5 : 1);
      }
    }
    await t.app.services.ingest.store({ keys: times.map(() => key), times, values });
    t.clock.set('2024-06-10T06:00:00Z'); // Monday 08:00 in Paris
    try {
      const [f] = await answer({
        nodeIds: [place.id],
        aggregateFunctionsByKpi: [{ kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] }],
        from: '2024-06-10 00:00',
        to: '2024-06-20 00:00',
        aggregation: 'P1D',
      });
      // Monday 90 (the same weekday), other days 60; the trend is 1 (flat weeks); the 18th is 8 days ahead
      expect(f!.data.map((d) => d.value)).toEqual([90, 60, 60, 60, 60, 60, 60, 90, null, null]);
      expect(f!.summary).toBe(90 * 2 + 60 * 6);
      const [hourly] = await answer({
        nodeIds: [place.id],
        aggregateFunctionsByKpi: [{ kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] }],
        from: '2024-06-11 11:00',
        to: '2024-06-11 14:00',
        aggregation: 'PT1H',
      });
      expect(hourly!.data.map((d) => d.value)).toEqual([0, 60, 0]);
    } finally {
      t.clock.set('2024-12-01T12:00:00Z');
    }
  });
});

describe('POST /api/TimeSeries/query', () => {
  it('answers one measurement per requested node in each data point', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/query',
      headers,
      payload: {
        nodeIds: [door1.id, door2.id],
        measurementProtocols: ['TrafficIn'],
        from: '2024-03-09 00:00',
        to: '2024-03-09 02:00',
        aggregation: 'PT1H',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [s] = res.json();
    expect(s).toMatchObject({
      kpi: 'TrafficIn',
      measurementProtocol: 'TrafficIn',
      summary: 360,
      isLowerAggregation: false,
    });
    expect(s.lastObservationOccurredOn).toBe('2024-03-09 01:00');
    expect(s.dataPoints[0]).toEqual({
      occurredOn: '2024-03-09 00:00',
      measurements: [
        { value: 60, nodeId: door1.id, requestedId: door1.id, metaTags: [] },
        { value: 120, nodeId: door2.id, requestedId: door2.id, metaTags: [] },
      ],
    });
  });
});

describe('GET /api/Formula/expanded', () => {
  it('lists base and computed KPIs with their expressions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Formula/expanded', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { kpi: string; derived: boolean; baseKpis: string[]; expression: string }[];
    expect(list.find((f) => f.kpi === 'ConversionRate')).toMatchObject({
      expression: '[Transactions] / [TrafficIn] * 100',
      derived: true,
      baseKpis: ['Transactions', 'TrafficIn'],
    });
    expect(list.find((f) => f.kpi === 'TrafficIn')).toMatchObject({
      derived: false,
      baseKpis: ['TrafficIn'],
    });
  });
});
