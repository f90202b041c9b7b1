import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Rollup maintenance (semantics in platform/db/timeseries.tables.ts). Two paths:
 * - incremental, inside the ingest transaction: the touched 15-minute buckets and local days are
 *   recomputed from their source rows (so a replaced value never doubles), except that a batch of
 *   only new points adds its own sums/min/max to the 15-minute rows it touches (refreshBuckets), and
 *   the node totals receive the difference between the new and the old series row (read before the
 *   upsert);
 * - bulk rebuild for whole series (demo load, basis change after a tree change).
 *
 * Concurrency: ingest writes its raw rows, then holds, per series, an exclusive transaction lock
 * (two batches of one series never interleave their recomputations, and each recomputes after the
 * other's commit) and a shared lock that a rebuild takes exclusively.
 */
type Q = Kysely<Database> | Transaction<Database>;

const LOCK_SERIES = 727276;
const LOCK_REBUILD = 727277;

/**
 * Aggregates of raw points `m` (with boolean `inh`, in buckets `t`) into the rollup value columns but
 * first/last, which two primary-key probes per bucket read (the array aggregates cost a third of the
 * refresh, measured); `edge_first`/`edge_last` (min/max of [instant, value] pairs, no per-group sort)
 * only for buckets straddling an opening edge (coverage 2): a false FILTER skips building the arrays.
 */
const BUCKET_SUMS = sql.raw(`
  sum(m.value) as sum, count(*)::int as count, min(m.value) as min, max(m.value) as max,
  coalesce(sum(m.value) filter (where m.inh), 0) as bh_sum,
  (count(*) filter (where m.inh))::int as bh_count,
  min(m.value) filter (where m.inh) as bh_min, max(m.value) filter (where m.inh) as bh_max,
  (min(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where m.inh and t.coverage = 2))[2] as edge_first,
  (max(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where m.inh and t.coverage = 2))[2] as edge_last`);

/** Aggregates of 15-minute rows `r` into daily value columns (the text: the bulk load uses it too). */
export const BUCKET_AGGREGATES_SQL = `
  sum(r.sum) as sum, sum(r.count)::int as count, min(r.min) as min, max(r.max) as max,
  (min(array[extract(epoch from r.bucket)::float8, r.first]))[2] as first,
  (max(array[extract(epoch from r.bucket)::float8, r.last]))[2] as last,
  sum(r.bh_sum) as bh_sum, sum(r.bh_count)::int as bh_count,
  min(r.bh_min) as bh_min, max(r.bh_max) as bh_max,
  (min(array[extract(epoch from r.bucket)::float8, r.bh_first]) filter (where r.bh_count > 0))[2] as bh_first,
  (max(array[extract(epoch from r.bucket)::float8, r.bh_last]) filter (where r.bh_count > 0))[2] as bh_last`;
const BUCKET_AGGREGATES = sql.raw(BUCKET_AGGREGATES_SQL);

const COLUMN_NAMES = 'sum, count, min, max, first, last, bh_sum, bh_count, bh_min, bh_max, bh_first, bh_last';
const VALUE_COLUMNS = sql.raw(COLUMN_NAMES);
const SET_VALUES = sql.raw(
  COLUMN_NAMES.split(', ')
    .map((c) => `${c} = excluded.${c}`)
    .join(', '),
);
// new (u: the upsert's RETURNING) minus old (p: the rows as they were before the statement). PostgreSQL
// 18's RETURNING old/new would say it directly; this form also runs on PostgreSQL 15-17. Ingest holds the
// series locks (lockSeriesForIngest), so no other writer changes these rows between the two reads.
const DELTAS = sql.raw(`
  u.sum - coalesce(p.sum, 0) as d_sum, u.count - coalesce(p.count, 0) as d_count,
  u.bh_sum - coalesce(p.bh_sum, 0) as d_bh_sum, u.bh_count - coalesce(p.bh_count, 0) as d_bh_count`);
const NEGATED = sql.raw(
  '-r.sum as d_sum, -r.count as d_count, -r.bh_sum as d_bh_sum, -r.bh_count as d_bh_count',
);
const ADD_DELTAS = sql.raw(`sum = n.sum + excluded.sum, count = n.count + excluded.count,
  bh_sum = n.bh_sum + excluded.bh_sum, bh_count = n.bh_count + excluded.bh_count`);

/** Serialises ingest per series (sorted, so two batches never deadlock) and against rebuilds. */
export async function lockSeriesForIngest(trx: Q, seriesKeys: readonly number[]): Promise<void> {
  // distinct and sorted here: a batch of 10,000 points holds a few hundred series
  const keys = [...new Set(seriesKeys)].sort((a, b) => a - b);
  await sql`
    select pg_advisory_xact_lock_shared(${LOCK_REBUILD}),
      (select count(pg_advisory_xact_lock(${LOCK_SERIES}, k)) from unnest(${keys}::int[]) k)`.execute(trx);
}

/** The distinct 15-minute buckets (series key, bucket start in epoch ms) holding some points. */
export interface TouchedBuckets {
  keys: number[];
  starts: number[];
  /**
   * Sum, count, min and max of the batch's points in each bucket (same order), when the batch's
   * values were given: used only when every point was new (see refreshBuckets).
   */
  added?: {
    sums: number[];
    counts: number[];
    mins: number[];
    maxs: number[];
    /** the values at the earliest and the latest instants */
    firsts: number[];
    lasts: number[];
  };
}

const BUCKET_MS = 15 * 60_000;

/**
 * Distinct (series, 15-minute bucket) pairs of the given points, found here rather than in SQL (a
 * batch of 10,000 minute points touches about 800 buckets). Buckets start at multiples of 15
 * minutes since the epoch, the same as date_bin('15 minutes', t, '2000-01-01Z').
 */
export function touchedBuckets(
  keys: readonly number[],
  times: readonly number[],
  values?: readonly number[],
): TouchedBuckets {
  // per series, bucket start -> index in `out`
  const seen = new Map<number, Map<number, number>>();
  const out: TouchedBuckets = { keys: [], starts: [] };
  const added = values
    ? {
        sums: [] as number[],
        counts: [] as number[],
        mins: [] as number[],
        maxs: [] as number[],
        firsts: [] as number[],
        lasts: [] as number[],
      }
    : null;
  // instants of each bucket's first and last value
  const firstTimes: number[] = [];
  const lastTimes: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const start = Math.floor(times[i]! / BUCKET_MS) * BUCKET_MS;
    let starts = seen.get(key);
    if (!starts) seen.set(key, (starts = new Map()));
    const at = starts.get(start);
    if (at !== undefined) {
      if (added) {
        const v = values![i]!;
        added.sums[at] = added.sums[at]! + v;
        added.counts[at] = added.counts[at]! + 1;
        if (v < added.mins[at]!) added.mins[at] = v;
        if (v > added.maxs[at]!) added.maxs[at] = v;
        const t = times[i]!;
        if (t < firstTimes[at]!) {
          firstTimes[at] = t;
          added.firsts[at] = v;
        }
        if (t > lastTimes[at]!) {
          lastTimes[at] = t;
          added.lasts[at] = v;
        }
      }
      continue;
    }
    starts.set(start, out.keys.length);
    out.keys.push(key);
    out.starts.push(start);
    if (added) {
      const v = values![i]!;
      added.sums.push(v);
      added.counts.push(1);
      added.mins.push(v);
      added.maxs.push(v);
      added.firsts.push(v);
      added.lasts.push(v);
      firstTimes.push(times[i]!);
      lastTimes.push(times[i]!);
    }
  }
  if (added) out.added = added;
  return out;
}

export async function lockForRebuild(trx: Q): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_REBUILD})`.execute(trx);
}

/**
 * A PostgreSQL array literal of finite numbers, built with one join: node-postgres quotes and escapes
 * each element of a JS array parameter, which took longer than the insert's own parsing of 3 x 10,000
 * elements (measured, CPU profile of the ingest endpoint).
 */
export const numberArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/**
 * Upserts raw points (one row per (series, occurred_on) in the input: the caller de-duplicates);
 * answers true when every point was new (no stored point replaced).
 * `times` are epoch milliseconds. New intervals are the common case, and a plain sorted INSERT costs
 * half of INSERT ... ON CONFLICT (measured, 10,000 rows: 56 ms against 124 ms); a re-sent interval
 * makes it fail on the primary key, and the batch is then written again as an upsert.
 */
export async function upsertMeasurements(
  trx: Q,
  keys: readonly number[],
  times: readonly number[],
  values: readonly number[],
): Promise<boolean> {
  const rows = sql`
    select k, to_timestamp(t / 1000.0), v
    from unnest(${numberArray(keys)}::int[], ${numberArray(times)}::float8[], ${numberArray(values)}::float8[]) as x(k, t, v)
    order by 1, 2`;
  await sql`savepoint plain_insert`.execute(trx);
  try {
    await sql`insert into measurement (series_key, occurred_on, value) ${rows}`.execute(trx);
    await sql`release savepoint plain_insert`.execute(trx);
    return true;
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await sql`rollback to savepoint plain_insert`.execute(trx);
    await sql`
      insert into measurement (series_key, occurred_on, value) ${rows}
      on conflict (series_key, occurred_on) do update set value = excluded.value`.execute(trx);
    return false;
  }
}

/**
 * The node totals the series of a statement's `touched` CTE count in: a total of one series keeps no
 * rows of its own (it is read from that series' rollups, migration 0990), so only totals with another
 * member; one probe of the total's key each.
 */
const membersOfTouched = sql`
    members as materialized (
      select mem.node_kpi_key, mem.series_key from node_kpi_member mem
      where mem.series_key in (select distinct series_key from touched)
        and exists (select from node_kpi_member o
                    where o.node_kpi_key = mem.node_kpi_key and o.series_key <> mem.series_key)
    )`;

/**
 * Recomputes the 15-minute rollups holding the given points from raw, and moves the node totals by
 * the difference. Uses measurement's primary key for each bucket's range scan.
 *
 * `allNew` (every point of the batch was new, none replaced; `touched.added` given): a bucket not
 * straddling an opening edge takes its sum, count, min and max from its row as it was plus the
 * batch's own points, without reading raw (the row held every committed point before: ingest keeps
 * it current under the series lock). First and last come from the two primary-key probes for a
 * bucket that had a row, from the batch's own points for one that had none (it holds only those).
 */
export async function refreshBuckets(trx: Q, touched: TouchedBuckets, allNew = false) {
  const added = allNew ? touched.added : undefined;
  const incremental = sql.raw(added ? 'true' : 'false');
  const none = touched.keys.map(() => 0);
  await sql`
    with touched as materialized (
      select k as series_key, to_timestamp(t / 1000.0) as bucket, a_sum, a_count, a_min, a_max, a_first, a_last
      from unnest(${numberArray(touched.keys)}::int[], ${numberArray(touched.starts)}::float8[],
        ${numberArray(added?.sums ?? none)}::float8[], ${numberArray(added?.counts ?? none)}::int[],
        ${numberArray(added?.mins ?? none)}::float8[], ${numberArray(added?.maxs ?? none)}::float8[],
        ${numberArray(added?.firsts ?? none)}::float8[], ${numberArray(added?.lasts ?? none)}::float8[])
        as x(k, t, a_sum, a_count, a_min, a_max, a_first, a_last)
    ),
    ${membersOfTouched},
    -- the UTC offset never changes inside a 15-minute bucket: local weekday and minute-of-day of the
    -- bucket start are computed once, and only a bucket straddling an opening edge looks at each point
    local as materialized (
      select t.series_key, t.bucket, t.a_sum, t.a_count, t.a_min, t.a_max, t.a_first, t.a_last,
        w.hours, w.mod0,
        case when w.hours @> int4range(w.mod0, w.mod0 + 15) then 1
             when not (w.hours && int4range(w.mod0, w.mod0 + 15)) then 0 else 2 end as coverage
      from touched t
      join time_series s on s.key = t.series_key
      cross join lateral (
        select s.business_minutes[extract(dow from lb)::int + 1] as hours,
          (extract(hour from lb) * 60 + extract(minute from lb))::int as mod0
        from (select t.bucket at time zone s.time_zone as lb) l
        offset 0 -- computed once per bucket, not once per use of hours and mod0 (measured: 4x)
      ) w
    ),
    -- materialized: read once by primary key before the upsert, then hash-joined to its RETURNING
    prev as materialized (
      select r.series_key, r.bucket, r.sum, r.count, r.min, r.max, r.bh_sum, r.bh_count
      from touched t
      cross join lateral (
        select * from rollup_15m r where r.series_key = t.series_key and r.bucket = t.bucket
      ) r
    ),
    from_raw as (
      select t.series_key, t.bucket, t.coverage, ${BUCKET_SUMS},
        null::float8 as a_first, null::float8 as a_last, true as probe
      from (select * from local where not ${incremental} or coverage = 2) t
      cross join lateral (
        select m.occurred_on, m.value,
          case t.coverage when 1 then true when 0 then false
            else t.hours @> (t.mod0 + floor(extract(epoch from (m.occurred_on - t.bucket)) / 60))::int end as inh
        from measurement m
        where m.series_key = t.series_key and m.occurred_on >= t.bucket
          and m.occurred_on < t.bucket + interval '15 minutes'
        offset 0 -- evaluate inh once per row, not once per aggregate that filters on it
      ) m
      group by t.series_key, t.bucket, t.coverage
    ),
    -- every point new: the row as it was plus the batch's points (inside business hours the same for
    -- a bucket wholly open, nothing for one wholly closed)
    from_prev as (
      select t.series_key, t.bucket, t.coverage, v.sum, v.count, v.min, v.max,
        case t.coverage when 1 then v.sum else 0 end as bh_sum,
        case t.coverage when 1 then v.count else 0 end as bh_count,
        case t.coverage when 1 then v.min end as bh_min, case t.coverage when 1 then v.max end as bh_max,
        null::float8 as edge_first, null::float8 as edge_last,
        -- a new bucket holds only the batch's points: its first and last are the batch's
        t.a_first, t.a_last, p.series_key is not null as probe
      from local t
      left join prev p on p.series_key = t.series_key and p.bucket = t.bucket
      cross join lateral (
        select coalesce(p.sum, 0) + t.a_sum as sum, coalesce(p.count, 0) + t.a_count as count,
          least(p.min, t.a_min) as min, greatest(p.max, t.a_max) as max
      ) v
      where ${incremental} and t.coverage <> 2
    ),
    agg as (select * from from_raw union all select * from from_prev),
    -- first/last: one primary-key probe each; inside business hours they are the same values for a
    -- bucket wholly open (coverage 1), none for one wholly closed (0), else the straddling aggregate
    fresh as (
      select a.series_key, a.bucket, a.sum, a.count, a.min, a.max, fl.first, fl.last,
        a.bh_sum, a.bh_count, a.bh_min, a.bh_max,
        case a.coverage when 1 then fl.first when 0 then null else a.edge_first end as bh_first,
        case a.coverage when 1 then fl.last when 0 then null else a.edge_last end as bh_last
      from agg a
      -- the probes run only where needed (a bucket new to a batch of new points knows its own)
      left join lateral (
        select m.value as first from measurement m
        where a.probe and m.series_key = a.series_key and m.occurred_on >= a.bucket
          and m.occurred_on < a.bucket + interval '15 minutes'
        order by m.occurred_on limit 1
      ) f on true
      left join lateral (
        select m.value as last from measurement m
        where a.probe and m.series_key = a.series_key and m.occurred_on >= a.bucket
          and m.occurred_on < a.bucket + interval '15 minutes'
        order by m.occurred_on desc limit 1
      ) l on true
      cross join lateral (select coalesce(f.first, a.a_first) as first, coalesce(l.last, a.a_last) as last) fl
    ),
    upserted as (
      insert into rollup_15m as r (series_key, bucket, ${VALUE_COLUMNS})
      select series_key, bucket, ${VALUE_COLUMNS} from fresh order by series_key, bucket
      on conflict (series_key, bucket) do update set ${SET_VALUES}
      returning r.series_key, r.bucket, r.sum, r.count, r.bh_sum, r.bh_count
    ),
    up as (
      select u.series_key, u.bucket, ${DELTAS}
      from upserted u left join prev p on p.series_key = u.series_key and p.bucket = u.bucket
    ),
    -- a bucket whose points were all deleted (occupancy history rewrites) loses its rollup row
    gone as (
      delete from rollup_15m r using touched t
      where r.series_key = t.series_key and r.bucket = t.bucket
        and not exists (select 1 from fresh f where f.series_key = t.series_key and f.bucket = t.bucket)
      returning r.series_key, r.bucket, ${NEGATED}
    ),
    deltas as materialized (select * from up union all select * from gone),
    -- hourly node totals by each member's local hour (migration 0103)
    hours as (
      insert into node_rollup_hour as n (node_kpi_key, local_hour, sum, count, bh_sum, bh_count)
      select mem.node_kpi_key, date_trunc('hour', d.bucket at time zone s.time_zone),
        sum(d_sum), sum(d_count), sum(d_bh_sum), sum(d_bh_count)
      from deltas d join time_series s on s.key = d.series_key
      join members mem on mem.series_key = d.series_key
      group by 1, 2
      order by 1, 2
      on conflict (node_kpi_key, local_hour) do update set ${ADD_DELTAS}
    )
    insert into node_rollup_15m as n (node_kpi_key, bucket, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, d.bucket, sum(d_sum), sum(d_count), sum(d_bh_sum), sum(d_bh_count)
    from deltas d join members mem on mem.series_key = d.series_key
    group by mem.node_kpi_key, d.bucket
    order by mem.node_kpi_key, d.bucket
    on conflict (node_kpi_key, bucket) do update set ${ADD_DELTAS}`.execute(trx);
}

/**
 * Recomputes the local days holding the given points from their 15-minute rows; moves node totals.
 * First/last come from one index probe per day on rollup_15m's primary key.
 */
export async function refreshDays(trx: Q, touched: TouchedBuckets) {
  await sql`
    with buckets as materialized (
      select k, to_timestamp(t / 1000.0) as bucket
      from unnest(${numberArray(touched.keys)}::int[], ${numberArray(touched.starts)}::float8[]) as x(k, t)
    ),
    zoned as materialized (
      select b.k as series_key, b.bucket, s.time_zone from buckets b join time_series s on s.key = b.k
    ),
    -- the local date and its bounds once per distinct (time zone, bucket): a batch's few hundred series
    -- share a few zones and bucket starts, and AT TIME ZONE per series row cost a fifth of this
    -- statement (measured: 12.0 -> 9.3 ms backend CPU for a 10,000-point batch of 200 series)
    zone_days as materialized (
      select d.time_zone, d.bucket, d.local_date, (d.local_date::timestamp at time zone d.time_zone) as lo,
        ((d.local_date + 1)::timestamp at time zone d.time_zone) as hi
      from (
        select z.time_zone, z.bucket, (z.bucket at time zone z.time_zone)::date as local_date
        from (select distinct time_zone, bucket from zoned) z
        offset 0
      ) d
    ),
    touched as materialized (
      select distinct z.series_key, d.local_date, d.lo, d.hi
      from zoned z join zone_days d on d.time_zone = z.time_zone and d.bucket = z.bucket
    ),
    ${membersOfTouched},
    sums as (
      select t.series_key, t.local_date, t.lo, t.hi,
        sum(r.sum) as sum, sum(r.count)::int as count, min(r.min) as min, max(r.max) as max,
        sum(r.bh_sum) as bh_sum, sum(r.bh_count)::int as bh_count,
        min(r.bh_min) as bh_min, max(r.bh_max) as bh_max
      from touched t
      cross join lateral (
        select * from rollup_15m r where r.series_key = t.series_key and r.bucket >= t.lo and r.bucket < t.hi
        offset 0 -- one primary-key range scan per day, never a hash of the whole table
      ) r
      group by t.series_key, t.local_date, t.lo, t.hi
    ),
    fresh as (
      select d.series_key, d.local_date, d.sum, d.count, d.min, d.max,
        (select r.first from rollup_15m r where r.series_key = d.series_key and r.bucket >= d.lo
           and r.bucket < d.hi order by r.bucket limit 1) as first,
        (select r.last from rollup_15m r where r.series_key = d.series_key and r.bucket >= d.lo
           and r.bucket < d.hi order by r.bucket desc limit 1) as last,
        d.bh_sum, d.bh_count, d.bh_min, d.bh_max,
        (select r.bh_first from rollup_15m r where r.series_key = d.series_key and r.bucket >= d.lo
           and r.bucket < d.hi and r.bh_count > 0 order by r.bucket limit 1) as bh_first,
        (select r.bh_last from rollup_15m r where r.series_key = d.series_key and r.bucket >= d.lo
           and r.bucket < d.hi and r.bh_count > 0 order by r.bucket desc limit 1) as bh_last
      from sums d
    ),
    prev as materialized (
      select r.series_key, r.local_date, r.sum, r.count, r.bh_sum, r.bh_count
      from touched t
      cross join lateral (
        select * from rollup_day r where r.series_key = t.series_key and r.local_date = t.local_date
      ) r
    ),
    upserted as (
      insert into rollup_day as r (series_key, local_date, ${VALUE_COLUMNS})
      select series_key, local_date, ${VALUE_COLUMNS} from fresh order by series_key, local_date
      on conflict (series_key, local_date) do update set ${SET_VALUES}
      returning r.series_key, r.local_date, r.sum, r.count, r.bh_sum, r.bh_count
    ),
    up as (
      select u.series_key, u.local_date, ${DELTAS}
      from upserted u left join prev p on p.series_key = u.series_key and p.local_date = u.local_date
    ),
    gone as (
      delete from rollup_day r using touched t
      where r.series_key = t.series_key and r.local_date = t.local_date
        and not exists (select 1 from fresh f where f.series_key = t.series_key and f.local_date = t.local_date)
      returning r.series_key, r.local_date, ${NEGATED}
    ),
    deltas as (select * from up union all select * from gone)
    insert into node_rollup_day as n (node_kpi_key, local_date, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, d.local_date, sum(d_sum), sum(d_count), sum(d_bh_sum), sum(d_bh_count)
    from deltas d join members mem on mem.series_key = d.series_key
    group by mem.node_kpi_key, d.local_date
    order by mem.node_kpi_key, d.local_date
    on conflict (node_kpi_key, local_date) do update set ${ADD_DELTAS}`.execute(trx);
}

/** A time range [fromMs, toMs] of raw points (epoch ms); the rebuild widens it to whole 15-minute buckets. */
export interface RollupRange {
  fromMs: number;
  toMs: number;
}

/** The range's bounds as timestamptz texts: whole buckets, or -infinity..infinity without a range. */
function rangeBounds(range: RollupRange | undefined): { lo: string; hi: string } {
  if (!range) return { lo: '-infinity', hi: 'infinity' };
  const lo = Math.floor(range.fromMs / BUCKET_MS) * BUCKET_MS;
  const hi = Math.floor(range.toMs / BUCKET_MS) * BUCKET_MS + BUCKET_MS;
  return { lo: new Date(lo).toISOString(), hi: new Date(hi).toISOString() };
}

/**
 * Rebuilds the 15-minute and daily rollups of the given series from raw (not the node totals), every
 * bucket or only those of `range` (a bulk import: the rest of the series is left alone); runs inside
 * a transaction. Plain aggregates come from one GROUP BY; the local time of each bucket is computed
 * once (a scratch table keeps it for the daily step), and only buckets straddling an opening edge read
 * their raw points again for the business-hours copy. The local days holding a rebuilt bucket (or a
 * deleted one) are summed again from all their 15-minute rows.
 */
export async function rebuildSeriesRollups(
  trx: Q,
  seriesKeys: readonly number[],
  range?: RollupRange,
): Promise<void> {
  if (seriesKeys.length === 0) return;
  const keys = [...seriesKeys];
  const { lo, hi } = rangeBounds(range);
  await sql`
    delete from rollup_15m where series_key = any(${keys}::int[])
      and bucket >= ${lo}::timestamptz and bucket < ${hi}::timestamptz`.execute(trx);
  await sql`drop table if exists rebuild_bucket, rebuild_day`.execute(trx);
  await sql`create temp table rebuild_day (series_key int, local_date date) on commit drop`.execute(trx);
  // the local days the range covers, in each series' zone
  await sql`
    with gone as (
      delete from rollup_day d using time_series s
      where s.key = d.series_key and d.series_key = any(${keys}::int[])
        and d.local_date >= (${lo}::timestamptz at time zone s.time_zone)::date
        and d.local_date <= ((${hi}::timestamptz - interval '1 microsecond') at time zone s.time_zone)::date
      returning d.series_key, d.local_date
    )
    insert into rebuild_day select series_key, local_date from gone`.execute(trx);
  await sql`
    create temp table rebuild_bucket on commit drop as
    select a.*, w.local_date, w.hours, w.mod0,
      case when w.hours @> int4range(w.mod0, w.mod0 + 15) then 1
           when not (w.hours && int4range(w.mod0, w.mod0 + 15)) then 0 else 2 end as coverage
    from (
      select m.series_key, date_bin('15 minutes', m.occurred_on, timestamptz '2000-01-01Z') as bucket,
        sum(m.value) as sum, count(*)::int as count, min(m.value) as min, max(m.value) as max,
        (min(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as first,
        (max(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as last
      from measurement m where m.series_key = any(${keys}::int[])
        and m.occurred_on >= ${lo}::timestamptz and m.occurred_on < ${hi}::timestamptz
      group by 1, 2
    ) a
    join time_series s on s.key = a.series_key
    cross join lateral (
      select lb::date as local_date, s.business_minutes[extract(dow from lb)::int + 1] as hours,
        (extract(hour from lb) * 60 + extract(minute from lb))::int as mod0
      from (select a.bucket at time zone s.time_zone as lb) l
      offset 0
    ) w`.execute(trx);
  // the business-hours copy of a bucket straddling an opening edge, from its raw points: only those
  // buckets probe measurement (a lateral per bucket costs ~0.25 ms on the partitioned table even when
  // its filter is false, measured: 4 s for 16,000 buckets)
  await sql`
    with edge as materialized (
      select b.series_key, b.bucket, p.*
      from rebuild_bucket b
      cross join lateral (
        select coalesce(sum(m.value), 0) as bh_sum, count(*)::int as bh_count,
          min(m.value) as bh_min, max(m.value) as bh_max,
          (min(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as bh_first,
          (max(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as bh_last
        from measurement m
        where m.series_key = b.series_key and m.occurred_on >= b.bucket
          and m.occurred_on < b.bucket + interval '15 minutes'
          and b.hours @> (b.mod0 + floor(extract(epoch from (m.occurred_on - b.bucket)) / 60))::int
      ) p
      where b.coverage = 2
    )
    insert into rollup_15m (series_key, bucket, ${VALUE_COLUMNS})
    select b.series_key, b.bucket, b.sum, b.count, b.min, b.max, b.first, b.last,
      case b.coverage when 1 then b.sum when 0 then 0 else p.bh_sum end,
      case b.coverage when 1 then b.count when 0 then 0 else p.bh_count end,
      case b.coverage when 1 then b.min when 0 then null else p.bh_min end,
      case b.coverage when 1 then b.max when 0 then null else p.bh_max end,
      case b.coverage when 1 then b.first when 0 then null else p.bh_first end,
      case b.coverage when 1 then b.last when 0 then null else p.bh_last end
    from rebuild_bucket b
    left join edge p on p.series_key = b.series_key and p.bucket = b.bucket`.execute(trx);
  // a whole rebuild sums its own buckets (one hash join); a range sums each touched day's 15-minute
  // rows, the ones outside the range included (one primary-key range scan a day)
  if (!range) {
    await sql`
      insert into rollup_day (series_key, local_date, ${VALUE_COLUMNS})
      select r.series_key, b.local_date, ${BUCKET_AGGREGATES}
      from rollup_15m r join rebuild_bucket b on b.series_key = r.series_key and b.bucket = r.bucket
      group by r.series_key, b.local_date`.execute(trx);
    return;
  }
  await sql`
    insert into rollup_day (series_key, local_date, ${VALUE_COLUMNS})
    select d.series_key, d.local_date, ${BUCKET_AGGREGATES}
    from (
      select series_key, local_date from rebuild_day
      union select distinct series_key, local_date from rebuild_bucket
    ) d
    join time_series s on s.key = d.series_key
    cross join lateral (
      select * from rollup_15m r where r.series_key = d.series_key
        and r.bucket >= (d.local_date::timestamp at time zone s.time_zone)
        and r.bucket < ((d.local_date + 1)::timestamp at time zone s.time_zone)
      offset 0 -- one primary-key range scan per day
    ) r
    group by d.series_key, d.local_date`.execute(trx);
}

/**
 * Rebuilds the node totals (15-minute, hourly, daily) of the given node_kpi keys from their members'
 * series rollups: all of them, or those `range` can reach (its buckets; the local hours and days
 * within 14 hours and a day of it, read from every member, so totals that other series feed stay whole).
 * A total of one series keeps no rows (it is read from that series' rollups, migration 0990): its
 * rows are deleted and not written again.
 */
export async function rebuildNodeTotals(
  trx: Q,
  nodeKpiKeys: readonly number[],
  range?: RollupRange,
): Promise<void> {
  if (nodeKpiKeys.length === 0) return;
  const keys = [...nodeKpiKeys];
  const { lo, hi } = rangeBounds(range);
  // local hours and days by UTC wall-clock of the bounds, widened by the largest UTC offsets
  const hourLo = sql`((${lo}::timestamptz at time zone 'UTC') - interval '14 hours')`;
  const hourHi = sql`((${hi}::timestamptz at time zone 'UTC') + interval '14 hours')`;
  const dayLo = sql`((${lo}::timestamptz at time zone 'UTC') - interval '1 day')::date`;
  const dayHi = sql`((${hi}::timestamptz at time zone 'UTC') + interval '1 day')::date`;
  const { rows: several } = await sql<{ key: number }>`
    select node_kpi_key as key from node_kpi_member where node_kpi_key = any(${keys}::int[])
    group by 1 having count(*) > 1`.execute(trx);
  await sql`
    delete from node_rollup_15m where node_kpi_key = any(${keys}::int[])
      and bucket >= ${lo}::timestamptz and bucket < ${hi}::timestamptz`.execute(trx);
  await sql`
    delete from node_rollup_hour where node_kpi_key = any(${keys}::int[])
      and local_hour >= ${hourLo} and local_hour < ${hourHi}`.execute(trx);
  await sql`
    delete from node_rollup_day where node_kpi_key = any(${keys}::int[])
      and local_date >= ${dayLo} and local_date <= ${dayHi}`.execute(trx);
  if (several.length === 0) return;
  const built = several.map((r) => r.key);
  await sql`
    insert into node_rollup_15m (node_kpi_key, bucket, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, r.bucket, sum(r.sum), sum(r.count), sum(r.bh_sum), sum(r.bh_count)
    from node_kpi_member mem join rollup_15m r on r.series_key = mem.series_key
    where mem.node_kpi_key = any(${built}::int[])
      and r.bucket >= ${lo}::timestamptz and r.bucket < ${hi}::timestamptz
    group by mem.node_kpi_key, r.bucket`.execute(trx);
  await sql`
    insert into node_rollup_hour (node_kpi_key, local_hour, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, h.local_hour, sum(h.sum), sum(h.count), sum(h.bh_sum), sum(h.bh_count)
    from (
      select r.series_key, date_trunc('hour', r.bucket at time zone s.time_zone) as local_hour,
        sum(r.sum) as sum, sum(r.count) as count, sum(r.bh_sum) as bh_sum, sum(r.bh_count) as bh_count
      from rollup_15m r join time_series s on s.key = r.series_key
      where r.series_key in (select series_key from node_kpi_member where node_kpi_key = any(${built}::int[]))
        and r.bucket >= ${lo}::timestamptz - interval '2 days' and r.bucket < ${hi}::timestamptz + interval '2 days'
      group by 1, 2
    ) h
    join node_kpi_member mem on mem.series_key = h.series_key
    where mem.node_kpi_key = any(${built}::int[]) and h.local_hour >= ${hourLo} and h.local_hour < ${hourHi}
    group by 1, 2
    order by 1, 2`.execute(trx);
  await sql`
    insert into node_rollup_day (node_kpi_key, local_date, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, r.local_date, sum(r.sum), sum(r.count), sum(r.bh_sum), sum(r.bh_count)
    from node_kpi_member mem join rollup_day r on r.series_key = mem.series_key
    where mem.node_kpi_key = any(${built}::int[]) and r.local_date >= ${dayLo} and r.local_date <= ${dayHi}
    group by mem.node_kpi_key, r.local_date`.execute(trx);
}

/** The node totals the given series count in. */
export async function nodeKpisOfSeries(trx: Q, seriesKeys: readonly number[]): Promise<number[]> {
  if (seriesKeys.length === 0) return [];
  const { rows } = await sql<{ key: number }>`
    select distinct node_kpi_key as key from node_kpi_member
    where series_key = any(${numberArray(seriesKeys)}::int[])`.execute(trx);
  return rows.map((r) => r.key);
}

/** Deletes the raw points of one series from `fromMs` on; answers their instants (epoch ms). */
export async function deleteMeasurementsFrom(trx: Q, seriesKey: number, fromMs: number): Promise<number[]> {
  const { rows } = await sql<{ t: number }>`
    delete from measurement where series_key = ${seriesKey} and occurred_on >= to_timestamp(${fromMs} / 1000.0)
    returning (extract(epoch from occurred_on) * 1000)::float8 as t`.execute(trx);
  return rows.map((r) => r.t);
}
