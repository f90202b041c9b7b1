import type { Config } from '../../config/config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { createDb, ensureDatabase, migrate, type Db } from './database.js';
import path from 'node:path';

export interface DatabaseHandle {
  db: Db;
  url: string;
  embedded: EmbeddedDatabase | null;
  /** from now on statements are bounded by DB_STATEMENT_TIMEOUT_MS (call it once start-up work is done) */
  limitStatements(): void;
  close(): Promise<void>;
}

/** The embedded PostgreSQL without DATABASE_URL, the given server otherwise; migrated to the latest. */
export async function openDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  let embedded: EmbeddedDatabase | null = null;
  let url: string;
  if (config.DATABASE_URL) {
    url = config.DATABASE_URL;
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log });
    const u = new URL(embedded.url);
    u.pathname = '/footfall';
    url = u.toString();
  }
  await ensureDatabase(url);
  const { db, limitStatements } = createDb(url, {
    connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrate(db);
  log.info({ database: embedded ? path.join(config.dataDir, 'pg') : 'DATABASE_URL' }, 'database ready');
  return {
    db,
    url,
    embedded,
    limitStatements,
    async close() {
      await db.destroy().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
