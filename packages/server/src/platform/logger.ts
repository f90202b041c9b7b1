import pino, { type Logger } from 'pino';

/** Structured logs; tokens, passwords and secrets are redacted wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.access_token',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (r: { method?: string; url?: string; ip?: string }) => ({
        method: r.method,
        url: scrubUrl(r.url ?? ''),
        remoteAddress: r.ip,
      }),
      res: (r: { statusCode?: number }) => ({ statusCode: r.statusCode }),
    },
  });
}

/** Request URLs may carry `access_token` (WebSockets): strip it before anything logs the URL. */
export function scrubUrl(url: string): string {
  return url.replace(/([?&](?:access_token|token)=)[^&]*/gi, '$1[redacted]');
}
export type { Logger };
