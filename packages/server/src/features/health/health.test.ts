import { describe, expect, it, afterAll } from 'vitest';
import net from 'node:net';
import { createTestApp, createTestDatabase } from '../../test/harness.js';
import { createDb } from '../../platform/db/database.js';

/** A TCP relay to PostgreSQL that the test can cut and restore, as a database outage would. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => (client.destroy(), upstream.destroy());
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (server) server.close(() => resolve());
      else resolve();
    });
  await open();
  return { port, open, cut };
}

describe('GET /api/health', () => {
  it('answers 200 while the database answers, without a token', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 during a database outage and recovers by itself when it comes back', async () => {
    const { url } = await createTestDatabase();
    const target = new URL(url);
    const relay = await startRelay(target);
    const viaRelay = new URL(url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const { db } = createDb(viaRelay.toString(), { max: 2 });
    afterAll(() => db.destroy());
    const { app } = await createTestApp({}, { db });

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await relay.cut();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    await relay.open();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
