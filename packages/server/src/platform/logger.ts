import pino, { type DestinationStream, type Logger } from 'pino';
import { LIVE_VIEW_SHARE_PREFIX } from '@footfall/domain';

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

/** `destination`: where the lines go (stdout by default; tests capture them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Secrets a URL may carry, removed before anything logs it: `access_token`/`token` query parameters
 * (WebSockets, recovery links) and tokens in the path - the segment after `/public/` (share links of
 * the API and of the web app, `/api/LiveView/public/<token>`, `/liveview/public/<token>`) and any
 * segment with the prefix of a share token (`LIVE_VIEW_SHARE_PREFIX`, `lvs_`), wherever a route puts it.
 */
const SECRET_QUERY = /([?&](?:access_token|token)=)[^&#]*/gi;
const SECRET_AFTER_PUBLIC = /(\/public\/)[^/?#]+/gi;
const SECRET_PREFIXED_SEGMENT = new RegExp(`(/)${LIVE_VIEW_SHARE_PREFIX}[^/?#&]*`, 'g');
/** a device's push URL, `/api/ingest/k/<key>/<vendor>`: the key is the credential */
const SECRET_PUSH_KEY = /(\/ingest\/k\/)[^/?#]+/gi;

export function scrubUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(SECRET_AFTER_PUBLIC, '$1[redacted]')
    .replace(SECRET_PREFIXED_SEGMENT, '$1[redacted]')
    .replace(SECRET_PUSH_KEY, '$1[redacted]');
}
export type { Logger };
