import { afterAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { HubConnectionState } from '@microsoft/signalr';
import { createTestDatabase, unique } from '../../test/harness.js';
import { systemClock } from '../../platform/clock.js';
import { TokenService } from '../../platform/auth/tokens.js';
import { makeNode, makeUser } from '../../test/factories.js';
import { collect, hubClient } from './live-test-helpers.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Real server processes: two instances sharing a database and a Redis channel (a count ingested on
 * A reaches a screen connected to B), and a client that reconnects after its server restarts.
 */
const redisAnswers = await new Promise<boolean>((resolve) => {
  const s = net.connect(6379, '127.0.0.1');
  s.setTimeout(500);
  s.on('connect', () => (s.destroy(), resolve(true)));
  s.on('error', () => resolve(false));
  s.on('timeout', () => (s.destroy(), resolve(false)));
});

const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

async function setup() {
  const { db, url } = await createTestDatabase();
  const secret = randomBytes(32).toString('hex');
  const tokens = new TokenService(secret, systemClock, 60);
  const group = await makeNode(db, { type: 'group' });
  const loc = await makeNode(db, { type: 'location', parentId: group.id });
  const device = await makeNode(db, { type: 'device', parentId: loc.id });
  const admin = await makeUser(db, { roles: ['admin'], scopeNodeId: group.id });
  const { token } = await tokens.signAccess({ sub: admin.id, ver: 0, name: admin.username });
  return { db, url, secret, token, group, loc, device };
}

const json = async <T = Record<string, unknown>>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

describe.skipIf(!redisAnswers)('two server processes with the Redis backplane', () => {
  it('delivers what instance A ingests and changes to a client connected to instance B', async () => {
    const s = await setup();
    const env = {
      DATABASE_URL: s.url,
      JWT_SECRET: s.secret,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_CHANNEL: unique('footfall-test'),
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    running.push(a, b);
    const auth = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };

    const { timeSeriesId } = await json<{ timeSeriesId: string }>(
      await fetch(`${a.url}/api/TimeSeries`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ nodeId: s.device.id, measurementProtocol: 'TrafficIn' }),
      }),
    );

    const c = hubClient(b.url, s.token);
    await c.start();
    const feed = collect(c, 'MeasurementsLiveFeed');
    const settings = collect(c, 'NewLiveViewSettings');
    const occupancy = collect(c, 'NewOccupancy');
    await c.invoke('MeasurementsLiveFeed', [s.loc.id]);
    await expect.poll(() => feed.length).toBe(1); // the current values, sent by B itself

    await json(
      await fetch(`${a.url}/api/ingest/measurements`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          // now: the location's occupancy counts from today's local midnight
          measurements: [{ timeSeriesId, occurredOn: new Date().toISOString(), value: 4 }],
        }),
      }),
    );
    // the occupancy engine of A counted the door: B's client hears the new occupancy
    await expect.poll(() => occupancy.map((a) => [a[0], a[1]]), { timeout: 5000 }).toEqual([[s.loc.id, 4]]);
    await expect.poll(() => feed.length, { timeout: 5000 }).toBe(2);
    const pushed = feed[1]![0] as { nodeId: string; items: { id: string; value: number }[] };
    expect(pushed.nodeId).toBe(s.loc.id);
    expect(pushed.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: timeSeriesId, value: 4 })]),
    );

    const view = await json<{ id: string; occupancyId: string }>(
      await fetch(`${a.url}/api/LiveView`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Door', nodeId: s.loc.id, warningThreshold: 3, alertThreshold: 6 }),
      }),
    );
    expect(view.occupancyId).toBeTruthy();
    await expect.poll(() => settings, { timeout: 5000 }).toEqual([[view.occupancyId, 3, 6, view.id]]);
  });
});

describe('a server restart', () => {
  it('is survived by a client with automatic reconnect, which subscribes again', async () => {
    const s = await setup();
    const env = { DATABASE_URL: s.url, JWT_SECRET: s.secret };
    const first = await startServerProcess(env);
    running.push(first);
    const c = hubClient(first.url, s.token, [0, 500, 1000, 2000, 2000, 2000, 2000, 2000, 2000, 2000]);
    c.onreconnected(() => void c.invoke('MeasurementsLiveFeed', [s.loc.id]));
    const feed = collect(c, 'MeasurementsLiveFeed');
    await c.start();
    await c.invoke('MeasurementsLiveFeed', [s.loc.id]);
    await expect.poll(() => feed.length).toBe(1);
    const reconnected = new Promise<void>((r) => c.onreconnected(() => r()));
    await first.stop();
    await expect.poll(() => c.state).toBe(HubConnectionState.Reconnecting);
    const second = await startServerProcess(env, first.port);
    running.push(second);
    await reconnected;
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke('Hello')).toMatchObject({ acknowledged: true });
    // the new server knows the subscription again: it sent the current values
    await expect.poll(() => feed.length).toBe(2);
  }, 120_000);
});
