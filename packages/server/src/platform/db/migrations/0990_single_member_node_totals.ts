import { sql, type Kysely } from 'kysely';

/**
 * A node total of one series keeps no rows of its own (issues 16 and 20). 38 % of the 15-minute node
 * rows were totals of a single member - a store's own Sales, Transactions and StaffHours, a one-door
 * store's traffic - each an exact copy of that series' `rollup_15m` sum, count and business-hours
 * copy (about 30 bytes per raw point), and a first import wrote them for every point it stored. The
 * engine now answers such a total from its member's own rollups (features/analytics
 * aggregated-sources.ts) and the writers keep rows only for totals of two members or more; a total
 * that grows to two gets its rows built from its members then, one that shrinks to one loses them
 * (features/timeseries series.service.ts).
 *
 * This migration deletes the rows of the totals of one member, a batch of totals per statement (one
 * primary-key range scan per total), under the rebuild lock so that no ingest of an older instance
 * writes between the deletes. The space comes back to the tables' free space maps through
 * autovacuum (the rollup tables vacuum after 1 % dead rows, migration 0850).
 *
 * The views `node_total_15m`, `node_total_hour` and `node_total_day` show every total as the engine
 * reads it - its own rows, or its member's rollups (the hour of a total of one is its member's four
 * 15-minute rows of that local hour) - for whoever reads totals in SQL (monitoring's sudden-drop
 * rule, tests). A filter on `node_kpi_key` reaches both branches of each view.
 */
const LOCK_REBUILD = 727277; // features/timeseries/ingest.rollup.repository.ts
const TOTALS_PER_BATCH = 500;

/** The member of a total that has no other member (`m`: a node_kpi_member row). */
const ALONE = `not exists (
      select from node_kpi_member o where o.node_kpi_key = m.node_kpi_key and o.series_key <> m.series_key)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_REBUILD})`.execute(db);
  await sql
    .raw(
      `
    create view node_total_15m as
    select node_kpi_key, bucket, sum, count, bh_sum, bh_count from node_rollup_15m
    union all
    select m.node_kpi_key, r.bucket, r.sum, r.count, r.bh_sum, r.bh_count
    from node_kpi_member m join rollup_15m r on r.series_key = m.series_key
    where ${ALONE};

    create view node_total_hour as
    select node_kpi_key, local_hour, sum, count, bh_sum, bh_count from node_rollup_hour
    union all
    select m.node_kpi_key, date_trunc('hour', r.bucket at time zone s.time_zone), sum(r.sum),
      sum(r.count)::int, sum(r.bh_sum), sum(r.bh_count)::int
    from node_kpi_member m join time_series s on s.key = m.series_key
    join rollup_15m r on r.series_key = m.series_key
    where ${ALONE}
    group by m.node_kpi_key, date_trunc('hour', r.bucket at time zone s.time_zone);

    create view node_total_day as
    select node_kpi_key, local_date, sum, count, bh_sum, bh_count from node_rollup_day
    union all
    select m.node_kpi_key, r.local_date, r.sum, r.count, r.bh_sum, r.bh_count
    from node_kpi_member m join rollup_day r on r.series_key = m.series_key
    where ${ALONE};`,
    )
    .execute(db);
  await deleteRowsOfSingleMemberTotals(db);
}

/** The node rows of every total of one member, a batch of totals per statement. */
export async function deleteRowsOfSingleMemberTotals(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ key: number }>`
    select node_kpi_key as key from node_kpi_member group by 1 having count(*) = 1 order by 1`.execute(db);
  for (let i = 0; i < rows.length; i += TOTALS_PER_BATCH) {
    const keys = rows.slice(i, i + TOTALS_PER_BATCH).map((r) => r.key);
    for (const table of ['node_rollup_15m', 'node_rollup_hour', 'node_rollup_day'])
      await sql`delete from ${sql.table(table)} where node_kpi_key = any(${keys}::int[])`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the deleted rows are not built again: an older version needs every total rebuilt (rebuildNodeTotals)
  await sql`drop view if exists node_total_15m, node_total_hour, node_total_day`.execute(db);
}
