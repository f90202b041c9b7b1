import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { AggregatedSeries } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';

/**
 * An independent recomputation. Random devices, counts and business hours in Toronto, Paris and
 * Kolkata (+05:30) around the DST weekends of 2024; random ranges, aggregations, filters and node
 * sets. Every answer of the API must equal a plain computation written here from the raw points
 * read back from the measurement table: each point's local time by Intl.DateTimeFormat, then
 * filters, buckets and functions by hand. Nothing of the query engine or of packages/domain's
 * time code is used here.
 */
let t: TestApp;
let headers: Record<string, string>;

const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------
// plain local time

const formatters = new Map<string, Intl.DateTimeFormat>();
/** local wall-clock minutes since 1970-01-01 00:00 of an instant in a zone */
function localMinuteOf(utcMs: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!) / MINUTE;
}
const keyOf = (lm: number) => new Date(lm * MINUTE).toISOString().slice(0, 16).replace('T', ' ');
const lmOf = (key: string) => Date.parse(`${key.replace(' ', 'T')}:00Z`) / MINUTE;
const weekdayOf = (lm: number) => new Date(lm * MINUTE).getUTCDay();
const timeOfDay = (lm: number) => ((lm % 1440) + 1440) % 1440;

type Agg = 'PT1M' | 'PT15M' | 'PT1H' | 'P1D' | 'P1W' | 'P1M' | 'P1Y';
function calendarStart(lm: number, agg: Agg): number {
  const d = new Date(lm * MINUTE);
  const day = lm - timeOfDay(lm);
  switch (agg) {
    case 'PT1M':
      return lm;
    case 'PT15M':
      return lm - (lm % 15);
    case 'PT1H':
      return lm - (lm % 60);
    case 'P1D':
      return day;
    case 'P1W':
      return day - d.getUTCDay() * 1440;
    case 'P1M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MINUTE;
    case 'P1Y':
      return Date.UTC(d.getUTCFullYear(), 0, 1) / MINUTE;
  }
}
function calendarEnd(start: number, agg: Agg): number {
  const d = new Date(start * MINUTE);
  switch (agg) {
    case 'PT1M':
      return start + 1;
    case 'PT15M':
      return start + 15;
    case 'PT1H':
      return start + 60;
    case 'P1D':
      return start + 1440;
    case 'P1W':
      return start + 7 * 1440;
    case 'P1M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / MINUTE;
    case 'P1Y':
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1) / MINUTE;
  }
}
const SIZES: Record<Agg, number> = {
  PT1M: 1,
  PT15M: 15,
  PT1H: 60,
  P1D: 1440,
  P1W: 10_080,
  P1M: 43_200,
  P1Y: 525_600,
};

// ---------------------------------------------------------------------------------------------
// the organisation and its raw points

interface Loc {
  id: string;
  zone: string;
  hours: Record<string, [string, string][]>;
  devices: string[];
}
let root: { id: string };
let east: { id: string };
const locs: Loc[] = [];
/** node -> ids of the nodes in its subtree (itself included) */
const subtree = new Map<string, Set<string>>();

interface RawPoint {
  node: string;
  protocol: string;
  series: number;
  utc: number;
  lm: number;
  value: number;
  zone: string;
  hours: Record<string, [string, string][]>;
}
let points: RawPoint[] = [];

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20240310);
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function randomHours(): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  for (let d = 0; d < 7; d++) {
    if (rand() < 0.2) continue; // closed
    const a = 5 * 60 + Math.floor(rand() * 6 * 60); // 05:00-11:00, any minute
    const b = a + 60 + Math.floor(rand() * 5 * 60);
    const intervals: [string, string][] = [[hhmm(a), hhmm(b)]];
    if (rand() < 0.5) {
      const c = b + 15 + Math.floor(rand() * 60);
      const e = Math.min(c + 30 + Math.floor(rand() * 6 * 60), 24 * 60);
      intervals.push([hhmm(c), e === 1440 ? '24:00' : hhmm(e)]);
    }
    out[String(d)] = intervals;
  }
  return out;
}

/** UTC windows holding data: the DST weekends of Toronto and Paris, spring and autumn. */
const WINDOWS = [
  ['2024-03-08T00:00:00Z', '2024-03-12T12:00:00Z'],
  ['2024-03-29T00:00:00Z', '2024-04-02T00:00:00Z'],
  ['2024-10-25T00:00:00Z', '2024-10-29T00:00:00Z'],
  ['2024-11-01T00:00:00Z', '2024-11-05T00:00:00Z'],
].map(([a, b]) => [Date.parse(a!), Date.parse(b!)] as const);

async function addSeries(nodeId: string, protocol: string, probability: number, max: number) {
  const { key } = await t.app.services.series.ensureSeries({ nodeId, measurementProtocol: protocol });
  const keys: number[] = [];
  const times: number[] = [];
  const values: number[] = [];
  for (const [a, b] of WINDOWS) {
    for (let ms = a; ms < b; ms += MINUTE) {
      if (rand() >= probability) continue;
      keys.push(key);
      times.push(ms);
      values.push(1 + Math.floor(rand() * max));
    }
  }
  for (let i = 0; i < keys.length; i += 10_000)
    await t.app.services.ingest.store({
      keys: keys.slice(i, i + 10_000),
      times: times.slice(i, i + 10_000),
      values: values.slice(i, i + 10_000),
    });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-01-15T12:00:00Z');
  root = await makeGroup(t.db);
  east = await makeGroup(t.db, { parentId: root.id });
  const places = [
    { zone: 'America/Toronto', parent: east.id, devices: 2 },
    { zone: 'Europe/Paris', parent: root.id, devices: 2 },
    { zone: 'Asia/Kolkata', parent: root.id, devices: 1 },
  ];
  for (const p of places) {
    const hours = randomHours();
    const loc = await makeLocation(t.db, {
      parentId: p.parent,
      attributes: { timezone: p.zone, businessHours: hours },
    });
    const devices: string[] = [];
    for (let i = 0; i < p.devices; i++) devices.push((await makeDevice(t.db, { parentId: loc.id })).id);
    locs.push({ id: loc.id, zone: p.zone, hours, devices });
  }
  for (const loc of locs) {
    for (const d of loc.devices) {
      await addSeries(d, 'TrafficIn', 0.25, 6);
      await addSeries(d, 'DwellTime', 0.05, 600);
      await addSeries(d, 'Occupancy', 0.05, 40);
    }
    await addSeries(loc.id, 'Transactions', 0.04, 2);
  }
  for (const loc of locs) {
    subtree.set(loc.id, new Set([loc.id, ...loc.devices]));
    for (const d of loc.devices) subtree.set(d, new Set([d]));
  }
  subtree.set(east.id, new Set([east.id, ...subtree.get(locs[0]!.id)!]));
  subtree.set(root.id, new Set([root.id, east.id, ...locs.flatMap((l) => [...subtree.get(l.id)!])]));

  // the raw points, read back as stored
  const { rows } = await sql<{ node_id: string; protocol: string; key: number; ms: number; value: number }>`
    select ts.node_id, ts.measurement_protocol as protocol, ts.key,
      (extract(epoch from m.occurred_on) * 1000)::float8 as ms, m.value
    from measurement m join time_series ts on ts.key = m.series_key`.execute(t.db);
  const locOf = (node: string) => locs.find((l) => l.id === node || l.devices.includes(node))!;
  points = rows.map((r) => {
    const loc = locOf(r.node_id);
    return {
      node: r.node_id,
      protocol: r.protocol,
      series: r.key,
      utc: r.ms,
      lm: localMinuteOf(r.ms, loc.zone),
      value: r.value,
      zone: loc.zone,
      hours: loc.hours,
    };
  });
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: root.id });
  headers = await authHeader(t.ctx, admin);
}, 300_000);

// ---------------------------------------------------------------------------------------------
// the plain computation

interface Question {
  nodeIds: string[];
  from: number;
  to: number;
  aggregation: Agg;
  businessHoursOnly: boolean;
  applyTimePeriodToEachDay: boolean;
  includeDays: number[] | null;
}

function inHours(p: RawPoint): boolean {
  const intervals = p.hours[String(weekdayOf(p.lm))] ?? [];
  const tod = timeOfDay(p.lm);
  return intervals.some(([a, b]) => {
    const [ah, am] = a.split(':').map(Number);
    const [bh, bm] = b.split(':').map(Number);
    return tod >= ah! * 60 + am! && tod < bh! * 60 + bm!;
  });
}

/** The points of a protocol that a question keeps over the local range [from, to). */
function kept(q: Question, protocol: string, from: number, to: number): RawPoint[] {
  const nodes = new Set(q.nodeIds.flatMap((id) => [...subtree.get(id)!]));
  const t0 = timeOfDay(q.from);
  const t1 = timeOfDay(q.to) === 0 ? 1440 : timeOfDay(q.to);
  return points.filter(
    (p) =>
      p.protocol === protocol &&
      nodes.has(p.node) &&
      p.lm >= from &&
      p.lm < to &&
      (!q.businessHoursOnly || inHours(p)) &&
      (!q.applyTimePeriodToEachDay || (timeOfDay(p.lm) >= t0 && timeOfDay(p.lm) < t1)) &&
      (!q.includeDays || q.includeDays.includes(weekdayOf(p.lm))),
  );
}

function aggregate(fn: string, ps: RawPoint[]): number {
  if (ps.length === 0) return 0;
  const values = ps.map((p) => p.value);
  const bySeries = (pick: (a: RawPoint, b: RawPoint) => boolean) => {
    const chosen = new Map<number, RawPoint>();
    for (const p of ps) {
      const cur = chosen.get(p.series);
      if (!cur || pick(p, cur)) chosen.set(p.series, p);
    }
    return [...chosen.values()].reduce((a, p) => a + p.value, 0);
  };
  switch (fn) {
    case 'Sum':
      return values.reduce((a, b) => a + b, 0);
    case 'Avg':
      return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    case 'Max':
      return Math.max(...values);
    case 'First':
      return bySeries((a, b) => a.utc < b.utc);
    case 'Last':
      return bySeries((a, b) => a.utc > b.utc);
  }
  throw new Error(fn);
}

function plainValue(q: Question, kpi: string, fn: string, from: number, to: number): number {
  if (kpi === 'ConversionRate') {
    const traffic = aggregate('Sum', kept(q, 'TrafficIn', from, to));
    const tx = aggregate('Sum', kept(q, 'Transactions', from, to));
    return traffic === 0 ? 0 : Math.round((tx / traffic) * 100 * 100) / 100;
  }
  return aggregate(fn, kept(q, kpi, from, to));
}

// ---------------------------------------------------------------------------------------------
// random questions

const NODE_SETS = () => [
  [root.id],
  [east.id],
  [locs[0]!.id],
  [locs[0]!.devices[0]!],
  [locs[1]!.id, locs[2]!.id],
  [locs[1]!.devices[1]!, locs[2]!.id],
  [root.id, locs[1]!.id],
];
const KPIS = [
  { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
  { kpi: 'ConversionRate', aggregateFunctions: ['Sum'] },
  { kpi: 'DwellTime', aggregateFunctions: ['Avg', 'Max'] },
  { kpi: 'Occupancy', aggregateFunctions: ['First', 'Last'] },
] as const;
const LADDER: Agg[] = ['PT1M', 'PT15M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P1Y'];

const arbQuestion = fc
  .record({
    nodeSet: fc.nat(6),
    window: fc.nat(3),
    offset: fc.integer({ min: -600, max: 5 * 1440 }),
    length: fc.oneof(
      fc.integer({ min: 1, max: 240 }),
      fc.integer({ min: 240, max: 3000 }),
      fc.integer({ min: 3000, max: 9000 }),
    ),
    aggregation: fc.constantFrom(...LADDER),
    businessHoursOnly: fc.boolean(),
    applyTimePeriodToEachDay: fc.boolean(),
    includeDays: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }), {
      freq: 3,
    }),
    compare: fc.boolean(),
    kpis: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
  })
  .map((r) => {
    const from = Math.floor(WINDOWS[r.window]![0] / MINUTE) + r.offset;
    const to = from + r.length;
    let aggregation = r.aggregation;
    while (r.length / SIZES[aggregation] > 400) aggregation = LADDER[LADDER.indexOf(aggregation) + 1]!;
    const t0 = timeOfDay(from);
    const t1 = timeOfDay(to) === 0 ? 1440 : timeOfDay(to);
    return {
      question: {
        nodeIds: NODE_SETS()[r.nodeSet]!,
        from,
        to,
        aggregation,
        businessHoursOnly: r.businessHoursOnly,
        applyTimePeriodToEachDay: r.applyTimePeriodToEachDay && t0 < t1,
        includeDays: r.includeDays,
      } satisfies Question,
      compare: r.compare && !(r.applyTimePeriodToEachDay && t0 < t1),
      kpis: r.kpis.map((i) => KPIS[i]!),
    };
  });

async function askApi(q: Question, kpis: readonly (typeof KPIS)[number][], compare: boolean) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/TimeSeries/AggregatedTimeSeries',
    headers,
    payload: {
      nodeIds: q.nodeIds,
      aggregateFunctionsByKpi: kpis,
      from: keyOf(q.from),
      to: keyOf(q.to),
      aggregation: q.aggregation,
      businessHoursOnly: q.businessHoursOnly,
      applyTimePeriodToEachDay: q.applyTimePeriodToEachDay,
      includeDays: q.includeDays,
      modes: compare ? ['current_period', 'compared_last_period'] : ['current_period'],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AggregatedSeries[];
}

function check(q: Question, series: AggregatedSeries) {
  const len = q.to - q.from;
  const back = series.mode === 'compared_last_period' ? len : 0;
  const where = `${series.kpi} ${series.aggregateFunction} ${series.mode} ${keyOf(q.from)}..${keyOf(q.to)} ${q.aggregation}`;
  expect(series.summary, `summary of ${where}`).toBe(
    plainValue(q, series.kpi, series.aggregateFunction, q.from - back, q.to - back),
  );
  const keys = new Set<string>();
  for (const point of series.data) {
    const start = lmOf(point.key);
    const end = Math.min(calendarEnd(calendarStart(start, q.aggregation), q.aggregation), q.to);
    keys.add(point.key);
    const expected = plainValue(q, series.kpi, series.aggregateFunction, start - back, end - back);
    expect(point.value, `${point.key} of ${where}`).toBe(expected);
    if (back) expect(point.comparedKey).toBe(keyOf(start - back));
  }
  // every bucket holding data is there
  if (series.mode === 'current_period' && series.kpi !== 'ConversionRate') {
    for (const p of kept(q, series.kpi, q.from, q.to))
      expect(
        keys.has(keyOf(Math.max(calendarStart(p.lm, q.aggregation), q.from))),
        `bucket of ${keyOf(p.lm)} in ${where}`,
      ).toBe(true);
  }
}

describe('aggregated queries against an independent recomputation from raw points', () => {
  it('agree on random ranges, aggregations, filters and node sets (DST weekends, +05:30)', async () => {
    expect(points.length).toBeGreaterThan(20_000);
    await fc.assert(
      fc.asyncProperty(arbQuestion, async ({ question, compare, kpis }) => {
        for (const series of await askApi(question, kpis, compare)) check(question, series);
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  it('agree over whole DST days, hourly and daily, for every zone', async () => {
    const days = [
      ['2024-03-09 00:00', '2024-03-12 00:00'],
      ['2024-03-30 00:00', '2024-04-01 00:00'],
      ['2024-10-26 00:00', '2024-10-28 00:00'],
      ['2024-11-02 00:00', '2024-11-04 00:00'],
    ];
    for (const [from, to] of days) {
      for (const aggregation of ['PT15M', 'PT1H', 'P1D'] as Agg[]) {
        for (const nodeIds of [[root.id], ...locs.map((l) => [l.id])]) {
          const q: Question = {
            nodeIds,
            from: lmOf(from!),
            to: lmOf(to!),
            aggregation,
            businessHoursOnly: false,
            applyTimePeriodToEachDay: false,
            includeDays: null,
          };
          for (const s of await askApi(q, [KPIS[0], KPIS[1]], true)) check(q, s);
        }
      }
    }
  }, 300_000);
});
