import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { createTestApp, unique } from '../../test/harness.js';
import { collect, hubClient, listen, makeNode, makeUser } from './live-test-helpers.js';

/** The Redis backplane, when a Redis server answers on 127.0.0.1:6379 (skipped otherwise). */
const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const s = net.connect(6379, '127.0.0.1');
  s.setTimeout(500);
  s.on('connect', () => (s.destroy(), resolve(true)));
  s.on('error', () => resolve(false));
  s.on('timeout', () => (s.destroy(), resolve(false)));
});

describe.skipIf(!redisAnswers)('live hub across instances through Redis', () => {
  it('delivers an occupancy change seen by instance A to a client connected to instance B', async () => {
    const env = { REDIS_URL, REDIS_CHANNEL: unique('footfall-test-hub') };
    const a = await createTestApp(env);
    const b = await createTestApp(env, { db: a.db });
    const baseB = await listen(b);
    const group = await makeNode(a, 'group', null);
    const loc = await makeNode(a, 'location', group);
    const user = await makeUser(b, ['User'], group);

    const c = hubClient(baseB, user.token);
    await c.start();
    const got = collect(c, 'NewOccupancy');
    await c.invoke('MeasurementsLiveFeed', [loc]);
    a.ctx.bus.emit('occupancyChanged', { nodeId: loc, occupancyId: 'o', value: 12, occurredOn: 't' });
    await expect.poll(() => got).toEqual([[loc, 12, 't', 'o']]);
  });
});
