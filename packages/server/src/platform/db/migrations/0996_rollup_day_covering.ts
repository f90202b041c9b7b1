import { sql, type Kysely } from 'kysely';

/**
 * Series' daily rows are read by key range for sum and count only when a query asks for sums of
 * series: devices, and since migration 0990 the totals of one series (a one-door store's traffic, a
 * store's own sales), which no longer have node rows. The primary key carries the figures
 * (INCLUDE), so those reads are index-only scans, as for the node totals' days (0930) and hours
 * (0995): the traffic report for 500 one-door locations over a year with N-1/Y-1 read ~730,000 rows
 * on as many heap pages through the plain key. ON CONFLICT (series_key, local_date) still finds the
 * key; updates of today's rows are no longer HOT (btree bottom-up deletion clears their old
 * versions). The 4-byte counts come first, so no padding follows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    set local maintenance_work_mem = '256MB';
    alter table rollup_day
      drop constraint rollup_day_pkey,
      add constraint rollup_day_pkey primary key (series_key, local_date)
        include (count, bh_count, sum, bh_sum)`.execute(db);
}
