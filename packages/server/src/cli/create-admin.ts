import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../platform/logger.js';
import { openDatabase } from '../platform/db/connect.js';
import type { Db } from '../platform/db/database.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { EventBus } from '../platform/event-bus.js';
import { AppError } from '../platform/http/errors.js';
import { createUsersService } from '../features/users/users.service.js';
import { createEventLogService } from '../features/event-log/event-log.service.js';
import { createScopeService } from '../features/tree/scope.service.js';
import { PasswordRuleError } from '../platform/http/password-rule.error.js';

const USAGE =
  'usage: npm run create-admin -- --username <name> --email <address> --password <password> ' +
  '[--first-name <text>] [--last-name <text>] [--language en|fr|es]';

export interface CreateAdminArgs {
  username: string;
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  language?: string | undefined;
}

export function parseCreateAdminArgs(argv: string[]): CreateAdminArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string' },
    },
    strict: true,
  });
  if (!values.username || !values.email || !values.password) throw new Error(USAGE);
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    language: values.language,
  };
}

/** Creates a superAdmin with no scope (the whole tree); the password rule applies. */
export async function createAdmin(db: Db, args: CreateAdminArgs, clock: Clock = systemClock) {
  const users = createUsersService({
    db,
    clock,
    bus: new EventBus(),
    eventLog: createEventLogService(db, clock),
    scope: createScopeService(db),
  });
  return users.createAsSystem({
    username: args.username.trim(),
    email: args.email.trim(),
    password: args.password,
    firstName: args.firstName ?? 'Super',
    lastName: args.lastName ?? 'Admin',
    language: args.language ?? 'en',
    roles: ['superAdmin'],
    scopeNodeId: null,
  });
}

async function main() {
  let args: CreateAdminArgs;
  try {
    args = parseCreateAdminArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message.startsWith('usage') ? USAGE : `${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  let code = 0;
  try {
    const { id } = await createAdmin(database.db, args);
    console.log(`superAdmin ${args.username} created (id ${id})`);
  } catch (e) {
    if (e instanceof PasswordRuleError) {
      console.error(
        `The password does not follow the rule: at least 12 characters and 3 of upper, lower, digit, special (missing: ${e.missing.join(', ')})`,
      );
    } else if (e instanceof AppError) {
      console.error(e.message);
    } else {
      console.error(e);
    }
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
