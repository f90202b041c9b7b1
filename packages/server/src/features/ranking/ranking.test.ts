import { beforeAll, describe, expect, it } from 'vitest';
import type { AggregatedSeries, RankingResponse } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';

/**
 * GET /api/Ranking against an independent computation: the minute counts stored here are summed in
 * the test with Intl's own time-zone conversion, over a spring-forward day in Toronto (23 hours) and
 * its comparisons (the Saturday before, and 52 weeks earlier, Toronto's 2023 spring-forward Sunday),
 * with and without business hours (one location's hours straddle the missing 02:00 hour).
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
const stores: Record<'A' | 'B' | 'C', { id: string; device: string; zone: string; hours: Hours }> =
  {} as never;
let outside: { id: string };

type Hours = Record<string, [string, string][]>;
const MIN = 60_000;
/** what is stored, per location: utc ms -> value (a minute sent again replaces the earlier value) */
const stored = new Map<string, Map<number, number>>();

const HOURS: Record<'A' | 'B' | 'C', Hours> = {
  A: { '0': [['10:00', '18:00']], '6': [['09:00', '21:00']] },
  // 01:00-04:00 on the spring-forward Sunday holds only two real hours (02:00-03:00 does not exist)
  B: { '0': [['01:00', '04:00']], '6': [['12:00', '13:00']] },
  C: {
    '0': [
      ['09:00', '12:00'],
      ['14:00', '17:00'],
    ],
    '6': [['09:00', '12:00']],
  },
};

function localParts(zone: string, ms: number) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!);
  return {
    stamp: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
    time: `${p.hour}:${p.minute}`,
    weekday,
  };
}

/** The independent figure: the stored minutes whose local time lies in [from, to) (and in the hours). */
function expectedSum(key: 'A' | 'B' | 'C', from: string, to: string, businessHoursOnly: boolean): number {
  const s = stores[key];
  let sum = 0;
  for (const [ms, v] of stored.get(s.id)!.entries()) {
    const l = localParts(s.zone, ms);
    if (l.stamp < from || l.stamp >= to) continue;
    if (businessHoursOnly) {
      const spans = s.hours[String(l.weekday)] ?? [];
      if (!spans.some(([a, b]) => l.time >= a && l.time < b)) continue;
    }
    sum += v;
  }
  return sum;
}

async function fill(nodeId: string, deviceId: string, fromIso: string, toIso: string, k: number) {
  const key = (
    await t.app.services.series.ensureSeries({ nodeId: deviceId, measurementProtocol: 'TrafficIn' })
  ).key;
  const times: number[] = [];
  const values: number[] = [];
  for (let ms = Date.parse(fromIso), i = 0; ms < Date.parse(toIso); ms += MIN, i++) {
    times.push(ms);
    values.push(1 + ((i * k) % 7));
  }
  for (let i = 0; i < times.length; i += 10_000)
    await t.app.services.ingest.store({
      keys: times.slice(i, i + 10_000).map(() => key),
      times: times.slice(i, i + 10_000),
      values: values.slice(i, i + 10_000),
    });
  const minutes = stored.get(nodeId) ?? new Map<number, number>();
  times.forEach((ms, i) => minutes.set(ms, values[i]!));
  stored.set(nodeId, minutes);
}

async function rank(query: string, h = headers) {
  return t.app.inject({ method: 'GET', url: `/api/Ranking?${query}`, headers: h });
}
async function ranking(query: string, h = headers): Promise<RankingResponse> {
  const res = await rank(query, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const SUNDAY = 'from=2024-03-10%2000:00&to=2024-03-11%2000:00&kpi=TrafficIn&aggregation=P1D';
const GRANT = { hasAccessRanking: true };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2024-12-01T12:00:00Z');
  group = await makeGroup(t.db);
  const zones = { A: 'America/Toronto', B: 'America/Toronto', C: 'Europe/Paris' } as const;
  const groups = { A: 'Malls', B: null, C: 'Outlets' } as const;
  for (const key of ['A', 'B', 'C'] as const) {
    const loc = await makeLocation(t.db, {
      parentId: group.id,
      name: `Store ${key}`,
      attributes: {
        timezone: zones[key],
        businessHours: HOURS[key],
        ...(groups[key] ? { locationGroup: groups[key] } : {}),
      },
    });
    const device = await makeDevice(t.db, { parentId: loc.id });
    stores[key] = { id: loc.id, device: device.id, zone: zones[key], hours: HOURS[key] };
  }
  // different patterns per store so that totals, ranks and their changes differ
  const k = { A: 3, B: 5, C: 2 };
  for (const key of ['A', 'B', 'C'] as const) {
    // local Saturday 00:00 to Monday 00:00 in Paris and Toronto, and the Sunday 52 weeks earlier
    await fill(stores[key].id, stores[key].device, '2024-03-08T22:00:00Z', '2024-03-11T05:00:00Z', k[key]);
    await fill(stores[key].id, stores[key].device, '2023-03-11T22:00:00Z', '2023-03-13T05:00:00Z', k[key]);
  }
  // store B's Saturday noon hour is sent again with other values: the resent minutes replace the first
  await fill(stores.B.id, stores.B.device, '2024-03-09T17:00:00Z', '2024-03-09T18:00:00Z', 1);
  const other = await makeGroup(t.db);
  outside = await makeLocation(t.db, { parentId: other.id, name: 'Elsewhere' });
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id, mobileSettings: GRANT });
  headers = await authHeader(t.ctx, admin);
});

const from0 = (a: AggregatedSeries[], mode: string, nodeId: string) =>
  a.find((s) => s.mode === mode)!.nodes!.find((n) => n.nodeId === nodeId)!.summary;

/** rank = 1 + the number of strictly better values (the competition ranking, computed apart) */
const expectedRank = (v: number, all: number[]) => 1 + all.filter((x) => x > v).length;

describe('GET /api/Ranking', () => {
  for (const businessHoursOnly of [false, true]) {
    it(`equals the stored minutes summed in each zone over a DST Sunday, N-1 and Y-1 (businessHoursOnly ${businessHoursOnly})`, async () => {
      const r = await ranking(`${SUNDAY}&businessHoursOnly=${businessHoursOnly}`);
      expect(r.rows.map((row) => row.nodeId).sort()).toEqual([stores.A.id, stores.B.id, stores.C.id].sort());
      const keys = ['A', 'B', 'C'] as const;
      const cur = keys.map((k) => expectedSum(k, '2024-03-10 00:00', '2024-03-11 00:00', businessHoursOnly));
      const prev = keys.map((k) => expectedSum(k, '2024-03-09 00:00', '2024-03-10 00:00', businessHoursOnly));
      const ly = keys.map((k) => expectedSum(k, '2023-03-12 00:00', '2023-03-13 00:00', businessHoursOnly));
      keys.forEach((k, i) => {
        const row = r.rows.find((x) => x.nodeId === stores[k].id)!;
        expect(row.value, `Store ${k}`).toBe(cur[i]);
        expect(row.previousValue, `Store ${k} N-1`).toBe(prev[i]);
        expect(row.lastYearValue, `Store ${k} Y-1`).toBe(ly[i]);
        expect(row.deltaPrevious).toBe(cur[i]! - prev[i]!);
        expect(row.deltaLastYear).toBe(cur[i]! - ly[i]!);
        expect(row.deltaPreviousPercent).toBeCloseTo(((cur[i]! - prev[i]!) / prev[i]!) * 100, 2);
        expect(row.rank).toBe(expectedRank(cur[i]!, cur));
        expect(row.previousRank).toBe(expectedRank(prev[i]!, prev));
        expect(row.rankChange).toBe(row.previousRank! - row.rank!);
      });
      // rows come best first
      expect(r.rows.map((x) => x.rank)).toEqual([...r.rows.map((x) => x.rank)].sort());
      // the independent sums convert every stored minute with Intl: slow on a loaded machine
    }, 120_000);
  }

  it('has the spring-forward day one hour short: store B open 01:00-04:00 counts two hours', async () => {
    const r = await ranking(`${SUNDAY}&businessHoursOnly=true`);
    const b = r.rows.find((x) => x.nodeId === stores.B.id)!;
    const minutes = [...stored.get(stores.B.id)!.entries()].filter(
      ([ms]) => ms >= Date.parse('2024-03-10T06:00:00Z') && ms < Date.parse('2024-03-10T08:00:00Z'),
    );
    expect(minutes).toHaveLength(120);
    expect(b.value).toBe(minutes.reduce((s, [, v]) => s + v, 0));
  });

  it('gives the same figures as the aggregated query with the same parameters (hourly, business hours)', async () => {
    const nodeIds = [stores.A.id, stores.B.id, stores.C.id];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: {
        nodeIds,
        aggregateFunctionsByKpi: [{ kpi: 'ConversionRate', aggregateFunctions: ['Sum'] }],
        from: '2024-03-09 00:00',
        to: '2024-03-11 00:00',
        aggregation: 'PT1H',
        businessHoursOnly: true,
        modes: ['current_period', 'compared_last_period', 'compared_last_year'],
        breakdownByNode: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const series: AggregatedSeries[] = res.json();
    const traffic = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: {
        nodeIds,
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        from: '2024-03-09 00:00',
        to: '2024-03-11 00:00',
        aggregation: 'PT1H',
        businessHoursOnly: true,
        modes: ['current_period', 'compared_last_period', 'compared_last_year'],
        breakdownByNode: true,
      },
    });
    const trafficSeries: AggregatedSeries[] = traffic.json();
    const q = 'from=2024-03-09%2000:00&to=2024-03-11%2000:00&aggregation=PT1H&businessHoursOnly=true';
    for (const [kpi, answer] of [
      ['TrafficIn', trafficSeries],
      ['ConversionRate', series],
    ] as const) {
      const r = await ranking(`${q}&kpi=${kpi}`);
      expect(r).toMatchObject({ kpi, aggregation: 'PT1H', isPercentage: kpi === 'ConversionRate' });
      for (const row of r.rows) {
        const from = (a: AggregatedSeries[], mode: string) =>
          a.find((s) => s.mode === mode)!.nodes!.find((n) => n.nodeId === row.nodeId)!.summary;
        // a conversion rate over a period without traffic is no value (the engine's formula gives 0)
        const of = (mode: string) =>
          kpi === 'ConversionRate' && !from(trafficSeries, mode) ? null : from(answer, mode);
        expect(row.value).toBe(of('current_period'));
        expect(row.previousValue).toBe(of('compared_last_period'));
        expect(row.lastYearValue).toBe(of('compared_last_year'));
      }
      if (kpi === 'ConversionRate') {
        // store B has no business hours on the previous period's Friday: no traffic, so no rate
        const b = r.rows.find((row) => row.nodeId === stores.B.id)!;
        expect(from0(trafficSeries, 'compared_last_period', stores.B.id)).toBe(0);
        expect(b.previousValue).toBeNull();
        expect(b.deltaPrevious).toBeNull();
        expect(b.previousRank).toBeNull();
      }
    }
  });

  it('ranks ascending on request', async () => {
    const desc = await ranking(SUNDAY);
    const asc = await ranking(`${SUNDAY}&order=asc`);
    expect(asc.rows.map((x) => x.nodeId)).toEqual([...desc.rows.map((x) => x.nodeId)].reverse());
    expect(asc.rows[0]!.rank).toBe(1);
  });

  it('filters by location group and reads a device as its location', async () => {
    const malls = await ranking(`${SUNDAY}&locationGroups=malls,Outlets`);
    expect(malls.rows.map((x) => x.name).sort()).toEqual(['Store A', 'Store C']);
    const one = await ranking(`${SUNDAY}&nodeIds=${stores.C.device}`);
    expect(one.rows.map((x) => x.nodeId)).toEqual([stores.C.id]);
    expect(one.rows[0]).toMatchObject({ rank: 1, previousRank: 1, rankChange: 0 });
    const none = await ranking(`${SUNDAY}&locationGroups=Nowhere`);
    expect(none.rows).toEqual([]);
  });

  it("marks the caller's own location: a user scoped to a location", async () => {
    const manager = await makeUser(t.db, {
      roles: ['User'],
      scopeNodeId: stores.B.id,
      mobileSettings: GRANT,
    });
    const mine = await ranking(SUNDAY, await authHeader(t.ctx, manager));
    expect(mine.rows.map((x) => [x.nodeId, x.own])).toEqual([[stores.B.id, true]]);
    const admins = await ranking(SUNDAY);
    expect(admins.rows.every((x) => !x.own)).toBe(true);
  });

  it('answers 403 without the ranking mobile flag, whatever the role', async () => {
    for (const roles of [['admin'], ['User']] as const) {
      const u = await makeUser(t.db, { roles: [...roles], scopeNodeId: group.id });
      const res = await rank(SUNDAY, await authHeader(t.ctx, u));
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 404 for a node outside the scope, like a missing one', async () => {
    for (const id of [outside.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await rank(`${SUNDAY}&nodeIds=${stores.A.id},${id}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [string, string][] = [
      ['from=2024-03-10%2000:00&to=2024-03-11%2000:00', 'kpi'],
      ['from=2024-03-10%2000:00&to=2024-03-11%2000:00&kpi=Nope', 'kpi'],
      ['from=2024-03-10%2000:00&to=2024-03-11%2000:00&kpi=ForecastTrafficIn', 'kpi'],
      ['from=2024-02-30%2000:00&to=2024-03-11%2000:00&kpi=TrafficIn', 'from'],
      ['from=2024-03-10%2000:00&to=2024-03-10%2000:00&kpi=TrafficIn', 'to'],
      [`${SUNDAY}&nodeIds=not-a-uuid`, 'nodeIds'],
      [`${SUNDAY}&includeDays=9`, 'includeDays'],
      [`${SUNDAY}&tags=elders`, 'tags'],
      [`${SUNDAY}&order=up`, 'order'],
      [`${SUNDAY}&aggregation=P2D`, 'aggregation'],
      [`${SUNDAY}&businessHoursOnly=maybe`, 'businessHoursOnly'],
    ];
    for (const [query, field] of cases) {
      const res = await rank(query);
      expect(res.statusCode, query).toBe(400);
      // a list names the item too (nodeIds.0)
      expect(res.json().field, query).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Ranking?${SUNDAY}` });
    expect(res.statusCode).toBe(401);
  });
});
