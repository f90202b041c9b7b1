import { expect } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

/**
 * Every rollup equals a recomputation from raw; every node total, as the engine reads it (the
 * node_total_* views: its own rows, or its one member's rollups), equals the sum of its members; and a
 * total of one series keeps no rows of its own (migration 0990).
 */
export async function expectRollupsConsistent(db: Db) {
  const bucketDiff = await sql<{ n: number }>`
    with fresh as (
      select series_key, date_bin('15 minutes', occurred_on, timestamptz '2000-01-01Z') as bucket,
        sum(value) as sum, count(*) as count from measurement group by 1, 2
    )
    select count(*)::int as n from fresh f full join rollup_15m r using (series_key, bucket)
    where f.sum is null or r.sum is null or abs(f.sum - r.sum) > 1e-6 or f.count <> r.count`.execute(db);
  expect(bucketDiff.rows[0]!.n).toBe(0);
  const dayDiff = await sql<{ n: number }>`
    with fresh as (
      select m.series_key, (m.occurred_on at time zone s.time_zone)::date as local_date,
        sum(value) as sum, count(*) as count
      from measurement m join time_series s on s.key = m.series_key group by 1, 2
    )
    select count(*)::int as n from fresh f full join rollup_day r using (series_key, local_date)
    where f.sum is null or r.sum is null or abs(f.sum - r.sum) > 1e-6 or f.count <> r.count`.execute(db);
  expect(dayDiff.rows[0]!.n).toBe(0);
  // the business-hours copy: each raw point judged by its own local weekday and minute
  const bhDiff = await sql<{ n: number }>`
    with fresh as (
      select m.series_key, date_bin('15 minutes', m.occurred_on, timestamptz '2000-01-01Z') as bucket,
        coalesce(sum(m.value) filter (where s.business_minutes[extract(dow from (m.occurred_on at time zone s.time_zone))::int + 1]
          @> (extract(hour from (m.occurred_on at time zone s.time_zone)) * 60
              + extract(minute from (m.occurred_on at time zone s.time_zone)))::int), 0) as bh_sum
      from measurement m join time_series s on s.key = m.series_key group by 1, 2
    )
    select count(*)::int as n from fresh f join rollup_15m r using (series_key, bucket)
    where abs(f.bh_sum - r.bh_sum) > 1e-6`.execute(db);
  expect(bhDiff.rows[0]!.n).toBe(0);
  for (const table of ['node_rollup_15m', 'node_rollup_hour', 'node_rollup_day'] as const) {
    const alone = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} r
      where (select count(*) from node_kpi_member m where m.node_kpi_key = r.node_kpi_key) < 2`.execute(db);
    expect(alone.rows[0]!.n, `${table} rows of totals of one series`).toBe(0);
  }
  for (const [table, col, source] of [
    ['node_total_15m', 'bucket', 'rollup_15m'],
    ['node_total_day', 'local_date', 'rollup_day'],
  ] as const) {
    const diff = await sql<{ n: number }>`
      with fresh as (
        select mem.node_kpi_key, r.${sql.ref(col)} as k, sum(r.sum) as sum, sum(r.bh_sum) as bh_sum,
          sum(r.count) as count
        from node_kpi_member mem join ${sql.table(source)} r on r.series_key = mem.series_key group by 1, 2
      )
      select count(*)::int as n from fresh f
      full join (select node_kpi_key, ${sql.ref(col)} as k, sum, bh_sum, count from ${sql.table(table)}) n
        using (node_kpi_key, k)
      where abs(coalesce(f.sum, 0) - coalesce(n.sum, 0)) > 1e-6
         or abs(coalesce(f.bh_sum, 0) - coalesce(n.bh_sum, 0)) > 1e-6
         or coalesce(f.count, 0) <> coalesce(n.count, 0)`.execute(db);
    expect(diff.rows[0]!.n, table).toBe(0);
  }
  // hourly node totals: each member's 15-minute rows by their own local hour
  const hourDiff = await sql<{ n: number }>`
    with fresh as (
      select mem.node_kpi_key, date_trunc('hour', r.bucket at time zone s.time_zone) as k,
        sum(r.sum) as sum, sum(r.bh_sum) as bh_sum, sum(r.count) as count
      from node_kpi_member mem join rollup_15m r on r.series_key = mem.series_key
      join time_series s on s.key = mem.series_key group by 1, 2
    )
    select count(*)::int as n from fresh f
    full join (select node_kpi_key, local_hour as k, sum, bh_sum, count from node_total_hour) n
      using (node_kpi_key, k)
    where abs(coalesce(f.sum, 0) - coalesce(n.sum, 0)) > 1e-6
       or abs(coalesce(f.bh_sum, 0) - coalesce(n.bh_sum, 0)) > 1e-6
       or coalesce(f.count, 0) <> coalesce(n.count, 0)`.execute(db);
  expect(hourDiff.rows[0]!.n, 'node_total_hour').toBe(0);
}
