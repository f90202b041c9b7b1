import type { Config } from '../config/config.js';
import type { Db } from './db/database.js';
import type { Logger } from './logger.js';
import type { Clock } from './clock.js';
import type { Mailer } from './mail/mailer.js';
import type { TokenService } from './auth/tokens.js';
import type { EventBus } from './event-bus.js';

/** What every part of the server is built from: settings and the platform's services, made once by main.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenService;
  bus: EventBus;
}
