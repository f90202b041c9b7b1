/**
 * Errors meaning "the database cannot answer right now" (down, restarting, frozen, out of
 * connections), as opposed to a bug or bad input: the HTTP layer answers them 503 with Retry-After,
 * and the request can simply be tried again.
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE: class 08 connection exception, and these */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, in recovery
  '57014', // query_canceled: the statement timeout tripped
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool say these in words only */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection closed/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(e.code) || UNAVAILABLE_STATES.has(e.code) || UNAVAILABLE_ERRNOS.has(e.code))
      return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
