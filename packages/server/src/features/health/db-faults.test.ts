import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../platform/db/embedded-postgres.js';
import { createDb, ensureDatabase, migrate, type Db } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { authHeader, makeUser } from '../../test/factories.js';

/**
 * The database failing under a running server, on an embedded PostgreSQL of this file's own (the
 * shared test server must not be killed): its postmaster killed with -9, then frozen with SIGSTOP.
 * API calls answer 503 with Retry-After within a bound, never 500 nor hang, and the API recovers by
 * itself: the server restarts a dead embedded PostgreSQL, and a frozen one answers again when resumed.
 */
const CONNECTION_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1500;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-db-faults-'));
const logLines: string[] = [];
const log = createLogger(
  'info',
  new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
let embedded: EmbeddedDatabase;
let db: Db;
let t: TestApp;
let auth: { authorization: string };
/** processes stopped by a test, resumed whatever happens */
const frozen = new Set<number>();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });

const postmasterPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** the postmaster and every server process it started (backends, checkpointer, ...) */
const serverPids = (pid: number): number[] => {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...children];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(url: string) {
  const start = Date.now();
  const res = await t.app.inject({ url, headers: auth });
  return { res, ms: Date.now() - start };
}

/** calls the API until it answers 200, at most `ms` */
async function until200(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { res } = await timed('/api/User/Current');
    if (res.statusCode === 200) return res;
    expect(res.statusCode).toBe(503);
    await sleep(250);
  }
  throw new Error(`the API did not recover within ${ms} ms`);
}

beforeAll(async () => {
  // durable settings (not the tests' ephemeral ones): a crash must not lose committed rows
  embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), log });
  const url = new URL(embedded.url);
  url.pathname = '/footfall';
  await ensureDatabase(url.toString());
  const created = createDb(url.toString(), {
    max: 4,
    connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  db = created.db;
  await migrate(db);
  created.limitStatements();
  t = await createTestApp({}, { db });
  const user = await makeUser(db, { username: 'fault-watcher', roles: ['superAdmin'] });
  auth = await authHeader(t.ctx, user);
}, 120_000);

afterAll(async () => {
  for (const pid of frozen) process.kill(pid, 'SIGCONT');
  const bounded = (p: Promise<unknown> | undefined) => Promise.race([p, sleep(20_000)]);
  await bounded(db?.destroy());
  await bounded(embedded?.stop());
  // whatever happened above, no PostgreSQL of this file is left running
  try {
    process.kill(postmasterPid(), 'SIGKILL');
  } catch {
    // stopped already
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('database faults', () => {
  it('a killed postmaster: 503 with Retry-After at once, then restarted by the server and answering', async () => {
    expect((await timed('/api/User/Current')).res.statusCode).toBe(200);
    const before = postmasterPid();
    process.kill(before, 'SIGKILL');
    const killedAt = Date.now();
    let firstUnavailableMs = 0;

    // a backend that has not yet noticed its postmaster's death may still answer one call: every answer
    // is 200 or 503, each within the bound, and a 503 comes within seconds
    const end = Date.now() + 10_000;
    let unavailable = null;
    while (!unavailable && Date.now() < end) {
      const { res, ms } = await timed('/api/User/Current');
      expect([200, 503]).toContain(res.statusCode);
      expect(ms).toBeLessThan(CONNECTION_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 2000);
      if (res.statusCode === 503) {
        unavailable = res;
        firstUnavailableMs = Date.now() - killedAt;
      }
    }
    expect(unavailable).not.toBeNull();
    expect(unavailable!.headers['retry-after']).toBe('5');
    expect(unavailable!.json()).toMatchObject({ error: 'database_unavailable', statusCode: 503 });

    // nobody restarts it but the server itself
    const back = await until200(30_000);
    // the figures the issue asks for, printed with the run
    console.info(
      `killed postmaster: first 503 after ${firstUnavailableMs} ms, API answering again after ${Date.now() - killedAt} ms`,
    );
    expect(back.json()).toMatchObject({ username: 'fault-watcher' });
    expect(postmasterPid()).not.toBe(before);
    const logged = logLines.join('');
    expect(logged).toContain('embedded PostgreSQL stopped unexpectedly: restarting it');
    expect(logged).toContain('embedded PostgreSQL restarted');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);

  it('a frozen server (SIGSTOP): 503 with Retry-After within the timeouts, then answering once resumed', async () => {
    expect((await timed('/api/User/Current')).res.statusCode).toBe(200);
    const pids = serverPids(postmasterPid());
    for (const pid of pids) {
      process.kill(pid, 'SIGSTOP');
      frozen.add(pid);
    }
    try {
      // a pooled connection's statement and a new connection both give up within their timeouts
      for (let i = 0; i < 3; i++) {
        const { res, ms } = await timed('/api/User/Current');
        console.info(`frozen server: call ${i + 1} answered ${res.statusCode} after ${ms} ms`);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(CONNECTION_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 2000);
      }
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
    } finally {
      for (const pid of pids) {
        process.kill(pid, 'SIGCONT');
        frozen.delete(pid);
      }
    }
    const resumedAt = Date.now();
    await until200(15_000);
    console.info(`frozen server resumed: API answering again after ${Date.now() - resumedAt} ms`);
  }, 60_000);
});
