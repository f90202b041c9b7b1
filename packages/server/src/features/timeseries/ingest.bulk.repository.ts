import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { BUCKET_AGGREGATES_SQL } from './ingest.rollup.repository.js';

/**
 * The set-based write path of a bulk load (an import run), on one pinned connection inside one
 * transaction (ingest.service `bulkLoad`). The rows arrive by COPY into `bulk_stage` (temp, no WAL):
 * one row per file row, its location index, instant (epoch ms), row number and one column per value.
 * From there every step is one statement over a whole set, never a loop per series or per bucket:
 *
 * 1. `bulk_point`: the staged values as (series key, instant, value), the last row of a (series,
 *    instant) winning, sorted by the primary key of `measurement`;
 * 2. raw: a plain insert when every point is new, else the new points inserted (`on conflict do
 *    nothing`), then the existing ones whose value differs updated; both statements' RETURNING land
 *    in `bulk_changed` (new or updated, flagged), so a file imported again with the same figures
 *    changes nothing and rebuilds nothing;
 * 3. `bulk_bucket`: the changed points grouped by 15-minute bucket (GROUP BY the bucket expression),
 *    with each point's business-hours flag from its series' basis;
 * 4. rollups, under the per-series ingest locks (live ingest of the other series never waits): on a
 *    first import of a range (every point new, one a bucket, no 15-minute row yet for any touched
 *    bucket) the bucket rows are written as they are and are their own deltas (no copy); else the
 *    15-minute rows of the touched buckets are the bucket aggregates when every point of the bucket is
 *    a changed one (the old row's count plus the new points equals the changed points: the common case,
 *    one point a bucket), else recomputed from raw (a bucket shared with points from elsewhere); the
 *    node totals move by the difference to the old rows (15-minute, local hour), as live ingest's do
 *    (a total fed by one of the load's series copies its deltas, only the others are grouped; a total
 *    of one series in all keeps no rows, migration 0990); then
 *    the touched local days: a new day summed from the 15-minute rows just written, a day that had a
 *    row summed again from its 15-minute rows; the daily node totals moved by their difference.
 */

/** Names of the value columns of the stage. */
const valueColumn = (i: number) => `v${i}`;

export async function createStage(on: Db, columns: number): Promise<void> {
  const values = Array.from({ length: columns }, (_, i) => `${valueColumn(i)} float8`).join(', ');
  await sql
    .raw(
      `create temp table bulk_stage (loc int not null, ms float8 not null, seq int not null, ${values}) on commit drop`,
    )
    .execute(on);
}

/** The COPY statement that fills the stage (text format, tab separated, `\N` for no value). */
export const STAGE_COPY = 'copy bulk_stage from stdin';

/**
 * Step 1: the staged values as points of their series (`pairs`: the series key of a location index
 * and value column; values of other pairs are left out). Answers the number of points.
 */
export async function stagePoints(
  on: Db,
  columns: number,
  pairs: readonly { loc: number; col: number; seriesKey: number }[],
): Promise<number> {
  await sql`
    create temp table bulk_map on commit drop as
    select * from unnest(${pairs.map((p) => p.loc)}::int[], ${pairs.map((p) => p.col)}::int[],
      ${pairs.map((p) => p.seriesKey)}::int[]) as x(loc, col, series_key)`.execute(on);
  await sql`analyze bulk_map`.execute(on);
  // one scan of the stage per value column (cheaper than a VALUES list joined to every row)
  const columnsOf = sql.raw(
    Array.from(
      { length: columns },
      (_, i) => `select mp.series_key, s.ms, s.seq, s.${valueColumn(i)} as v
      from bulk_stage s join bulk_map mp on mp.loc = s.loc and mp.col = ${i}
      where s.${valueColumn(i)} is not null`,
    ).join(' union all '),
  );
  await sql`
    create temp table bulk_point on commit drop as
    select distinct on (x.series_key, x.ms) x.series_key, to_timestamp(x.ms / 1000.0) as occurred_on,
      x.v as value
    from (${columnsOf}) x
    order by x.series_key, x.ms, x.seq desc`.execute(on);
  await sql`analyze bulk_point`.execute(on);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from bulk_point`.execute(on);
  return rows[0]!.n;
}

/**
 * Step 2: raw rows. First as a plain sorted insert (every point new: the first import of a range,
 * about half the cost of an upsert; `bulk_changed` is then a view of the points); when some point
 * exists, that insert is undone and the new points inserted (`on conflict do nothing`), then the
 * existing ones with another value updated, both RETURNING into `bulk_changed`, flagged. Answers
 * how many points changed.
 */
export async function writeRaw(on: Db, points: number): Promise<{ changed: number; allNew: boolean }> {
  await sql`savepoint bulk_plain_insert`.execute(on);
  try {
    await sql`
      insert into measurement (series_key, occurred_on, value)
      select series_key, occurred_on, value from bulk_point`.execute(on);
    await sql`release savepoint bulk_plain_insert`.execute(on);
    return { changed: points, allNew: true };
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await sql`rollback to savepoint bulk_plain_insert`.execute(on);
  }
  await sql`
    create temp table bulk_changed (series_key int, occurred_on timestamptz, value float8, inserted boolean)
    on commit drop`.execute(on);
  const inserted = await sql`
    with ins as (
      insert into measurement (series_key, occurred_on, value)
      select series_key, occurred_on, value from bulk_point
      on conflict (series_key, occurred_on) do nothing
      returning series_key, occurred_on, value
    )
    insert into bulk_changed select series_key, occurred_on, value, true from ins`.execute(on);
  let changed = Number(inserted.numAffectedRows ?? 0);
  if (changed < points) {
    const updated = await sql`
      with up as (
        insert into measurement as m (series_key, occurred_on, value)
        select series_key, occurred_on, value from bulk_point
        on conflict (series_key, occurred_on) do update set value = excluded.value
          where m.value is distinct from excluded.value
        returning m.series_key, m.occurred_on, m.value
      )
      insert into bulk_changed select series_key, occurred_on, value, false from up`.execute(on);
    changed += Number(updated.numAffectedRows ?? 0);
  }
  await sql`analyze bulk_changed`.execute(on);
  return { changed, allNew: false };
}

/**
 * Step 3: the changed points by 15-minute bucket, with the business-hours copy of each point.
 * `grouped` false: one row a point, no aggregation (an import's points are at least 15 minutes apart
 * in a series: granularity 15, 30, 60 minutes or a day, so each has its bucket to itself); two points
 * in one bucket then make the rollup upsert fail (cardinality violation) and the caller runs this
 * again grouped. A bucket of several changed points is recomputed from raw (first and last need their
 * order), so the grouping needs no per-point arrays.
 */
export async function groupChanged(on: Db, grouped: boolean, allNew: boolean): Promise<void> {
  await sql`drop table if exists bulk_bucket`.execute(on);
  // every point new: the changed points are the points
  const changed = sql.raw(
    allNew ? '(select series_key, occurred_on, value, true as inserted from bulk_point)' : 'bulk_changed',
  );
  const local = sql.raw(`
    join time_series s on s.key = c.series_key
    cross join lateral (
      select coalesce(s.business_minutes[date_part('dow', l.lt)::int + 1]
        @> (date_part('hour', l.lt) * 60 + date_part('minute', l.lt))::int, false) as inh
      -- the local time once per point, and only for a series with business hours
      from (select case when s.business_minutes is not null then c.occurred_on at time zone s.time_zone end as lt) l
      offset 0
    ) w`);
  if (!grouped) {
    await sql`
      create temp table bulk_bucket on commit drop as
      select c.series_key, date_bin('15 minutes', c.occurred_on, timestamptz '2000-01-01Z') as bucket,
        1 as n, c.inserted::int as n_new, c.value as sum, c.value as min, c.value as max,
        c.value as first, c.value as last,
        case when w.inh then c.value else 0 end as bh_sum, w.inh::int as bh_count,
        case when w.inh then c.value end as bh_min, case when w.inh then c.value end as bh_max,
        case when w.inh then c.value end as bh_first, case when w.inh then c.value end as bh_last
      from ${changed} c ${local}`.execute(on);
  } else {
    await sql`
      create temp table bulk_bucket on commit drop as
      select c.series_key, date_bin('15 minutes', c.occurred_on, timestamptz '2000-01-01Z') as bucket,
        count(*)::int as n, (count(*) filter (where c.inserted))::int as n_new,
        sum(c.value) as sum, min(c.value) as min, max(c.value) as max,
        min(c.value) as first, min(c.value) as last,
        coalesce(sum(c.value) filter (where w.inh), 0) as bh_sum,
        (count(*) filter (where w.inh))::int as bh_count,
        min(c.value) filter (where w.inh) as bh_min, max(c.value) filter (where w.inh) as bh_max,
        min(c.value) filter (where w.inh) as bh_first, min(c.value) filter (where w.inh) as bh_last
      from ${changed} c ${local}
      group by 1, 2`.execute(on);
  }
  await sql`analyze bulk_bucket`.execute(on);
}

/**
 * Inserts rows that are new as a plain insert (half the cost of an upsert when none exists yet: the
 * first import of a range); should one exist, the insert is undone and the rows upserted (`onConflict`).
 */
async function insertElseUpsert(on: Db, insert: string, onConflict: string): Promise<void> {
  await sql`savepoint bulk_plain`.execute(on);
  try {
    await sql.raw(insert).execute(on);
    await sql`release savepoint bulk_plain`.execute(on);
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await sql`rollback to savepoint bulk_plain`.execute(on);
    await sql.raw(`${insert} ${onConflict}`).execute(on);
  }
}

const SUMS = `sum, count, min, max, first, last, bh_sum, bh_count, bh_min, bh_max, bh_first, bh_last`;
const SET_SUMS = SUMS.split(', ')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');
const ADD = `sum = n.sum + excluded.sum, count = n.count + excluded.count,
  bh_sum = n.bh_sum + excluded.bh_sum, bh_count = n.bh_count + excluded.bh_count`;

/**
 * The node totals fed by the load's series that keep rows, with how many of those series each adds
 * up (`members`): a total of one series in all (a location's own KPI) keeps none (it is read from
 * that series' rollups, migration 0990) and is left out; a total fed by one of the load's series
 * among others moves by that series' delta as it is, with no aggregation; only the others (a
 * group's, fed by many) are grouped.
 */
async function stageMembers(on: Db, keys: number[]): Promise<void> {
  await sql`drop table if exists bulk_mem`.execute(on);
  await sql`
    create temp table bulk_mem on commit drop as
    select m.node_kpi_key, m.series_key, (count(*) over (partition by m.node_kpi_key))::int as members
    from node_kpi_member m where m.series_key = any(${keys}::int[])
      and exists (select from node_kpi_member o where o.node_kpi_key = m.node_kpi_key and o.series_key <> m.series_key)`.execute(
    on,
  );
  await sql`analyze bulk_mem`.execute(on);
}

/**
 * Moves the node totals of `table` (key column `at`) by the deltas of `from` (series_key, `at`,
 * d_sum, d_count, d_bh_sum, d_bh_count): one insert of the totals fed by one of the load's series,
 * rows copied as they are, one insert of the others, grouped. `sorted`: `from` comes in
 * (series_key, `at`) order.
 */
async function moveNodeTotals(
  on: Db,
  table: string,
  at: string,
  from: string,
  sorted: boolean,
): Promise<void> {
  // `from` in (series, key) order: a single-member total's rows come as runs in key order, which is
  // the primary key's order within each run; no sort (3,000,000 rows spill to disk at 256 MB)
  const order = sorted ? '' : '\n    order by 1, 2';
  const onConflict = `on conflict (node_kpi_key, ${at}) do update set ${ADD}`;
  await insertElseUpsert(
    on,
    `insert into ${table} as n (node_kpi_key, ${at}, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, d.${at}, d.d_sum, d.d_count, d.d_bh_sum, d.d_bh_count
    from ${from} d join bulk_mem mem on mem.series_key = d.series_key and mem.members = 1${order}`,
    onConflict,
  );
  await insertElseUpsert(
    on,
    `insert into ${table} as n (node_kpi_key, ${at}, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, d.${at}, sum(d.d_sum), sum(d.d_count), sum(d.d_bh_sum), sum(d.d_bh_count)
    from ${from} d join bulk_mem mem on mem.series_key = d.series_key and mem.members > 1
    group by 1, 2
    order by 1, 2`,
    onConflict,
  );
}

/**
 * Step 4a: the 15-minute rollups of the touched buckets and the 15-minute and hourly node totals
 * (moved by the difference). `keys`, `lo`, `hi`: the changed series and range (bounds the reads of
 * the old rows to that region of rollup_15m's primary key). Answers the new 15-minute rows of the
 * touched buckets (a table or subquery with the rollup's columns, for step 4b).
 */
export async function refreshBulkBuckets(
  on: Db,
  ext: { keys: number[]; lo: Date; hi: Date },
  onePointBuckets: boolean,
): Promise<string> {
  await sql`drop table if exists bulk_prev, bulk_fresh, bulk_delta, bulk_hour`.execute(on);
  await sql`
    create temp table bulk_prev on commit drop as
    select r.series_key, r.bucket, r.count, r.sum, r.bh_sum, r.bh_count
    from rollup_15m r join bulk_bucket b on b.series_key = r.series_key and b.bucket = r.bucket
    where r.series_key = any(${ext.keys}::int[]) and r.bucket >= ${ext.lo} and r.bucket < ${ext.hi}`.execute(
    on,
  );
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from bulk_prev`.execute(on);
  // no 15-minute row yet for any touched bucket and one new point a bucket (a first import of a
  // range): the buckets are the new rows and their own deltas, no copy of them is needed
  const fresh = onePointBuckets && rows[0]!.n === 0;
  let delta = `(select series_key, bucket, sum as d_sum, n as d_count, bh_sum as d_bh_sum,
    bh_count as d_bh_count from bulk_bucket)`;
  const written = fresh ? '(select *, n as count from bulk_bucket)' : 'bulk_fresh';
  if (fresh) {
    // bulk_bucket holds the points' order (bulk_point sorted, the join keeps its probe side's
    // order): the primary key's, so no sort (3,000,000 rows of 15 columns spill 350 MB to disk)
    await writeRollup15(on, `${written} b`, false);
  } else {
    await writeFreshBuckets(on);
    delta = 'bulk_delta';
  }
  await stageMembers(on, ext.keys);
  await moveNodeTotals(on, 'node_rollup_15m', 'bucket', delta, fresh);
  // each changed series' deltas by its local hour, once for both inserts
  await sql
    .raw(
      `
    create temp table bulk_hour on commit drop as
    select d.series_key, date_trunc('hour', d.bucket at time zone s.time_zone) as local_hour,
      sum(d_sum) as d_sum, sum(d_count) as d_count, sum(d_bh_sum) as d_bh_sum, sum(d_bh_count) as d_bh_count
    from ${delta} d join time_series s on s.key = d.series_key
    group by 1, 2`,
    )
    .execute(on);
  await moveNodeTotals(on, 'node_rollup_hour', 'local_hour', 'bulk_hour', false);
  return written;
}

/** The 15-minute rollup rows of `from` (a table or subquery with the rollup's columns) written. */
const writeRollup15 = (on: Db, from: string, sort = true) =>
  insertElseUpsert(
    on,
    `insert into rollup_15m as r (series_key, bucket, ${SUMS})
    select series_key, bucket, ${SUMS} from ${from}${sort ? ' order by series_key, bucket' : ''}`,
    `on conflict (series_key, bucket) do update set ${SET_SUMS}`,
  );

/**
 * The general case of step 4a: the new 15-minute rows (`bulk_fresh`: from the changed points, or
 * from raw for a bucket shared with points from elsewhere) written, and their difference to the old
 * rows (`bulk_delta`).
 */
async function writeFreshBuckets(on: Db): Promise<void> {
  await sql`analyze bulk_prev`.execute(on);
  // a bucket holding points from elsewhere too (old count + new points <> changed points): from raw
  await sql
    .raw(
      `
    create temp table bulk_fresh on commit drop as
    select b.series_key, b.bucket, b.sum, b.n as count, b.min, b.max, b.first, b.last,
      b.bh_sum, b.bh_count, b.bh_min, b.bh_max, b.bh_first, b.bh_last
    from bulk_bucket b left join bulk_prev p on p.series_key = b.series_key and p.bucket = b.bucket
    where coalesce(p.count, 0) + b.n_new = b.n and b.n = 1
    union all
    select b.series_key, b.bucket, a.sum, a.count, a.min, a.max, a.first, a.last,
      coalesce(a.bh_sum, 0), coalesce(a.bh_count, 0), a.bh_min, a.bh_max, a.bh_first, a.bh_last
    from bulk_bucket b
    left join bulk_prev p on p.series_key = b.series_key and p.bucket = b.bucket
    join time_series s on s.key = b.series_key
    cross join lateral (
      select sum(m.value) as sum, count(*)::int as count, min(m.value) as min, max(m.value) as max,
        (min(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as first,
        (max(array[extract(epoch from m.occurred_on)::float8, m.value]))[2] as last,
        sum(m.value) filter (where m.inh) as bh_sum, (count(*) filter (where m.inh))::int as bh_count,
        min(m.value) filter (where m.inh) as bh_min, max(m.value) filter (where m.inh) as bh_max,
        (min(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where m.inh))[2] as bh_first,
        (max(array[extract(epoch from m.occurred_on)::float8, m.value]) filter (where m.inh))[2] as bh_last
      from (
        select m.occurred_on, m.value,
          coalesce(s.business_minutes[extract(dow from l.lt)::int + 1]
            @> (extract(hour from l.lt) * 60 + extract(minute from l.lt))::int, false) as inh
        from measurement m
        cross join lateral (select m.occurred_on at time zone s.time_zone as lt) l
        where m.series_key = b.series_key and m.occurred_on >= b.bucket
          and m.occurred_on < b.bucket + interval '15 minutes'
      ) m
    ) a
    where coalesce(p.count, 0) + b.n_new <> b.n or b.n > 1`,
    )
    .execute(on);
  await writeRollup15(on, 'bulk_fresh');
  await sql`
    create temp table bulk_delta on commit drop as
    select f.series_key, f.bucket, f.sum - coalesce(p.sum, 0) as d_sum, f.count - coalesce(p.count, 0) as d_count,
      f.bh_sum - coalesce(p.bh_sum, 0) as d_bh_sum, f.bh_count - coalesce(p.bh_count, 0) as d_bh_count
    from bulk_fresh f left join bulk_prev p on p.series_key = f.series_key and p.bucket = f.bucket`.execute(
    on,
  );
  await sql`analyze bulk_delta`.execute(on);
}

/**
 * Step 4b: the local days holding a touched bucket. A day that had no daily row had no 15-minute row
 * either (a daily row exists where a 15-minute one does), so its new 15-minute rows (`written`, from
 * step 4a) are the whole day: summed from them, no read of rollup_15m (the first import of a range).
 * A day that had a row is summed again from its 15-minute rows (one primary-key range scan a day).
 * Then the daily node totals moved by the difference.
 */
export async function refreshBulkDays(on: Db, keys: number[], written: string): Promise<void> {
  await sql
    .raw(
      `
    create temp table bulk_day_new on commit drop as
    select d.series_key, d.local_date, d.sum, d.count, d.min, d.max,
      (select r.first from rollup_15m r where r.series_key = d.series_key and r.bucket = d.b_first) as first,
      (select r.last from rollup_15m r where r.series_key = d.series_key and r.bucket = d.b_last) as last,
      d.bh_sum, d.bh_count, d.bh_min, d.bh_max,
      (select r.bh_first from rollup_15m r where r.series_key = d.series_key and r.bucket = d.bh_b_first) as bh_first,
      (select r.bh_last from rollup_15m r where r.series_key = d.series_key and r.bucket = d.bh_b_last) as bh_last
    from (
      -- first and last: the values of the day's first and last bucket, looked up by primary key
      -- afterwards (4 index probes a day: cheaper than carrying an array per row through the aggregate)
      select r.series_key, (r.bucket at time zone s.time_zone)::date as local_date,
        sum(r.sum) as sum, sum(r.count)::int as count, min(r.min) as min, max(r.max) as max,
        sum(r.bh_sum) as bh_sum, sum(r.bh_count)::int as bh_count, min(r.bh_min) as bh_min, max(r.bh_max) as bh_max,
        min(r.bucket) as b_first, max(r.bucket) as b_last,
        min(r.bucket) filter (where r.bh_count > 0) as bh_b_first,
        max(r.bucket) filter (where r.bh_count > 0) as bh_b_last
      from ${written} r join time_series s on s.key = r.series_key
      group by 1, 2
    ) d`,
    )
    .execute(on);
  await sql`analyze bulk_day_new`.execute(on);
  await sql`
    create temp table bulk_day_prev on commit drop as
    select r.series_key, r.local_date, r.sum, r.count, r.bh_sum, r.bh_count
    from bulk_day_new t join rollup_day r on r.series_key = t.series_key and r.local_date = t.local_date
    where r.series_key = any(${keys}::int[])`.execute(on);
  await sql
    .raw(
      `
    create temp table bulk_day_fresh on commit drop as
    select t.* from bulk_day_new t
    where not exists (
      select from bulk_day_prev p where p.series_key = t.series_key and p.local_date = t.local_date)
    union all
    select t.series_key, t.local_date, ${BUCKET_AGGREGATES_SQL}
    from bulk_day_prev t
    join time_series s on s.key = t.series_key
    cross join lateral (
      select * from rollup_15m r
      where r.series_key = t.series_key
        and r.bucket >= (t.local_date::timestamp at time zone s.time_zone)
        and r.bucket < ((t.local_date + 1)::timestamp at time zone s.time_zone)
      offset 0 -- one primary-key range scan per day
    ) r
    group by t.series_key, t.local_date`,
    )
    .execute(on);
  await sql
    .raw(
      `
    insert into rollup_day as r (series_key, local_date, ${SUMS})
    select series_key, local_date, ${SUMS} from bulk_day_fresh order by series_key, local_date
    on conflict (series_key, local_date) do update set ${SET_SUMS}`,
    )
    .execute(on);
  await sql
    .raw(
      `
    insert into node_rollup_day as n (node_kpi_key, local_date, sum, count, bh_sum, bh_count)
    select mem.node_kpi_key, f.local_date, sum(f.sum - coalesce(p.sum, 0)), sum(f.count - coalesce(p.count, 0)),
      sum(f.bh_sum - coalesce(p.bh_sum, 0)), sum(f.bh_count - coalesce(p.bh_count, 0))
    from bulk_day_fresh f
    left join bulk_day_prev p on p.series_key = f.series_key and p.local_date = f.local_date
    join bulk_mem mem on mem.series_key = f.series_key
    group by 1, 2
    order by 1, 2
    on conflict (node_kpi_key, local_date) do update set ${ADD}`,
    )
    .execute(on);
}
