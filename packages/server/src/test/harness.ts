import { inject, afterAll } from 'vitest';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../platform/db/database.js';
import { loadConfig, type Config } from '../config/config.js';
import { createLogger } from '../platform/logger.js';
import { ManualClock } from '../platform/clock.js';
import { TokenService } from '../platform/auth/tokens.js';
import { createMailer } from '../platform/mail/mailer.js';
import { EventBus } from '../platform/event-bus.js';
import { buildApp, type App } from '../app.js';
import type { AppContext } from '../platform/context.js';

let counter = 0;

/** A fresh database cloned from the migrated template, dropped when the file's tests end. */
export async function createTestDatabase(): Promise<{ db: Db; url: string }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `footfall_t${process.pid}_${Date.now().toString(36)}_${counter++}_${template.split('_').pop()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = createDb(url.toString(), { max: 10 });
  afterAll(async () => {
    await db.destroy();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await c.end();
  });
  return { db, url: url.toString() };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  db: Db;
  clock: ManualClock;
  config: Config;
}

/** The real app on a fresh database, with a manual clock and the outbox mailer in a temp folder. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { db?: Db } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await createTestDatabase()).db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://footfall.example.com',
    LIVE_DEMO_GENERATOR: 'false',
    ...overrides,
  });
  const clock = new ManualClock(new Date());
  const ctx: AppContext = {
    config,
    db,
    log: createLogger('silent'),
    clock,
    mailer: createMailer({ from: config.MAIL_FROM, dataDir, smtpUrl: config.SMTP_URL }),
    tokens: new TokenService(randomBytes(32).toString('hex'), clock, config.ACCESS_TOKEN_MINUTES),
    bus: new EventBus(),
  };
  const app = await buildApp(ctx);
  await app.ready();
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ctx, db, clock, config };
}

/** A tiny random name, unique within a run. */
export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
