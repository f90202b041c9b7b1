import { sql, type Kysely } from 'kysely';

/**
 * The daily node totals are read by key range (a node total's days: aggregated queries, reports,
 * detection) for sum and count only: the primary key carries them (INCLUDE), so those reads are
 * index-only scans. Rows of a node total are written day after day, each on another heap page: a
 * year of days for 500 locations and two KPIs (N-1 and Y-1 too: 730,000 rows) touched ~643,000
 * heap pages through the key (6-12 s of PostgreSQL CPU), ~8,000 index pages through this one. ON
 * CONFLICT (node_kpi_key, local_date) still finds the key; updates of today's rows are no longer HOT
 * (btree bottom-up deletion clears their old versions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    set local maintenance_work_mem = '256MB';
    alter table node_rollup_day
      drop constraint node_rollup_day_pkey,
      add constraint node_rollup_day_pkey primary key (node_kpi_key, local_date)
        include (sum, count, bh_sum, bh_count)`.execute(db);
}
