import { afterAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../../config/config.js';
import { createTestDatabase, unique } from '../../test/harness.js';
import { makeNode, makeUser } from '../../test/factories.js';
import { collect, hubClient } from './live-test-helpers.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Two instances of the server (two processes from the sources) on one PostgreSQL and the machine's
 * Redis (`REDIS_URL`, default redis://127.0.0.1:6379, which CI runs), as behind a load balancer: a
 * count ingested through A reaches an official SignalR client connected to B, an operator's adjustment
 * on B reaches a screen on A, the jobs both schedulers evaluate run exactly once, and a user signed in
 * on A refreshes the token on B. Skipped, saying so, only when no Redis answers.
 */
const redisUrl = new URL(loadConfig().REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisAnswers = await new Promise<boolean>((resolve) => {
  const s = net.connect(Number(redisUrl.port || 6379), redisUrl.hostname);
  s.setTimeout(1000);
  s.on('connect', () => (s.destroy(), resolve(true)));
  s.on('error', () => resolve(false));
  s.on('timeout', () => (s.destroy(), resolve(false)));
});
if (!redisAnswers)
  console.warn(
    `two-instances.test.ts skipped: no Redis answers at ${redisUrl.host} (set REDIS_URL or start redis-server)`,
  );

const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

const json = async <T = Record<string, unknown>>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

describe.skipIf(!redisAnswers)('two instances on one PostgreSQL and Redis', () => {
  it('share live updates, run each job once and honour each other’s tokens', async () => {
    const { db, url } = await createTestDatabase();
    const group = await makeNode(db, { type: 'group' });
    const loc = await makeNode(db, { type: 'location', parentId: group.id });
    const device = await makeNode(db, { type: 'device', parentId: loc.id });
    const admin = await makeUser(db, { roles: ['admin'], scopeNodeId: group.id });
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: redisUrl.toString(),
      REDIS_CHANNEL: unique('footfall-test'),
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    running.push(a, b);

    // signed in on A, refreshed on B; B's new token works on A
    const signIn = await json<{ token: string; refreshToken: string }>(
      await fetch(`${a.url}/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: admin.username, password: admin.password }),
      }),
    );
    const refreshed = await json<{ token: string; refreshToken: string }>(
      await fetch(`${b.url}/authentication/refreshToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: signIn.refreshToken }),
      }),
    );
    expect(refreshed.refreshToken).not.toBe(signIn.refreshToken);
    const token = refreshed.token;
    const me = await json<{ username: string }>(
      await fetch(`${a.url}/api/User/Current`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(me.username).toBe(admin.username);
    // the used refresh token is spent on both instances
    const reuse = await fetch(`${a.url}/authentication/refreshToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: signIn.refreshToken }),
    });
    expect(reuse.status).toBe(401);
    // reuse revokes the family: sign in again for the rest
    const session = await json<{ token: string }>(
      await fetch(`${b.url}/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: admin.username, password: admin.password }),
      }),
    );
    const auth = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };

    // a count ingested through A reaches a client connected to B
    const { timeSeriesId } = await json<{ timeSeriesId: string }>(
      await fetch(`${a.url}/api/TimeSeries`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ nodeId: device.id, measurementProtocol: 'TrafficIn' }),
      }),
    );
    const onB = hubClient(b.url, session.token);
    const onA = hubClient(a.url, session.token);
    await Promise.all([onB.start(), onA.start()]);
    const feedB = collect(onB, 'MeasurementsLiveFeed');
    const occupancyB = collect(onB, 'NewOccupancy');
    const occupancyA = collect(onA, 'NewOccupancy');
    await onB.invoke('MeasurementsLiveFeed', [loc.id]);
    await onA.invoke('MeasurementsLiveFeed', [loc.id]);
    await expect.poll(() => feedB.length).toBe(1);
    await json(
      await fetch(`${a.url}/api/ingest/measurements`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          measurements: [{ timeSeriesId, occurredOn: new Date().toISOString(), value: 4 }],
        }),
      }),
    );
    await expect.poll(() => feedB.length, { timeout: 5000 }).toBe(2);
    const pushed = feedB[1]![0] as { nodeId: string; items: { id: string; value: number }[] };
    expect(pushed.nodeId).toBe(loc.id);
    expect(pushed.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: timeSeriesId, value: 4 })]),
    );
    await expect.poll(() => occupancyB.map((m) => [m[0], m[1]]), { timeout: 5000 }).toEqual([[loc.id, 4]]);

    // an operator's adjustment on B shows on the screen connected to A
    const view = await json<{ id: string }>(
      await fetch(`${a.url}/api/LiveView`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Door', nodeId: loc.id, warningThreshold: 3, alertThreshold: 6 }),
      }),
    );
    await json(
      await fetch(`${b.url}/api/LiveView/${view.id}/adjustment`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ delta: 1 }),
      }),
    );
    await expect
      .poll(() => occupancyA.map((m) => [m[0], m[1]]), { timeout: 5000 })
      .toContainEqual([loc.id, 5]);
    await Promise.all([onA.stop(), onB.stop()]);

    // each job occurrence both schedulers saw ran once: one row each, first attempt, finished
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`
              select count(*)::int as n from job_run where job = 'timeseries.refresh-stale'`.execute(db)
          ).rows[0]!.n,
        { timeout: 40_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(2);
    const { rows: runs } = await sql<{
      job: string;
      run_key: string;
      attempt: number;
      status: string;
      instance: string;
    }>`
      select job, run_key, attempt, status, instance from job_run where status <> 'running' order by job, run_key`.execute(
      db,
    );
    expect(runs.length).toBeGreaterThanOrEqual(4);
    for (const run of runs) {
      expect(run.attempt, `${run.job} ${run.run_key}`).toBe(1);
      expect(run.status, `${run.job} ${run.run_key}`).toBe('succeeded');
      // run by one of the two instances (`host:pid:random`)
      expect([a.pid, b.pid]).toContain(Number(run.instance.split(':')[1]));
    }
    await db.destroy();
  }, 180_000);
});
