import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../server/src/platform/db/embedded-postgres.js';
import { createLogger } from '../../../server/src/platform/logger.js';

/**
 * What every bench module gets, and small shared helpers. A bench module is a script, not a test:
 * it prints figures (tables) and throws only when its answers are wrong.
 */
export interface BenchOptions {
  /** dataset size factor (1 = the documented default) */
  scale: number;
  /** timed repetitions per measured query */
  runs: number;
  /** raw command-line flags, for module-specific options */
  flags: Map<string, string>;
}

export interface BenchModule {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<void>;
}

/** The embedded cluster's port: BENCH_PG_PORT, else 15600 (one bench at a time per port). */
const benchPgPort = () => Number(process.env.BENCH_PG_PORT ?? 15600);

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh database: in the server named by BENCH_DATABASE_URL (a new database each run, dropped at
 * the end unless kept), else in a throw-away embedded PostgreSQL (fsync off, like the test cluster).
 */
export async function freshDatabase(name: string, opts: { keep?: boolean } = {}): Promise<BenchDatabase> {
  const log = createLogger('warn');
  const given = process.env.BENCH_DATABASE_URL;
  let adminUrl: string;
  let stopServer = async () => {};
  if (given) {
    adminUrl = given;
  } else {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `footfall-bench-${name}-`));
    const server = await startEmbeddedPostgres({ dataDir, port: benchPgPort(), log, ephemeral: true });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const dbName = `footfall_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async stop() {
      if (opts.keep) {
        console.log(`  kept database ${dbName} (--keep)`);
        return;
      }
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
      await c.end();
      await stopServer();
    },
  };
}

/**
 * A database kept between runs (`--data-dir <dir>`): an embedded cluster under `dir` (same fast
 * settings as the throw-away one, data kept on stop), or the server of BENCH_DATABASE_URL, with a
 * database of a fixed name. `existed` tells whether an earlier run left it there.
 */
export async function keptDatabase(
  name: string,
  dataDir: string,
): Promise<BenchDatabase & { existed: boolean }> {
  const log = createLogger('warn');
  const given = process.env.BENCH_DATABASE_URL;
  let adminUrl: string;
  let stopServer = async () => {};
  if (given) {
    adminUrl = given;
  } else {
    await fs.mkdir(dataDir, { recursive: true });
    const server = await startEmbeddedPostgres({
      dataDir: path.resolve(dataDir),
      port: benchPgPort(),
      log,
      ephemeral: true,
      keepData: true,
    });
    adminUrl = server.url;
    stopServer = () => server.stop();
  }
  const dbName = `footfall_bench_${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  const existed = (found.rowCount ?? 0) > 0;
  if (!existed) await admin.query(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return { url: url.toString(), existed, stop: stopServer };
}

/** Drops a kept database (its dataset is regenerated). */
export async function dropKeptDatabase(db: BenchDatabase): Promise<void> {
  const url = new URL(db.url);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.query(`create database "${name}"`);
  await c.end();
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Milliseconds of each of `runs` calls after `warmup` untimed ones. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function step(label: string) {
  const t0 = performance.now();
  process.stdout.write(`  ${label} ... `);
  return () => console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
