import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { UnitOfWorkDialect } from './unit-of-work.js';

// numeric and bigint columns come back as JS numbers: counts and sums stay far below 2^53
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// a calendar date has no time zone: date columns stay 'YYYY-MM-DD' strings (never a local-midnight Date)
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

export function createDb(url: string, opts: { max?: number } = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20, idleTimeoutMillis: 30_000 });
  // an idle client losing its connection (database restart) must not crash the process
  pool.on('error', () => undefined);
  // a connection dying mid-query fails that query; it must not become an uncaught exception
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new UnitOfWorkDialect({ pool }) });
  return { db, pool };
}

/** Creates the database named in the URL when the server answers but the database is missing. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Versioned migrations (./migrations/index.ts, applied in name order), run at start; idempotent. */
export async function migrate(db: Db): Promise<void> {
  // one instance migrates at a time when several start together; the lock lives on one connection
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(727274)`.execute(conn);
    try {
      const migrator = new Migrator({
        db: conn,
        // features add migrations in their own number ranges; one added later may sort before one applied
        allowUnorderedMigrations: true,
        provider: { getMigrations: async () => migrations },
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
      }
    } finally {
      await sql`select pg_advisory_unlock(727274)`.execute(conn);
    }
  });
}
