import type { TestProject } from 'vitest/node';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded-postgres.js';
import { createDb, migrate } from '../platform/db/database.js';
import { createLogger } from '../platform/logger.js';

/**
 * One PostgreSQL for the whole run: the server given by TEST_DATABASE_URL (CI's second pass uses the
 * machine's server), else a throw-away embedded cluster. A migrated template database is made once;
 * every test file clones it (see harness.ts), so files never share data.
 */
let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;

export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'footfall-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, port: 15433, log, ephemeral: true });
    adminUrl = embedded.url;
  }
  const template = `footfall_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const { db } = createDb(templateUrl.toString(), { max: 2 });
  await migrate(db);
  await db.destroy();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  console.log(
    `test database: ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL'}`,
  );

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like 'footfall_t%' and datname like $1`,
      [`%_${process.pid}%`],
    );
    for (const r of rows)
      await c.query(`drop database if exists "${r.datname}" with (force)`).catch(() => undefined);
    await c.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
