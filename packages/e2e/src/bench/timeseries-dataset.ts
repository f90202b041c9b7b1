import fs from 'node:fs';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../../server/src/platform/db/database.js';
import type { Database } from '../../../server/src/platform/db/schema.js';
import type { App } from '../../../server/src/app.js';
import { printTable, step } from './bench-kit.js';
import { cpuMeter, loadNote, startPhase, type PhaseCost } from './pg-cpu.js';
import { buildTree, type BusinessHours, type GenSeries } from './timeseries-tree.js';

/**
 * The benchmark dataset: a client group with 4 regions in 4 time zones, `locations` stores of 2 doors
 * each. TrafficIn/TrafficOut per door at 1-minute resolution for the last 30 days and at 15-minute
 * resolution for the 12 months before (13 months in all); Sales, Transactions and StaffHours per
 * store every 15 minutes for 13 months. Counts follow a daily curve (doors open 08:00-22:00 local,
 * no points at night), a weekly pattern, a yearly season, a per-day "weather" factor and noise.
 *
 * How it is written (issue 20: 250 M points within a session), one UTC month (= one raw partition) at a
 * time, two connections each taking the largest month left:
 * 1. raw points: PostgreSQL generates them itself (generate_series) straight into the month's
 *    partition, the primary keys of `measurement` and of every rollup table dropped beforehand;
 * 2. rollups, set-based afterwards, per month: one GROUP BY over the partition makes the month's
 *    15-minute rows (local date, local hour and business-hours coverage computed once per bucket, as
 *    the engine's rebuild does; only buckets straddling an opening edge read their raw points again),
 *    one GROUP BY over those makes the node totals' 15-minute rows (per node, bucket and the member's
 *    local hour and date), and partial daily / hourly rows go to scratch tables; local days and hours
 *    straddle the UTC months, so the rows of `rollup_day`, `node_rollup_hour` and `node_rollup_day`
 *    are one GROUP BY over those partials at the end (first/last kept as [instant, value] pairs);
 * 3. the primary keys are built again, sorted, two at a time, the tables analyzed and vacuumed (what
 *    autovacuum would otherwise do while the questions are timed).
 * The rollups equal the engine's own, table by table and column by column (bench-dataset.test.ts
 * compares them with the ingest path's and with the rebuild's).
 */
export { ZONES, type BusinessHours } from './timeseries-tree.js';

/** What the generator cost: wall and CPU seconds (node, postgres) per phase. */
export interface GeneratorCost {
  rawPointsPerSecond: number;
  rollupSeconds: number;
  pointsPerSecond: number;
  phases?: ({ phase: string } & PhaseCost)[];
}

export interface Dataset {
  rootId: string;
  regionIds: string[];
  locations: { id: string; zone: string }[];
  devices: { id: string; locationId: string }[];
  trafficSeriesIds: string[];
  /** start of the 13 months of data and of the 1-minute stretch (UTC ms) */
  dataStartMs: number;
  minuteStartMs: number;
  nowMs: number;
  rawPoints: number;
  /** how fast this dataset was written (absent in datasets kept by older runs) */
  generator?: GeneratorCost;
}

const HOURS: BusinessHours = {
  '0': [['11:00', '18:00']],
  '1': [['09:00', '21:00']],
  '2': [['09:00', '21:00']],
  '3': [['09:00', '21:00']],
  '4': [['09:00', '21:30']],
  '5': [['09:00', '21:30']],
  '6': [['09:30', '21:00']],
};

type Conn = Kysely<Database>;
type Kind = 'count' | 'sales' | 'staff';

/**
 * The points of a set of series over [fromMs, toMs), generated in local time: each local day of the
 * window, then each step of 08:00-22:00. Per series and day (materialized, so computed once and not
 * once per point): the instant of 08:00 local and the day's expected level (weekday, season, a
 * per-day "weather" factor); per step of the day: its offset from 08:00 and the daily curve. A point
 * is then an addition and two random() calls (the per-point time-zone conversion and the planner
 * inlining the day factors into every point cost 6x as much, measured). The zones of ZONES change
 * their UTC offset at night only, so 08:00-22:00 local is one offset.
 */
function pointsOf(series: GenSeries[], fromMs: number, toMs: number, stepMinutes: number, kind: Kind) {
  const perStep = stepMinutes * (kind === 'sales' ? 40 : 1);
  const value =
    kind === 'staff'
      ? sql`sd.base * ${stepMinutes / 60}::float8`
      : // uniform noise around the expected count, then unbiased random rounding (floor(x + U))
        sql`floor(random() * sd.level * m.curve + random())`;
  const day = 86_400_000;
  return sql`(
    with d as materialized (
      select g.day, (extract(epoch from g.day) / 86400)::int8 as n,
        ((case extract(dow from g.day) when 6 then 1.4 when 5 then 1.2 when 0 then 0.7 else 1 end)
          * (1 + 0.15 * cos(2 * pi() * (extract(doy from g.day) - 350) / 365)))::float8 as factor
      from generate_series(${new Date(fromMs - day).toISOString()}::timestamptz::date::timestamp,
                           ${new Date(toMs + day).toISOString()}::timestamptz::date::timestamp,
                           interval '1 day') as g(day)
    ),
    sd as materialized (
      select s.key, s.base, (d.day + interval '8 hours') at time zone s.tz as at8,
        (2 * s.base * ${perStep} * d.factor
          * (0.85 + 0.3 * (((s.key::int8 * 7919 + d.n * 104729) % 1000 + 1000) % 1000) / 1000.0))::float8 as level
      from unnest(${series.map((s) => s.key)}::int[], ${series.map((s) => s.zone)}::text[],
                  ${series.map((s) => s.base)}::float8[]) as s(key, tz, base)
      cross join d
    ),
    m as materialized (
      select (g.minute - 480) * interval '1 minute' as off,
        greatest(0, sin(pi() * (g.minute / 60.0 - 8) / 14))::float8 as curve
      from generate_series(8 * 60, 22 * 60 - 1, ${stepMinutes}) as g(minute)
    )
    select sd.key, t.at, ${value}
    from sd cross join m
    cross join lateral (select sd.at8 + m.off as at offset 0) t
    where t.at >= ${new Date(fromMs).toISOString()}::timestamptz
      and t.at < ${new Date(toMs).toISOString()}::timestamptz)`;
}

/** One UTC month of the window: the raw partition it fills, and what is generated in it. */
interface Slice {
  lo: number;
  hi: number;
  partition: string;
  parts: { series: GenSeries[]; fromMs: number; toMs: number; step: number; kind: Kind }[];
  /** expected points, to hand the largest slices out first */
  weight: number;
}

function monthSlices(fromMs: number, toMs: number): { lo: number; hi: number; partition: string }[] {
  const out = [];
  let lo = fromMs;
  while (lo < toMs) {
    const d = new Date(lo);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const hi = Math.min(next, toMs);
    const partition = `measurement_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ lo, hi, partition });
    lo = hi;
  }
  return out;
}

/** Runs the tasks on `width` connections of their own, each taking the next task when done. */
async function onConnections<T>(db: Db, tasks: T[], width: number, fn: (c: Conn, task: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, () =>
      db.connection().execute(async (c) => {
        await sql`set work_mem = '256MB'`.execute(c);
        await sql`set maintenance_work_mem = '512MB'`.execute(c);
        // bulk joins of whole months: hash joins (the big temp tables are not analyzed, the small
        // lookups are; a nested loop over an unindexed partition costs minutes, a merge join sorts
        // both sides: 2x the CPU of the hash join, measured)
        await sql`set enable_nestloop = off`.execute(c);
        await sql`set enable_mergejoin = off`.execute(c);
        while (next < tasks.length) await fn(c, tasks[next++]!);
        await sql`reset all`.execute(c);
      }),
    ),
  );
}

/** Each rollup table's primary key as the migrations build it (the daily and hourly keys carry their figures: 0996, 0995, 0930). */
const ROLLUP_TABLES: readonly (readonly [table: string, columns: string, include?: string])[] = [
  ['rollup_15m', 'series_key, bucket'],
  ['rollup_day', 'series_key, local_date', 'count, bh_count, sum, bh_sum'],
  ['node_rollup_15m', 'node_kpi_key, bucket'],
  ['node_rollup_hour', 'node_kpi_key, local_hour', 'count, bh_count, sum, bh_sum'],
  ['node_rollup_day', 'node_kpi_key, local_date', 'sum, count, bh_sum, bh_count'],
];
const addRollupKey = ([table, columns, include]: (typeof ROLLUP_TABLES)[number]) =>
  sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_pkey`)} primary key (${sql.raw(columns)})${
    include ? sql` include (${sql.raw(include)})` : sql``
  }`;

/** Scratch tables of the partial local days and hours (not measured: dropped at the end). */
async function createScratch(db: Db) {
  await sql`
    drop table if exists bench_gen_day, bench_gen_node_hour, bench_gen_node_day;
    create unlogged table bench_gen_day (
      series_key int, local_date date, sum float8, count int, min float8, max float8,
      first_a float8[], last_a float8[], bh_sum float8, bh_count int, bh_min float8, bh_max float8,
      bh_first_a float8[], bh_last_a float8[]);
    create unlogged table bench_gen_node_hour (
      node_kpi_key int, local_hour timestamp, sum float8, count int8, bh_sum float8, bh_count int8);
    create unlogged table bench_gen_node_day (
      node_kpi_key int, local_date date, sum float8, count int8, bh_sum float8, bh_count int8);
  `.execute(db);
}

/** CPU seconds of each kind of statement of the rollup step, summed over both connections (printed by the bench). */
export const rollupProfile = new Map<string, { cpu: number; wall: number; n: number }>();
const backendPids = new WeakMap<object, number>();

function backendCpu(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

async function run(c: Conn, label: string, query: RawBuilder<unknown>) {
  let pid = backendPids.get(c);
  if (pid === undefined) {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(c);
    backendPids.set(c, (pid = rows[0]!.pid));
  }
  const cpu0 = backendCpu(pid);
  const t0 = performance.now();
  const result = await query.execute(c);
  const entry = rollupProfile.get(label) ?? { cpu: 0, wall: 0, n: 0 };
  entry.cpu += backendCpu(pid) - cpu0;
  entry.wall += (performance.now() - t0) / 1000;
  entry.n++;
  rollupProfile.set(label, entry);
  return result;
}

/**
 * The generator's series and their basis (time zone and business hours: the series of one basis
 * share every bucket's local date, hour, weekday hours and coverage), for the per-month lookup.
 */
async function createSeriesBases(db: Db, keys: number[]) {
  await sql`drop table if exists bench_gen_series, bench_gen_basis, bench_gen_node`.execute(db);
  await sql`
    create unlogged table bench_gen_basis as
    select row_number() over (order by time_zone, business_minutes::text)::int as basis, time_zone,
      business_minutes::int4multirange[] as business_minutes
    from (select distinct time_zone, business_minutes::text as business_minutes
          from time_series where key = any(${keys}::int[])) b`.execute(db);
  await sql`
    create unlogged table bench_gen_series as
    select s.key, b.basis from time_series s
    join bench_gen_basis b on b.time_zone = s.time_zone and b.business_minutes::text = s.business_minutes::text
    where s.key = any(${keys}::int[])`.execute(db);
  await sql`drop table if exists bench_gen_node`.execute(db);
  await sql`
    create unlogged table bench_gen_node as
    select mem.node_kpi_key, count(distinct s.basis)::int as bases
    from node_kpi_member mem join bench_gen_series s on s.key = mem.series_key
    -- a total of one series keeps no rows (the engine reads that series' rollups, migration 0990)
    where exists (select from node_kpi_member o
                  where o.node_kpi_key = mem.node_kpi_key and o.series_key <> mem.series_key)
    group by 1`.execute(db);
  await sql`analyze time_series, node_kpi_member, bench_gen_basis, bench_gen_series, bench_gen_node`.execute(
    db,
  );
}

/**
 * The rollups of one month: its 15-minute rows and node totals straight into the tables, its partial
 * local days and hours into the scratch tables.
 */
async function rollupSlice(c: Conn, slice: { lo: number; hi: number; partition: string }) {
  const partition = sql.table(slice.partition);
  await run(
    c,
    'drop gen_local',
    sql`drop table if exists gen_local, gen_a, gen_fl, gen_s15, gen_n15, gen_dp`,
  );
  // each bucket of the month in each basis: local date and hour, the weekday's opening hours, minute of
  // the day and coverage (1: wholly open, 0: wholly closed, 2: straddles an opening edge), computed
  // as rebuildSeriesRollups does, once per bucket and basis instead of once per series and bucket
  await run(
    c,
    'create gen_local',
    sql`
    create temp table gen_local as
    select b.basis, g.bucket, w.local_date, w.local_hour, w.hours, w.mod0,
      case when w.hours @> int4range(w.mod0, w.mod0 + 15) then 1
           when not (w.hours && int4range(w.mod0, w.mod0 + 15)) then 0 else 2 end as coverage
    from bench_gen_basis b
    cross join generate_series(${new Date(slice.lo).toISOString()}::timestamptz,
      ${new Date(slice.hi - 1).toISOString()}::timestamptz, interval '15 minutes') as g(bucket)
    cross join lateral (
      select lb::date as local_date, date_trunc('hour', lb) as local_hour,
        b.business_minutes[extract(dow from lb)::int + 1] as hours,
        (extract(hour from lb) * 60 + extract(minute from lb))::int as mod0
      from (select g.bucket at time zone b.time_zone as lb) l
      offset 0
    ) w`,
  );
  await run(c, 'analyze gen_local', sql`analyze gen_local`);
  // plain aggregates per bucket; first/last are the value at the first/last instant: the bucket's
  // only value when it has one (every quarter-hour point), else read again below
  await run(
    c,
    'create gen_a',
    sql`
    create temp table gen_a as
    select m.series_key, date_bin('15 minutes', m.occurred_on, timestamptz '2000-01-01Z') as bucket,
      sum(m.value) as sum, count(*)::int as count, min(m.value) as min, max(m.value) as max,
      min(m.occurred_on) as t_first, max(m.occurred_on) as t_last
    from ${partition} m where m.series_key in (select key from bench_gen_series)
    group by 1, 2`,
  );
  const { rows: many } = await sql<{ n: number }>`
    select count(*)::int as n from gen_a where count > 1`.execute(c);
  const several = many[0]!.n > 0;
  if (several) {
    await run(
      c,
      'create gen_fl',
      sql`
      create temp table gen_fl as
      select f.series_key, f.bucket, f.first, l.last
      from (select a.series_key, a.bucket, m.value as first from gen_a a
            join ${partition} m on m.series_key = a.series_key and m.occurred_on = a.t_first
            where a.count > 1) f
      join (select a.series_key, a.bucket, m.value as last from gen_a a
            join ${partition} m on m.series_key = a.series_key and m.occurred_on = a.t_last
            where a.count > 1) l on l.series_key = f.series_key and l.bucket = f.bucket`,
    );
  }
  const fl = several
    ? sql`left join gen_fl fl on fl.series_key = a.series_key and fl.bucket = a.bucket`
    : sql``;
  const first = several ? sql`coalesce(fl.first, a.min)` : sql`a.min`;
  const last = several ? sql`coalesce(fl.last, a.min)` : sql`a.min`;
  await run(
    c,
    'create gen_s15',
    sql`
    create temp table gen_s15 as
    select a.series_key, a.bucket, a.sum, a.count, a.min, a.max, x.first, x.last,
      l.local_date, l.local_hour, gs.basis, l.coverage,
      case l.coverage when 1 then a.sum when 0 then 0 end as bh_sum,
      case l.coverage when 1 then a.count when 0 then 0 end as bh_count,
      case l.coverage when 1 then a.min end as bh_min, case l.coverage when 1 then a.max end as bh_max,
      case l.coverage when 1 then x.first end as bh_first, case l.coverage when 1 then x.last end as bh_last
    from gen_a a
    join bench_gen_series gs on gs.key = a.series_key
    join gen_local l on l.basis = gs.basis and l.bucket = a.bucket
    ${fl}
    cross join lateral (select ${first} as first, ${last} as last) x`,
  );
  // the business-hours copy of a bucket straddling an opening edge, from its raw points (the
  // partition has no index during the load: one hash join of its points with those buckets)
  const { rows: edges } = await sql<{ n: number }>`
    select count(*)::int as n from gen_s15 where coverage = 2`.execute(c);
  if (edges[0]!.n > 0) {
    await run(
      c,
      'update gen_s15',
      sql`
      update gen_s15 b set bh_sum = e.bh_sum, bh_count = e.bh_count, bh_min = e.bh_min, bh_max = e.bh_max,
        bh_first = e.bh_first, bh_last = e.bh_last
      from (
        select b.series_key, b.bucket,
          coalesce(sum(m.value) filter (where x.inh), 0) as bh_sum, (count(*) filter (where x.inh))::int as bh_count,
          min(m.value) filter (where x.inh) as bh_min, max(m.value) filter (where x.inh) as bh_max,
          (min(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where x.inh))[2] as bh_first,
          (max(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where x.inh))[2] as bh_last
        from (select s.*, l.hours, l.mod0 from gen_s15 s
              join gen_local l on l.basis = s.basis and l.bucket = s.bucket where s.coverage = 2) b
        join (
          select m.*, date_bin('15 minutes', m.occurred_on, timestamptz '2000-01-01Z') as bucket
          from ${partition} m where m.series_key in (select key from bench_gen_series)
        ) m on m.series_key = b.series_key and m.bucket = b.bucket
        cross join lateral (
          select b.hours @> (b.mod0 + floor(extract(epoch from (m.occurred_on - b.bucket)) / 60))::int as inh
          offset 0
        ) x
        group by 1, 2
      ) e
      where b.series_key = e.series_key and b.bucket = e.bucket`,
    );
  }
  await run(
    c,
    'insert rollup_15m',
    sql`
    insert into rollup_15m (series_key, bucket, sum, count, min, max, first, last,
      bh_sum, bh_count, bh_min, bh_max, bh_first, bh_last)
    select series_key, bucket, sum, count, min, max, first, last,
      bh_sum, bh_count, bh_min, bh_max, bh_first, bh_last
    from gen_s15`,
  );
  // the month's part of each local day; its first and last buckets (with business-hours values for
  // bh_) looked up by key rather than aggregated as [instant, value] arrays (4x cheaper, measured),
  // kept as [instant, value] pairs to merge with the neighbouring month's part
  await run(
    c,
    'create gen_dp',
    sql`
    create temp table gen_dp as
    select series_key, local_date, sum(sum) as sum, sum(count) as count, min(min) as min, max(max) as max,
      min(bucket) as b_first, max(bucket) as b_last,
      sum(bh_sum) as bh_sum, sum(bh_count) as bh_count, min(bh_min) as bh_min, max(bh_max) as bh_max,
      min(bucket) filter (where bh_count > 0) as bh_b_first, max(bucket) filter (where bh_count > 0) as bh_b_last
    from gen_s15 group by 1, 2`,
  );
  await run(
    c,
    'insert bench_gen_day',
    sql`
    with v as (
      select s.series_key, s.local_date,
        max(s.first) filter (where s.bucket = d.b_first) as first,
        max(s.last) filter (where s.bucket = d.b_last) as last,
        max(s.bh_first) filter (where s.bucket = d.bh_b_first) as bh_first,
        max(s.bh_last) filter (where s.bucket = d.bh_b_last) as bh_last
      from gen_s15 s join gen_dp d on d.series_key = s.series_key and d.local_date = s.local_date
      where s.bucket = d.b_first or s.bucket = d.b_last or s.bucket = d.bh_b_first or s.bucket = d.bh_b_last
      group by 1, 2
    )
    insert into bench_gen_day
    select d.series_key, d.local_date, d.sum, d.count, d.min, d.max,
      array[extract(epoch from d.b_first)::float8, v.first], array[extract(epoch from d.b_last)::float8, v.last],
      d.bh_sum, d.bh_count, d.bh_min, d.bh_max,
      case when d.bh_b_first is not null then array[extract(epoch from d.bh_b_first)::float8, v.bh_first] end,
      case when d.bh_b_last is not null then array[extract(epoch from d.bh_b_last)::float8, v.bh_last] end
    from gen_dp d join v on v.series_key = d.series_key and v.local_date = d.local_date`,
  );
  // node totals per bucket and the member's local hour and date: one row per bucket for a node whose
  // members share one basis (most: a store's doors), several for one whose members are in several
  // zones (only those are summed again for node_rollup_15m)
  await run(
    c,
    'create gen_n15',
    sql`
    create temp table gen_n15 as
    select mem.node_kpi_key, b.bucket, b.local_hour, b.local_date,
      sum(b.sum) as sum, sum(b.count) as count, sum(b.bh_sum) as bh_sum, sum(b.bh_count) as bh_count
    from gen_s15 b join node_kpi_member mem on mem.series_key = b.series_key
    join bench_gen_node g on g.node_kpi_key = mem.node_kpi_key
    group by 1, 2, 3, 4`,
  );
  await run(
    c,
    'insert node_rollup_15m',
    sql`
    insert into node_rollup_15m (node_kpi_key, bucket, sum, count, bh_sum, bh_count)
    select node_kpi_key, bucket, sum, count, bh_sum, bh_count from gen_n15
    where node_kpi_key in (select node_kpi_key from bench_gen_node where bases = 1)
    union all
    select node_kpi_key, bucket, sum(sum), sum(count), sum(bh_sum), sum(bh_count) from gen_n15
    where node_kpi_key in (select node_kpi_key from bench_gen_node where bases > 1)
    group by 1, 2`,
  );
  await run(
    c,
    'insert bench_gen_node_hour',
    sql`
    insert into bench_gen_node_hour
    select node_kpi_key, local_hour, sum(sum), sum(count), sum(bh_sum), sum(bh_count)
    from gen_n15 group by 1, 2`,
  );
  await run(
    c,
    'insert bench_gen_node_day',
    sql`
    insert into bench_gen_node_day
    select node_kpi_key, local_date, sum(sum), sum(count), sum(bh_sum), sum(bh_count)
    from gen_n15 group by 1, 2`,
  );
  await run(c, 'drop gen_local', sql`drop table gen_local, gen_a, gen_s15, gen_n15, gen_dp`);
  if (several) await run(c, 'drop gen_fl', sql`drop table gen_fl`);
}

/** The local days and hours from their monthly parts. */
const MERGES: RawBuilder<unknown>[] = [
  sql`
    insert into rollup_day (series_key, local_date, sum, count, min, max, first, last,
      bh_sum, bh_count, bh_min, bh_max, bh_first, bh_last)
    select series_key, local_date, sum(sum), sum(count), min(min), max(max),
      (min(first_a))[2], (max(last_a))[2], sum(bh_sum), sum(bh_count), min(bh_min), max(bh_max),
      (min(bh_first_a))[2], (max(bh_last_a))[2]
    from bench_gen_day group by 1, 2`,
  sql`
    insert into node_rollup_hour (node_kpi_key, local_hour, sum, count, bh_sum, bh_count)
    select node_kpi_key, local_hour, sum(sum), sum(count), sum(bh_sum), sum(bh_count)
    from bench_gen_node_hour group by 1, 2`,
  sql`
    insert into node_rollup_day (node_kpi_key, local_date, sum, count, bh_sum, bh_count)
    select node_kpi_key, local_date, sum(sum), sum(count), sum(bh_sum), sum(bh_count)
    from bench_gen_node_day group by 1, 2`,
];

/** The raw partitions (and the default one) of `measurement`, largest first. */
async function rawPartitions(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'measurement'::regclass order by pg_relation_size(c.oid) desc`.execute(db);
  return rows.map((r) => r.name);
}

export async function buildDataset(
  app: App,
  db: Db,
  opts: { locations: number; nowMs: number; months?: number; minuteDays?: number; hours?: BusinessHours },
): Promise<Dataset> {
  const nowMs = Math.floor(opts.nowMs / 60_000) * 60_000;
  const day = 86_400_000;
  const minuteStartMs = Math.floor((nowMs - (opts.minuteDays ?? 30) * day) / 900_000) * 900_000;
  const start = new Date(nowMs);
  start.setUTCMonth(start.getUTCMonth() - (opts.months ?? 13));
  const dataStartMs = Math.floor(start.getTime() / 900_000) * 900_000;

  const meter = await cpuMeter(db);
  const phases: ({ phase: string } & PhaseCost)[] = [];
  const phase = (name: string) => {
    const stepDone = step(name);
    const stop = startPhase(meter);
    return () => {
      phases.push({ phase: name, ...stop() });
      stepDone();
    };
  };

  let done = phase(`tree: ${opts.locations} locations, ${opts.locations * 2} devices, their series`);
  const tree = await buildTree(app, db, opts.locations, opts.hours ?? HOURS);
  const { rootId, regionIds, locations, devices, traffic, sales, staff, trafficSeriesIds } = tree;
  done();
  const keys = [...traffic, ...sales, ...staff].map((s) => s.key);
  const salesSeries = sales.filter((_, i) => i % 2 === 0);
  const txSeries = sales.filter((_, i) => i % 2 === 1);
  const slices: Slice[] = monthSlices(dataStartMs, nowMs).map(({ lo, hi, partition }) => {
    const parts: Slice['parts'] = [];
    const minuteLo = Math.max(lo, minuteStartMs);
    const quarterHi = Math.min(hi, minuteStartMs);
    if (minuteLo < hi) parts.push({ series: traffic, fromMs: minuteLo, toMs: hi, step: 1, kind: 'count' });
    if (lo < quarterHi) parts.push({ series: traffic, fromMs: lo, toMs: quarterHi, step: 15, kind: 'count' });
    parts.push({ series: salesSeries, fromMs: lo, toMs: hi, step: 15, kind: 'sales' });
    parts.push({ series: txSeries, fromMs: lo, toMs: hi, step: 15, kind: 'count' });
    parts.push({ series: staff, fromMs: lo, toMs: hi, step: 15, kind: 'staff' });
    const weight = parts.reduce((w, p) => w + (p.series.length * (p.toMs - p.fromMs)) / p.step, 0);
    return { lo, hi, partition, parts: parts.filter((p) => p.series.length > 0), weight };
  });
  slices.sort((a, b) => b.weight - a.weight);

  done = phase('drop primary keys (measurement and the rollup tables)');
  await sql`select measurement_ensure_partitions(${new Date(dataStartMs).toISOString()}::timestamptz,
    ${new Date(nowMs).toISOString()}::timestamptz)`.execute(db);
  await sql`alter table measurement drop constraint measurement_pkey`.execute(db);
  for (const [table] of ROLLUP_TABLES)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_pkey`)}`.execute(db);
  await createScratch(db);
  await createSeriesBases(db, keys);
  done();

  done = phase('raw points (generate_series into each month partition, 2 connections)');
  let rawPoints = 0;
  await onConnections(db, slices, 2, async (c, slice) => {
    const selects = slice.parts.map((p) => pointsOf(p.series, p.fromMs, p.toMs, p.step, p.kind));
    const r = await sql`
      insert into ${sql.table(slice.partition)} (series_key, occurred_on, value)
      ${sql.join(selects, sql` union all `)}`.execute(c);
    rawPoints += Number(r.numAffectedRows ?? 0);
  });
  done();

  done = phase('15-minute rollups and node totals per month (2 connections)');
  await onConnections(db, slices, 2, (c, slice) => rollupSlice(c, slice));
  done();

  done = phase('local days and hours from their monthly parts (2 connections)');
  await onConnections(db, MERGES, 2, async (c, merge) => {
    await merge.execute(c);
  });
  await sql`drop table bench_gen_day, bench_gen_node_hour, bench_gen_node_day, bench_gen_series, bench_gen_basis`.execute(
    db,
  );
  done();

  done = phase('primary keys built again (2 connections), analyze');
  // each raw partition gets its own primary key, then the parent's attaches them
  const partitions = await rawPartitions(db);
  const [big, small] = [
    ROLLUP_TABLES.filter((t) => t[0].endsWith('15m')),
    ROLLUP_TABLES.filter((t) => !t[0].endsWith('15m')),
  ];
  const tasks: RawBuilder<unknown>[] = [
    ...big.map(addRollupKey),
    ...partitions.map(
      (p) =>
        sql`alter table ${sql.table(p)} add constraint ${sql.ref(`${p}_pkey`)} primary key (series_key, occurred_on)`,
    ),
    ...small.map(addRollupKey),
  ];
  await onConnections(db, tasks, 2, async (c, task) => {
    await task.execute(c);
  });
  await sql`alter table measurement add constraint measurement_pkey primary key (series_key, occurred_on)`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  done();

  // What autovacuum would do to the freshly written tables in the next minutes (their thresholds are
  // 1 % of rows): set hint bits and the visibility map now, so that it does not run (reading every
  // page) while the questions are timed, and index-only scans see all-visible pages.
  done = phase('vacuum (hint bits, visibility map; 2 connections)');
  const vacuums = [...ROLLUP_TABLES.map((t) => t[0]), ...partitions].map(
    (table) => sql`vacuum ${sql.table(table)}`,
  );
  await onConnections(db, vacuums, 2, async (c, task) => {
    await task.execute(c);
  });
  done();

  const sum = (from: number, to?: number) => phases.slice(from, to).reduce((s, p) => s + p.wall, 0);
  // phase 0 is the tree, 1-2 the raw points, the rest the rollups, keys and vacuum
  const rawSeconds = sum(1, 3);
  const rollupSeconds = sum(3);
  return {
    rootId,
    regionIds,
    locations,
    devices,
    trafficSeriesIds,
    dataStartMs,
    minuteStartMs,
    nowMs,
    rawPoints,
    generator: {
      rawPointsPerSecond: Math.round(rawPoints / rawSeconds),
      rollupSeconds,
      pointsPerSecond: Math.round(rawPoints / (rawSeconds + rollupSeconds)),
      phases,
    },
  };
}

/**
 * The generator's phases: wall seconds, CPU seconds of node and of the whole PostgreSQL cluster, and
 * raw points per wall second and per PostgreSQL CPU second (what an idle machine would approach per
 * core; the load average says how shared this one was).
 */
export function printGeneratorPhases(generator: GeneratorCost, rawPoints: number): void {
  if (!generator.phases) return;
  const rate = (n: number) => Math.round(n).toLocaleString('en-US');
  const rows = generator.phases.map((p) => [
    p.phase,
    p.wall.toFixed(1),
    p.node.toFixed(1),
    p.pg === null ? '-' : p.pg.toFixed(1),
    rate(rawPoints / p.wall),
    p.pg ? rate(rawPoints / p.pg) : '-',
  ]);
  const total = generator.phases.reduce(
    (t, p) => ({ wall: t.wall + p.wall, node: t.node + p.node, pg: t.pg + (p.pg ?? 0) }),
    { wall: 0, node: 0, pg: 0 },
  );
  rows.push([
    'all (tree + raw + rollups + keys)',
    total.wall.toFixed(1),
    total.node.toFixed(1),
    total.pg.toFixed(1),
    rate(rawPoints / total.wall),
    total.pg ? rate(rawPoints / total.pg) : '-',
  ]);
  console.log(`\n  generator, ${rawPoints.toLocaleString('en-US')} raw points (${loadNote()}):`);
  printTable(['phase', 'wall s', 'node CPU s', 'postgres CPU s', 'points/s', 'points/CPU s (pg)'], rows);
  if (rollupProfile.size === 0) return;
  console.log('\n  rollup step by statement (CPU seconds of the backend running it, both connections):');
  printTable(
    ['statement', 'backend CPU s', 'wall s', 'runs'],
    [...rollupProfile]
      .sort((a, b) => b[1].cpu - a[1].cpu)
      .map(([label, p]) => [label, p.cpu.toFixed(2), p.wall.toFixed(1), String(p.n)]),
  );
}
