import { sql } from 'kysely';
import { MIGRATION_LOCK, type Db } from '../../platform/db/database.js';

/**
 * The monthly partitions of the raw minutes (`measurement`, migration 0770): created ahead, dropped
 * whole past retention, by the SQL functions the migration defines.
 */

/** Creates the missing monthly partitions from the month of `from` to the one holding `to`; answers how many. */
export async function ensurePartitions(db: Db, from: Date, to: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select measurement_ensure_partitions(${from}::timestamptz, ${to}::timestamptz) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Drops the monthly partitions that end at or before `cutoff` (and older strays of the default one),
 * never while another instance migrates (its migrator reads every table: MIGRATION_LOCK).
 */
export async function dropPartitionsBefore(db: Db, cutoff: Date): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    const { rows } = await sql<{ dropped: string[] }>`
      select measurement_drop_partitions(${cutoff}::timestamptz) as dropped`.execute(trx);
    return rows[0]?.dropped ?? [];
  });
}

/** The partitions with their bounds (as PostgreSQL writes them), oldest first; the default one last. */
export async function listPartitions(db: Db): Promise<{ name: string; bound: string }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname::text as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'measurement'::regclass
    order by c.relname = 'measurement_default', c.relname`.execute(db);
  return rows;
}
