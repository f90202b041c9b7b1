import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { DatabaseUnavailableError } from './unavailable.js';
import { UnitOfWorkDialect } from './unit-of-work.js';

// numeric and bigint columns come back as JS numbers: counts and sums stay far below 2^53
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// a calendar date has no time zone: date columns stay 'YYYY-MM-DD' strings (never a local-midnight Date)
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

export interface DbOptions {
  /** connections in the pool (20) */
  max?: number;
  /** how long to wait for a connection (pool slot or new connection) before failing; 0 = no limit */
  connectionTimeoutMs?: number;
  /**
   * the longest statement once `limitStatements()` has been called (start-up work runs without it): the
   * server cancels it (SQLSTATE 57014), and should the server not answer at all (frozen), the client
   * gives up `STATEMENT_GRACE_MS` later and drops the connection
   */
  statementTimeoutMs?: number;
}

/** how much longer than the statement timeout the client waits for a server that does not answer */
export const STATEMENT_GRACE_MS = 1000;

type Query = (...args: unknown[]) => unknown;

/** The pool behind each Db made here (withPinnedClient). */
const poolOf = new WeakMap<
  object,
  { connect(): Promise<pg.PoolClient>; unbound(client: pg.PoolClient): () => void }
>();

/**
 * Runs `work` on one connection of the Db's pool, held for the whole call: the raw client (COPY FROM
 * STDIN through pg-copy-streams, session settings, an explicit BEGIN/COMMIT) and a Kysely on that same
 * connection (the repositories' SQL). The connection goes back to the pool afterwards; one that failed
 * mid-transaction is discarded rather than reused. A bulk load is not request serving: the connection
 * runs without the statement timeout (DB_STATEMENT_TIMEOUT_MS) meanwhile, restored afterwards.
 */
export async function withPinnedClient<T>(
  db: Db,
  work: (client: pg.PoolClient, on: Db) => Promise<T>,
): Promise<T> {
  const pool = poolOf.get(db);
  if (!pool) throw new Error('withPinnedClient: a Db made by createDb is needed');
  const client = await pool.connect();
  const rebind = pool.unbound(client);
  try {
    await client.query('set statement_timeout = 0');
  } catch (e) {
    rebind();
    client.release(e as Error);
    throw e;
  }
  const single = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
        end: async () => undefined,
      } as unknown as pg.Pool,
    }),
  });
  let failed: Error | undefined;
  try {
    return await work(client, single);
  } catch (e) {
    failed = e as Error;
    throw e;
  } finally {
    await single.destroy();
    rebind();
    client.release(failed);
  }
}

export function createDb(
  url: string,
  opts: DbOptions = {},
): { db: Db; pool: pg.Pool; limitStatements(): void } {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 0,
  });
  // an idle client losing its connection (database restart) must not crash the process
  pool.on('error', () => undefined);
  // a connection dying mid-query fails that query; it must not become an uncaught exception
  pool.on('connect', (client) => client.on('error', () => undefined));
  let statementTimeoutMs = 0;
  /** the statement_timeout set on each connection */
  const applied = new WeakMap<pg.PoolClient, number>();
  const guarded = new WeakSet<pg.PoolClient>();
  /** each guarded connection's own query function */
  const unguarded = new WeakMap<pg.PoolClient, pg.PoolClient['query']>();

  /** A statement without an answer past its deadline fails, and its connection is dropped. */
  function guard(client: pg.PoolClient) {
    const query = client.query.bind(client) as Query;
    const patched: Query = (...args) => {
      const ms = statementTimeoutMs;
      const result = query(...args);
      if (!ms || !(result instanceof Promise)) return result;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          // the socket is the only way out of a query the server never answers; the pool then drops it
          (
            client as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy();
          reject(
            new DatabaseUnavailableError(`no answer from the database within ${ms + STATEMENT_GRACE_MS} ms`),
          );
        }, ms + STATEMENT_GRACE_MS);
        result.then(
          (v) => (clearTimeout(timer), resolve(v)),
          (e) => (clearTimeout(timer), reject(e)),
        );
      });
    };
    client.query = patched as typeof client.query;
    unguarded.set(client, query as typeof client.query);
    guarded.add(client);
  }

  // what Kysely sees of the pool: each connection gets the deadline guard and the current statement_timeout
  const limitedPool = {
    async connect() {
      const client = await pool.connect();
      try {
        if (!guarded.has(client)) guard(client);
        if ((applied.get(client) ?? 0) !== statementTimeoutMs) {
          await client.query(`set statement_timeout = ${statementTimeoutMs}`);
          applied.set(client, statementTimeoutMs);
        }
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
      return client;
    },
    end: () => pool.end(),
    /** the connection without the client-side deadline until the returned function is called */
    unbound(client: pg.PoolClient) {
      const patched = client.query;
      const own = unguarded.get(client);
      if (own) client.query = own;
      // the next lease sets statement_timeout again
      applied.delete(client);
      return () => {
        client.query = patched;
      };
    },
  };
  const db = new Kysely<Database>({
    dialect: new UnitOfWorkDialect({ pool: limitedPool as unknown as pg.Pool }),
  });
  poolOf.set(db, limitedPool);
  return {
    db,
    pool,
    limitStatements: () => {
      statementTimeoutMs = opts.statementTimeoutMs ?? 0;
    },
  };
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

/**
 * The advisory lock key migrations hold (session-level, on their connection). Whatever drops tables
 * while instances may be starting (the raw partitions past retention) takes it for its transaction:
 * the migrator reads every table's columns (Kysely's introspection) and fails on one dropped under it.
 */
export const MIGRATION_LOCK = 727274;

/** Versioned migrations (./migrations/index.ts, applied in name order), run at start; idempotent. */
export async function migrate(db: Db): Promise<void> {
  // one instance migrates at a time when several start together; the lock lives on one connection
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
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
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
