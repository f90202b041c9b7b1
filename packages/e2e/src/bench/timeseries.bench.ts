import { randomBytes } from 'node:crypto';
import {
  addDays,
  formatLocal,
  fromLocalMinute,
  mape,
  startOfWeek,
  toLocalMinute,
  type AggregatedQueryInput,
  type AggregatedSeries,
} from '@footfall/domain';
import { sql } from 'kysely';
import type { App } from '../../../server/src/app.js';
import { benchApp } from './bench-app.js';
import { createDb, type Db } from '../../../server/src/platform/db/database.js';
import type { ManualClock } from '../../../server/src/platform/clock.js';
import { measureIngestThroughput } from '../../../server/src/features/timeseries/ingest.bench.js';
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
  type BenchOptions,
} from './bench-kit.js';
import { buildDataset, printGeneratorPhases, ZONES, type Dataset } from './timeseries-dataset.js';
import { cpuMeter, loadNote, startPhase } from './pg-cpu.js';
import { baselineCache, baselineSums } from './timeseries-baseline.js';
import { buildQuestions, compare, type Expectation } from './timeseries-questions.js';
import { openDuckPeer, type DuckPeer } from './timeseries-duckdb.js';
import { databaseSize, printBytesPerPoint, tableSizes } from './timeseries-storage.js';
import { printSideBySide, type PassResult } from './timeseries-scales.js';

/**
 * Time-series engine benchmark (issues 4 and 20): the five dashboard questions answered by the API
 * (rollups and node totals), by a plain GROUP BY over raw points and by DuckDB over the same raw points
 * in the same run, answers compared value by value; ingestion through the HTTP endpoint; bytes per raw
 * point; forecast error on held-back weeks. `--scale 10` measures scale 1 (about 25 M points) and then
 * scale 10 (about 250 M) and prints them side by side (`--scales 0.1,1` chooses others).
 */
export const timeseriesBench: BenchModule = {
  name: 'timeseries',
  description:
    'aggregated queries (rollups) vs GROUP BY and DuckDB over raw points, HTTP ingestion, bytes per point, forecast MAPE',
  async run(options) {
    const scales =
      options.flags.get('scales')?.split(',').map(Number) ??
      (options.scale > 1 ? [1, options.scale] : [options.scale]);
    if (scales.some((s) => !(s > 0))) throw new Error('--scales: positive numbers, comma-separated');
    const results: PassResult[] = [];
    for (const scale of scales) {
      console.log(`\n  --- scale ${scale}`);
      results.push(await measurePass(options, scale));
    }
    if (results.length > 1) printSideBySide(results);
    const wrong = results.flatMap((r) => r.questions.filter((q) => !q.sameBaseline || q.sameDuck === false));
    if (wrong.length > 0)
      throw new Error(`engine, baseline and DuckDB disagree on: ${wrong.map((q) => q.label).join(', ')}`);
  },
};

async function measurePass(options: BenchOptions, scale: number): Promise<PassResult> {
  const locationCount = Math.max(4, Math.round(100 * scale));
  // --data-dir <dir>: the generated dataset is kept there and reused by the next run of the same
  // scale (--fresh regenerates it); otherwise a throw-away database
  const dataDir = options.flags.get('data-dir');
  const kept = dataDir
    ? await keptDatabase(`timeseries_s${String(scale).replace(/\W/g, '_')}`, dataDir)
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
  let duck: DuckPeer | null = null;
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
    const storage = await tableSizes(db);
    const dbBytes = await databaseSize(db);
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
    // --no-duckdb: skip the peer (it holds the raw points in memory, about 10 bytes each)
    if (!options.flags.has('no-duckdb')) {
      done = step('DuckDB peer: raw points exported by PostgreSQL (CSV) and loaded');
      duck = await openDuckPeer(db);
      done();
    }
    // --duckdb-runs <n>: n timed DuckDB runs per question and no warm-up (at 25 M points and more a
    // DuckDB answer over a year of raw points takes minutes on this machine)
    const duckRunsFlag = options.flags.get('duckdb-runs');
    const duckRuns = duckRunsFlag
      ? Number(duckRunsFlag)
      : Math.max(3, Math.min(10, Math.round(options.runs / 3)));
    if (!(duckRuns >= 1)) throw new Error('--duckdb-runs: a positive number');
    const duckWarmup = duckRunsFlag ? 0 : 1;
    const questions = buildQuestions(data);
    const measured: PassResult['questions'] = [];
    for (const q of questions) {
      done = step(
        `${q.label}: engine ${options.runs} runs, baseline ${q.long ? 1 : 2}${duck ? `, DuckDB ${duckRuns}` : ''}`,
      );
      const answer = await ask(q.body);
      const engine = await timeRuns(() => ask(q.body), options.runs);
      let expectation: Expectation | null = null;
      // the baseline takes seconds: one warm-up, then one timed run (two for the short questions)
      const baseline = await timeRuns(
        async () => {
          expectation = await q.expected((bq) => baselineSums(db, bq));
        },
        q.long ? 1 : 2,
        1,
      );
      let duckExpectation: Expectation | null = null;
      const peer = duck;
      const duckTimes = peer
        ? await timeRuns(
            async () => {
              duckExpectation = await q.expected((bq) => peer.sums(bq));
            },
            duckRuns,
            duckWarmup,
          )
        : null;
      done();
      const mismatches = compare(answer, expectation!);
      const duckMismatches = duckExpectation ? compare(answer, duckExpectation) : null;
      measured.push({
        label: q.label,
        long: q.long,
        engine,
        baseline,
        duck: duckTimes,
        sameBaseline: mismatches.length === 0,
        sameDuck: duckMismatches ? duckMismatches.length === 0 : null,
      });
      if (mismatches.length > 0)
        console.log(`  mismatches of ${q.label}:\n    ${mismatches.slice(0, 8).join('\n    ')}`);
      if (duckMismatches && duckMismatches.length > 0)
        console.log(`  DuckDB mismatches of ${q.label}:\n    ${duckMismatches.slice(0, 8).join('\n    ')}`);
    }
    await duck?.close();
    duck = null;

    done = step('ingestion through POST /api/ingest/measurements');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const ingestCommon = {
      baseUrl: `http://127.0.0.1:${port}`,
      authorization,
      // the same batch shape at every scale (200 door series, 50 minutes each a batch at scale >= 1), so
      // that scales differ by the data behind the batches only: the 2,000 doors of scale 10 sent 5
      // minutes a batch each, a 15-minute rollup row written by 3 batches instead of 1-2
      seriesIds: data.trafficSeriesIds.slice(0, 200),
    };
    const before = data.dataStartMs - 60 * 86_400_000;
    await measureIngestThroughput({
      ...ingestCommon,
      batches: 2,
      concurrency: 2,
      startMs: before - 20 * 86_400_000,
    });
    const ingestCpu = startPhase(await cpuMeter(db));
    const ingest = await measureIngestThroughput({
      ...ingestCommon,
      batches: Math.max(6, Math.round(30 * Math.min(1, scale * 2))),
      concurrency: 2,
      startMs: before,
    });
    const ingestCost = ingestCpu();
    done();

    done = step('forecast on 4 held-back weeks');
    const forecast = await forecastError(data, clock, ask);
    done();

    console.log('');
    printTable(
      [
        'question',
        'API p50 ms',
        'API p95 ms',
        'DuckDB p50 ms',
        'DuckDB p95 ms',
        'baseline p50 ms',
        'baseline p95 ms',
        'speed-up',
        'same answer (baseline / DuckDB)',
        'target',
      ],
      measured.map((m) => {
        const p50 = percentile(m.engine, 50);
        const p95 = percentile(m.engine, 95);
        const base = percentile(m.baseline, 50);
        const speedup = base / p50;
        const yes = (b: boolean | null) => (b === null ? '-' : b ? 'yes' : 'NO');
        return [
          m.label,
          ms(p50),
          ms(p95),
          m.duck ? ms(percentile(m.duck, 50)) : '-',
          m.duck ? ms(percentile(m.duck, 95)) : '-',
          baselineCache.enabled ? 'cached' : ms(base),
          baselineCache.enabled ? '-' : ms(percentile(m.baseline, 95)),
          baselineCache.enabled ? '-' : `${speedup.toFixed(0)}x`,
          `${yes(m.sameBaseline)} / ${yes(m.sameDuck)}`,
          p95 <= 25 && (baselineCache.enabled || !m.long || speedup >= 50) ? 'met' : 'MISSED',
        ];
      }),
    );
    console.log('');
    console.log(
      `  ingestion: ${ingest.pointsPerSecond.toLocaleString('en-US')} points/s through HTTP ` +
        `(${ingest.points.toLocaleString('en-US')} points of ${ingestCommon.seriesIds.length} series in batches of 10,000, 2 in flight, rollups and ` +
        `node totals kept current) - target 100,000: ${ingest.pointsPerSecond >= 100_000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  ingestion CPU: node (server and HTTP client) ${ingestCost.node.toFixed(1)} s, postgres ` +
        `${ingestCost.pg === null ? '-' : ingestCost.pg.toFixed(1)} s for ${ingest.points.toLocaleString('en-US')} points` +
        `${ingestCost.pg ? ` (${Math.round(ingest.points / ingestCost.pg).toLocaleString('en-US')} points per postgres CPU second)` : ''}` +
        ` at ${data.rawPoints.toLocaleString('en-US')} raw rows; ${loadNote()}`,
    );
    console.log(
      `  forecast MAPE (ForecastTrafficIn, daily, 4 held-back weeks forecast from each week's start): ` +
        `whole tree ${forecast.tree.toFixed(1)} %, single locations ${forecast.locations.toFixed(1)} % (mean)`,
    );
    console.log(
      '  targets: p95 <= 25 ms for every question; >= 50x faster than the baseline for a month or more',
    );
    const bytesPerPoint = printBytesPerPoint('after generation', storage, data.rawPoints);
    console.log(`  database size: ${(dbBytes / 1_048_576).toFixed(0)} MB (pg_database_size)`);
    if (data.generator)
      console.log(
        `  generator: ${data.generator.rawPointsPerSecond.toLocaleString('en-US')} raw points/s ` +
          `(generate_series, keys dropped), rollups and keys ${data.generator.rollupSeconds.toFixed(0)} s, ` +
          `${data.generator.pointsPerSecond.toLocaleString('en-US')} points/s overall`,
      );
    if (data.generator) printGeneratorPhases(data.generator, data.rawPoints);
    return {
      scale,
      rawPoints: data.rawPoints,
      generator: data.generator ?? null,
      questions: measured,
      ingestPointsPerSecond: ingest.pointsPerSecond,
      dbBytes,
      bytesPerPoint,
    };
  } finally {
    await duck?.close();
    await bench.close();
    await database.stop();
  }
}

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
