import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

const DEMO_SEED_LOCK = 727_275;

/**
 * Runs `fn` while holding a session advisory lock on one dedicated connection, so that instances
 * starting together seed the demo once; `fn` itself writes through the ordinary pool.
 */
export async function withSeedLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${DEMO_SEED_LOCK})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${DEMO_SEED_LOCK})`.execute(conn);
    }
  });
}
