import { z } from 'zod';
import path from 'node:path';

/**
 * The only module of the server that reads process.env. Every setting is listed in the README.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = (def: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? def : v === '1' || v === 'true' || v === true),
    z.boolean(),
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  DEMO: bool(false),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PUBLIC_URL: z.string().url().default('http://localhost:5000'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Footfall <no-reply@footfall.local>'),
  WARNING_MESSAGE: optionalString,
  REDIS_URL: optionalString,
  /** Redis pub/sub channel of the hub backplane: deployments sharing one Redis use different ones */
  REDIS_CHANNEL: z.string().min(1).default('footfall:hub'),
  MQTT_URL: optionalString,
  MQTT_TOPIC: z.string().default('footfall/+/measurements'),
  /** MQTT topic filter of devices publishing their own format: `+` = client group id, vendor, device serial/MAC; empty = off */
  MQTT_DEVICE_TOPIC: z.string().default('footfall/+/+/+'),
  /**
   * Geocoder turning a location's address into coordinates (a Nominatim-compatible search endpoint);
   * empty = off, the time zone is then found from coordinates only (offline)
   */
  GEOCODER_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** OpenWeatherMap API key for the weather icons of dashboard widgets; empty = the option is hidden */
  OPENWEATHERMAP_API_KEY: optionalString,
  /** OpenWeatherMap base address (One Call API 3.0 lives under `<url>/data/3.0/onecall`) */
  OPENWEATHERMAP_URL: z.url({ protocol: /^https?$/ }).default('https://api.openweathermap.org'),
  /** how long a request waits for a database connection before answering 503 */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * longest SQL statement while serving (0 = none); a statement over it is cancelled and the request
   * answers 503. Start-up work (migrations, demo data) runs without it.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * days raw minute counts are kept (whole monthly partitions past it are dropped; 0 = forever).
   * Minute buckets asked beyond it are answered from the 15-minute rollups, flagged.
   */
  RAW_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 35 && v <= 36_600), '0 (keep forever) or 35 to 36600')
    .default(400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  LIVE_DEMO_GENERATOR: bool(true),
  /**
   * a PEM file of certificate authorities trusted, beside the system roots, by scheduled HTTPS import
   * pulls (a point-of-sale server signed by a private authority); TLS verification is never turned off
   */
  IMPORT_TRUSTED_CA_FILE: optionalString,
  /**
   * Whether alert webhooks may reach private, loopback and link-local addresses (on-premise receivers);
   * by default they must resolve to public addresses only (features/alerts/webhook-target.ts).
   */
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  /** days of trajectories kept (tracks are bulky): older day partitions of track_point are dropped */
  TRACK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Which reverse proxies to believe about the client address (X-Forwarded-For), for the per-IP sign-in
   * throttle and the logs: empty/`false` none, `true` any, a number of hops, or addresses/CIDRs.
   */
  TRUST_PROXY: z.preprocess(
    (v) => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
      return typeof v === 'string' ? v.split(',').map((a) => a.trim()) : v;
    },
    z.union([
      z.boolean(),
      z.number().int().min(1).max(10),
      z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])).min(1),
    ]),
  ),
});

export type RawConfig = z.infer<typeof schema>;

export interface Config extends RawConfig {
  dataDir: string;
  /** true when the server starts its own PostgreSQL */
  embeddedDatabase: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  return { ...raw, dataDir: path.resolve(raw.DATA_DIR), embeddedDatabase: !raw.DATABASE_URL };
}
