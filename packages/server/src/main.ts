import { loadConfig } from './config/config.js';
import { createLogger } from './platform/logger.js';
import { openDatabase } from './platform/db/connect.js';
import { resolveSecret } from './platform/auth/secret.js';
import { TokenService } from './platform/auth/tokens.js';
import { createMailer } from './platform/mail/mailer.js';
import { systemClock } from './platform/clock.js';
import { EventBus } from './platform/event-bus.js';
import { buildApp } from './app.js';
import type { AppContext } from './platform/context.js';
import { runStartupTasks } from './startup.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const log = createLogger(config.LOG_LEVEL);
  let secret: string;
  try {
    secret = resolveSecret(config.JWT_SECRET, config.dataDir);
  } catch (e) {
    log.fatal((e as Error).message);
    process.exit(2);
  }
  const database = await openDatabase(config, log);
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir }),
    tokens: new TokenService(secret, systemClock, config.ACCESS_TOKEN_MINUTES),
    bus: new EventBus(),
  };
  const app = await buildApp(ctx);
  const startup = await runStartupTasks(app, ctx);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await startup.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await database.close().catch((e) => log.error({ err: e }, 'database stop failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  const lines = [``, `  Footfall is running at ${url}`, `  API documentation: ${url}/api/docs`];
  if (startup.demoAccounts.length > 0) {
    lines.push(`  Demo accounts (password ${startup.demoPassword}):`);
    for (const a of startup.demoAccounts) lines.push(`    ${a.username.padEnd(15)} ${a.description}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
