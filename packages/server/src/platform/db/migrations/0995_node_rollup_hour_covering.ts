import { sql, type Kysely } from 'kysely';

/**
 * The hourly node totals are read by key range (a node total's local hours: sub-day aggregated
 * queries) for sum and count only: the primary key carries them (INCLUDE), so those reads are
 * index-only scans, as for the daily ones (migration 0930). Rows of a node total are written hour
 * after hour, each on another heap page (by ingestion as by a bulk load in hash order): 7 days hourly
 * for 50 locations read ~8,000 rows on as many heap pages through the key. ON CONFLICT
 * (node_kpi_key, local_hour) still finds the key; updates of the current hour's rows are no longer
 * HOT (btree bottom-up deletion clears their old versions). The 4-byte counts come first, so no
 * padding follows them: 52 bytes an entry instead of 60 (the key grows by ~34 bytes a row in all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    set local maintenance_work_mem = '256MB';
    alter table node_rollup_hour
      drop constraint node_rollup_hour_pkey,
      add constraint node_rollup_hour_pkey primary key (node_kpi_key, local_hour)
        include (count, bh_count, sum, bh_sum)`.execute(db);
}
