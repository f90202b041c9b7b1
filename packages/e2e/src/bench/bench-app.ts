import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../../../server/src/app.js';
import type { AppContext } from '../../../server/src/platform/context.js';
import { loadConfig } from '../../../server/src/config/config.js';
import { createDb, migrate, type Db } from '../../../server/src/platform/db/database.js';
import { createLogger } from '../../../server/src/platform/logger.js';
import { ManualClock } from '../../../server/src/platform/clock.js';
import { TokenService } from '../../../server/src/platform/auth/tokens.js';
import { createMailer } from '../../../server/src/platform/mail/mailer.js';
import { EventBus } from '../../../server/src/platform/event-bus.js';

export interface BenchApp {
  db: Db;
  ctx: AppContext;
  clock: ManualClock;
  /** migrates the database and builds the server app (not listening) */
  start(): Promise<App>;
  /** closes the app (when started) and the pool */
  close(): Promise<void>;
}

/**
 * The server app of a bench, in process, on a bench database: the same context the server builds
 * (config, pool of 10, manual clock, outbox mailer, tokens, event bus), shared by the bench modules.
 */
export function benchApp(databaseUrl: string, now: Date = new Date()): BenchApp {
  const { db } = createDb(databaseUrl, { max: 10 });
  const clock = new ManualClock(now);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: '/tmp/footfall-bench',
    DATABASE_URL: databaseUrl,
  });
  const ctx: AppContext = {
    config,
    db,
    log: createLogger('warn'),
    clock,
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir }),
    tokens: new TokenService(randomBytes(32).toString('hex'), clock, 24 * 60),
    bus: new EventBus(),
  };
  let app: App | null = null;
  return {
    db,
    ctx,
    clock,
    async start() {
      await migrate(db);
      app = await buildApp(ctx);
      await app.ready();
      return app;
    },
    async close() {
      await app?.close();
      await db.destroy();
    },
  };
}
