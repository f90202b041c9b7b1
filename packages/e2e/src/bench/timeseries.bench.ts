import { randomBytes } from 'node:crypto';
import {
  addDays,
  addMonths,
  dayIndex,
  evaluateFormula,
  findFormula,
  forecastHistoryDays,
  formatLocal,
  fromLocalMinute,
  mape,
  round2,
  seasonalForecast,
  startOfDay,
  startOfMonth,
  startOfWeek,
  toLocalMinute,
  trendFactor,
  type AggregatedQueryInput,
  type AggregatedSeries,
  type LocalMinute,
} from '@footfall/domain';
import type { App } from '../../../server/src/app.js';
import { benchApp } from './bench-app.js';
import { createDb, type Db } from '../../../server/src/platform/db/database.js';
import type { ManualClock } from '../../../server/src/platform/clock.js';
import { measureIngestThroughput } from '../../../server/src/features/timeseries/ingest.bench.js';
import { sql } from 'kysely';
import {
  dropKeptDatabase,
  freshDatabase,
  keptDatabase,
  ms,
  percentile,
  printTable,
  step,
  timeRuns,
  type BenchModule,
} from './bench-kit.js';
import { buildDataset, ZONES, type Dataset } from './timeseries-dataset.js';
import { baselineCache, baselineSums } from './timeseries-baseline.js';

/**
 * Time-series engine benchmark (issue 4): the five dashboard questions answered by the API (rollups
 * and node totals) and by a plain GROUP BY over raw points in the same run, answers compared value
 * by value; ingestion through the HTTP endpoint; forecast error on held-back weeks.
 */
const DAY = 1440;

interface Question {
  label: string;
  /** a month or more: the 50x target applies */
  long: boolean;
  body: AggregatedQueryInput;
  /** baseline answer for each engine series: the expected value of a data point, and the summary */
  expected(db: Db): Promise<Expectation>;
}
type Expectation = (s: AggregatedSeries) => {
  value: (key: LocalMinute) => number | null;
  summary: number | null;
};

export const timeseriesBench: BenchModule = {
  name: 'timeseries',
  description: 'aggregated queries (rollups) vs GROUP BY over raw points, HTTP ingestion, forecast MAPE',
  async run(options) {
    const locationCount = Math.max(4, Math.round(100 * options.scale));
    // --data-dir <dir>: the generated dataset is kept there and reused by the next run of the same
    // scale (--fresh regenerates it); otherwise a throw-away database
    const dataDir = options.flags.get('data-dir');
    const kept = dataDir
      ? await keptDatabase(`timeseries_s${String(options.scale).replace(/\W/g, '_')}`, dataDir)
      : null;
    const database = kept ?? (await freshDatabase('timeseries', { keep: options.flags.has('keep') }));
    baselineCache.enabled = kept !== null && options.flags.has('cached-baseline');
    let reused: Dataset | null = null;
    if (kept?.existed) {
      const probe = createDb(kept.url, { max: 1 }).db;
      const { rows } = await sql<{ data: Dataset | null }>`
        select case when to_regclass('bench_dataset') is null then null
          else (select data from bench_dataset limit 1) end as data`
        .execute(probe)
        .catch(() => ({ rows: [] as { data: Dataset | null }[] }));
      await probe.destroy();
      reused = options.flags.has('fresh') ? null : (rows[0]?.data ?? null);
      if (!reused) await dropKeptDatabase(kept);
    }
    const bench = benchApp(database.url, new Date());
    const { db, ctx, clock } = bench;
    let app: App | null = null;
    try {
      let done = step('fresh database, migrations');
      app = await bench.start();
      done();
      let data: Dataset;
      if (reused) {
        data = reused;
        done = step('reusing the kept dataset (earlier ingestion runs removed)');
        await forgetIngestRuns(db, data);
        done();
      } else {
        data = await buildDataset(app, db, { locations: locationCount, nowMs: clock.now().getTime() });
        if (kept) {
          await sql`create table bench_dataset (data jsonb not null)`.execute(db);
          await sql`insert into bench_dataset (data) values (${JSON.stringify(data)}::jsonb)`.execute(db);
        }
      }
      clock.set(new Date(data.nowMs));
      const user = await db
        .insertInto('app_user')
        .values({
          username: `bench-${randomBytes(3).toString('hex')}`,
          first_name: 'Bench',
          last_name: 'Bench',
          email: 'bench@example.com',
          roles: ['superAdmin'],
          mobile_settings: '{}',
        })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow();
      const { token } = await ctx.tokens.signAccess({ sub: user.id, ver: 0, name: user.username });
      const authorization = `Bearer ${token}`;
      const ask = async (body: AggregatedQueryInput): Promise<AggregatedSeries[]> => {
        const res = await app!.inject({
          method: 'POST',
          url: '/api/TimeSeries/AggregatedTimeSeries',
          headers: { authorization },
          payload: body,
        });
        if (res.statusCode !== 200) throw new Error(`query answered ${res.statusCode}: ${res.body}`);
        return res.json();
      };

      console.log(
        `  dataset: ${data.locations.length} locations, ${data.devices.length} devices, ` +
          `${data.rawPoints.toLocaleString('en-US')} raw points, now ${new Date(data.nowMs).toISOString()}`,
      );
      const questions = buildQuestions(data);
      const rows: string[][] = [];
      for (const q of questions) {
        done = step(`${q.label}: engine ${options.runs} runs, baseline ${q.long ? 1 : 2}`);
        const answer = await ask(q.body);
        const engine = await timeRuns(() => ask(q.body), options.runs);
        let expectation: Expectation | null = null;
        // the baseline takes seconds: one warm-up, then one timed run (two for the short questions)
        const baseline = await timeRuns(
          async () => {
            expectation = await q.expected(db);
          },
          q.long ? 1 : 2,
          1,
        );
        done();
        const mismatches = compare(answer, expectation!);
        const p50 = percentile(engine, 50);
        const p95 = percentile(engine, 95);
        const base = percentile(baseline, 50);
        const speedup = base / p50;
        rows.push([
          q.label,
          ms(p50),
          ms(p95),
          baselineCache.enabled ? 'cached' : ms(base),
          baselineCache.enabled ? '-' : `${speedup.toFixed(0)}x`,
          mismatches.length === 0 ? 'yes' : `NO (${mismatches.length})`,
          p95 <= 25 && (baselineCache.enabled || !q.long || speedup >= 50) ? 'met' : 'MISSED',
        ]);
        if (mismatches.length > 0)
          console.log(`  mismatches of ${q.label}:\n    ${mismatches.slice(0, 8).join('\n    ')}`);
      }

      done = step('ingestion through POST /api/ingest/measurements');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const ingestCommon = {
        baseUrl: `http://127.0.0.1:${port}`,
        authorization,
        seriesIds: data.trafficSeriesIds,
      };
      const before = data.dataStartMs - 60 * 86_400_000;
      await measureIngestThroughput({
        ...ingestCommon,
        batches: 2,
        concurrency: 2,
        startMs: before - 20 * 86_400_000,
      });
      const ingest = await measureIngestThroughput({
        ...ingestCommon,
        batches: Math.max(6, Math.round(30 * Math.min(1, options.scale * 2))),
        concurrency: 2,
        startMs: before,
      });
      done();

      done = step('forecast on 4 held-back weeks');
      const forecast = await forecastError(data, clock, ask);
      done();

      console.log('');
      printTable(
        ['question', 'engine p50 ms', 'p95 ms', 'baseline p50 ms', 'speed-up', 'same answer', 'target'],
        rows,
      );
      console.log('');
      console.log(
        `  ingestion: ${ingest.pointsPerSecond.toLocaleString('en-US')} points/s through HTTP ` +
          `(${ingest.points.toLocaleString('en-US')} points in batches of 10,000, 2 in flight, rollups and ` +
          `node totals kept current) - target 100,000: ${ingest.pointsPerSecond >= 100_000 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  forecast MAPE (ForecastTrafficIn, daily, 4 held-back weeks forecast from each week's start): ` +
          `whole tree ${forecast.tree.toFixed(1)} %, single locations ${forecast.locations.toFixed(1)} % (mean)`,
      );
      console.log(
        '  targets: p95 <= 25 ms for every question; >= 50x faster than the baseline for a month or more',
      );
      const wrong = rows.filter((r) => r[5] !== 'yes');
      if (wrong.length > 0)
        throw new Error(`engine and baseline disagree on: ${wrong.map((r) => r[0]).join(', ')}`);
    } finally {
      await bench.close();
      await database.stop();
    }
  },
};

/**
 * The ingestion measurement writes weeks before the dataset's start; a reused dataset drops those
 * points and every rollup row they made, so each run answers the questions over the same data.
 */
async function forgetIngestRuns(db: Db, data: Dataset) {
  const before = new Date(data.dataStartMs - 2 * 86_400_000);
  const beforeDate = before.toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    await sql`delete from measurement where occurred_on < ${before}`.execute(trx);
    await sql`delete from rollup_15m where bucket < ${before}`.execute(trx);
    await sql`delete from node_rollup_15m where bucket < ${before}`.execute(trx);
    await sql`delete from rollup_day where local_date < ${beforeDate}::date`.execute(trx);
    await sql`delete from node_rollup_hour where local_hour < ${beforeDate}::date`.execute(trx);
    await sql`delete from node_rollup_day where local_date < ${beforeDate}::date`.execute(trx);
  });
}

// ---------------------------------------------------------------------------------------------

export function buildQuestions(data: Dataset): Question[] {
  const zone = ZONES[0]!;
  const now = toLocalMinute(zone, data.nowMs);
  const today = startOfDay(now);
  const key = (lm: LocalMinute) => formatLocal(lm);
  const isFuture = (lm: LocalMinute, zoneNow: LocalMinute) => lm > zoneNow;
  // the engine calls a bucket future when no location has reached it yet
  const latestNow = Math.max(...ZONES.map((z) => toLocalMinute(z, data.nowMs)));
  const firstLocation = data.locations[0]!;
  const half = data.locations.slice(0, Math.max(1, Math.floor(data.locations.length / 2)));
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const cr = findFormula('ConversionRate')!;

  const plain = (
    sums: Map<number, number>,
    shift: number,
    futureFrom: LocalMinute,
  ): ReturnType<Expectation> => ({
    value: (k) => (isFuture(k - shift, futureFrom) ? null : (sums.get(k - shift) ?? 0)),
    summary: sum(sums),
  });

  const monthStart = startOfMonth(now);
  const monthEnd = addMonths(monthStart, 1);
  const yearFrom = addDays(today, -364);
  const customFrom = addDays(today, -365) + 10 * 60 + 30;
  const customTo = today + 10 * 60 + 30;

  return [
    {
      label: `Q1 today hourly, 1 location (In+Out)`,
      long: false,
      body: {
        nodeIds: [firstLocation.id],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'TrafficOut', aggregateFunctions: ['Sum'] },
        ],
        from: key(today),
        to: key(addDays(today, 1)),
        aggregation: 'PT1H',
      },
      async expected(db) {
        const base = {
          rootIds: [firstLocation.id],
          from: today,
          to: addDays(today, 1),
          unit: 'hour' as const,
        };
        const [tin, tout] = await Promise.all([
          baselineSums(db, { ...base, protocol: 'TrafficIn', businessHoursOnly: false }),
          baselineSums(db, { ...base, protocol: 'TrafficOut', businessHoursOnly: false }),
        ]);
        return (s) => plain(s.kpi === 'TrafficIn' ? tin : tout, 0, now);
      },
    },
    {
      label: `Q2 last 7 days hourly, business hours, ${half.length} locations`,
      long: false,
      body: {
        nodeIds: half.map((l) => l.id),
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        from: key(addDays(today, -7)),
        to: key(today),
        aggregation: 'PT1H',
        businessHoursOnly: true,
      },
      async expected(db) {
        const sums = await baselineSums(db, {
          rootIds: half.map((l) => l.id),
          protocol: 'TrafficIn',
          from: addDays(today, -7),
          to: today,
          unit: 'hour',
          businessHoursOnly: true,
        });
        return () => plain(sums, 0, latestNow);
      },
    },
    {
      label: 'Q3 last 365 days daily, whole tree, N-1 and Y-1, conversion',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'ConversionRate', aggregateFunctions: ['Sum'] },
        ],
        from: key(yearFrom),
        to: key(addDays(today, 1)),
        aggregation: 'P1D',
        modes: ['current_period', 'compared_last_period', 'compared_last_year'],
      },
      async expected(db) {
        const to = addDays(today, 1);
        const shifts = {
          current_period: 0,
          compared_last_period: to - yearFrom,
          compared_last_year: 364 * DAY,
        };
        const sums = new Map<string, Map<number, number>>();
        await Promise.all(
          Object.entries(shifts).flatMap(([mode, shift]) =>
            ['TrafficIn', 'Transactions'].map(async (protocol) => {
              const m = await baselineSums(db, {
                rootIds: [data.rootId],
                protocol,
                from: yearFrom - shift,
                to: to - shift,
                unit: 'day',
                businessHoursOnly: false,
              });
              sums.set(`${mode}|${protocol}`, m);
            }),
          ),
        );
        return (s) => {
          const shift = shifts[s.mode];
          const traffic = sums.get(`${s.mode}|TrafficIn`)!;
          if (s.kpi === 'TrafficIn') return plain(traffic, shift, latestNow);
          const tx = sums.get(`${s.mode}|Transactions`)!;
          return {
            value: (k) =>
              evaluateFormula(cr, {
                TrafficIn: traffic.get(k - shift) ?? 0,
                Transactions: tx.get(k - shift) ?? 0,
              }),
            summary: evaluateFormula(cr, { TrafficIn: sum(traffic), Transactions: sum(tx) }),
          };
        };
      },
    },
    {
      label: 'Q4 current month daily, whole tree, with forecast',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] },
        ],
        from: key(monthStart),
        to: key(monthEnd),
        aggregation: 'P1D',
      },
      async expected(db) {
        const common = {
          rootIds: [data.rootId],
          protocol: 'TrafficIn',
          unit: 'day' as const,
          businessHoursOnly: false,
        };
        const [month, history] = await Promise.all([
          baselineSums(db, { ...common, from: monthStart, to: monthEnd }),
          baselineSums(db, { ...common, from: addDays(monthStart, -35), to: startOfDay(latestNow) }),
        ]);
        const forecast = forecastByDay(history, monthStart, monthEnd, dayIndex(latestNow));
        return (s) =>
          s.kpi === 'TrafficIn'
            ? plain(month, 0, latestNow)
            : { value: (k) => forecast.values.get(dayIndex(k)) ?? null, summary: forecast.summary };
      },
    },
    {
      label: 'Q5 custom 1-year range monthly, whole tree (In+Sales)',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'Sales', aggregateFunctions: ['Sum'] },
        ],
        from: key(customFrom),
        to: key(customTo),
        aggregation: 'P1M',
      },
      async expected(db) {
        const common = { rootIds: [data.rootId], from: customFrom, to: customTo, unit: 'month' as const };
        const [tin, sales] = await Promise.all([
          baselineSums(db, { ...common, protocol: 'TrafficIn', businessHoursOnly: false }),
          baselineSums(db, { ...common, protocol: 'Sales', businessHoursOnly: false }),
        ]);
        return (s) => plain(s.kpi === 'TrafficIn' ? tin : sales, 0, latestNow);
      },
    },
  ];
}

/** The documented forecast model applied to the baseline's daily sums (see domain periods/forecast.ts). */
function forecastByDay(daySums: Map<number, number>, from: LocalMinute, to: LocalMinute, today: number) {
  const dayTotal = (d: number) => daySums.get(d * DAY) ?? 0;
  const values = new Map<number, number | null>();
  let summary: number | null = null;
  for (let d = dayIndex(from); d < dayIndex(to); d++) {
    if (d > today + 7) {
      values.set(d, null);
      continue;
    }
    const origin = Math.min(d, today);
    const history = forecastHistoryDays(d, origin).map(dayTotal);
    const value = round2(seasonalForecast(history, trendFactor(dayTotal, origin)));
    values.set(d, value);
    summary = round2((summary ?? 0) + value);
  }
  return { values, summary };
}

function compare(answer: AggregatedSeries[], expected: Expectation): string[] {
  const out: string[] = [];
  const same = (a: number | null, b: number | null) =>
    a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)));
  for (const s of answer) {
    const e = expected(s);
    const where = `${s.kpi} ${s.mode}`;
    if (!same(s.summary, e.summary)) out.push(`${where} summary: engine ${s.summary}, baseline ${e.summary}`);
    for (const d of s.data) {
      const want = e.value(parseKey(d.key));
      if (!same(d.value, want)) out.push(`${where} ${d.key}: engine ${d.value}, baseline ${want}`);
    }
  }
  return out;
}

const parseKey = (key: string) => Date.parse(`${key.replace(' ', 'T')}:00Z`) / 60_000;

/** MAPE of daily ForecastTrafficIn made at the start of each of the 4 weeks before this one. */
async function forecastError(
  data: Dataset,
  clock: ManualClock,
  ask: (body: AggregatedQueryInput) => Promise<AggregatedSeries[]>,
) {
  const zone = ZONES[0]!;
  const thisWeek = startOfWeek(toLocalMinute(zone, data.nowMs));
  const nodes = [data.rootId, ...data.locations.slice(0, 8).map((l) => l.id)];
  const errors = new Map<string, number[]>();
  for (let w = 1; w <= 4; w++) {
    const from = addDays(thisWeek, -7 * w);
    const to = addDays(from, 7);
    const period = { from: formatLocal(from), to: formatLocal(to), aggregation: 'P1D' as const };
    // 04:00 in Toronto: the same date in every zone of the dataset, nothing of that day used
    clock.set(new Date(fromLocalMinute(zone, from + 4 * 60).utcMs));
    const forecasts = new Map<string, AggregatedSeries>();
    for (const node of nodes) {
      const [f] = await ask({
        nodeIds: [node],
        aggregateFunctionsByKpi: [{ kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] }],
        ...period,
      });
      forecasts.set(node, f!);
    }
    clock.set(new Date(data.nowMs));
    for (const node of nodes) {
      const [actual] = await ask({ nodeIds: [node], measurementProtocols: ['TrafficIn'], ...period });
      const pairs = actual!.data.map((d, i) => ({
        actual: d.value ?? 0,
        forecast: forecasts.get(node)!.data[i]?.value ?? 0,
      }));
      const e = mape(pairs);
      if (e !== null) errors.set(node, [...(errors.get(node) ?? []), e]);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    tree: mean(errors.get(data.rootId) ?? []),
    locations: mean(nodes.slice(1).flatMap((n) => errors.get(n) ?? [])),
  };
}
