import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HubConnectionBuilder,
  HubConnectionState,
  HttpTransportType,
  LogLevel,
  type HubConnection as ClientConnection,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import { HubError, HubServer, type HubIdentity, type HubServerOptions } from './hub-server.js';
import { ManualClock } from '../clock.js';
import { createLogger } from '../logger.js';
import { RECORD_SEPARATOR } from './protocol.js';

/**
 * The hub server on a bare HTTP server, driven by the official @microsoft/signalr client: the
 * protocol itself (negotiate, handshake, invocations, completions, ping, close). Authentication is
 * a table of tokens here; the real one is tested with the live feature.
 */
const clock = new ManualClock(new Date('2025-03-01T12:00:00Z'));
const identities: Record<string, HubIdentity> = {
  good: { subject: 'u1', expiresAt: null, data: { name: 'one' } },
  expiring: { subject: 'u2', expiresAt: clock.now().getTime() + 60_000, data: { name: 'two' } },
};
let revoked = new Set<string>();

interface Running {
  hub: HubServer;
  url: string;
  port: number;
  stop(): Promise<void>;
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  revoked = new Set();
});

async function startHub(overrides: Partial<HubServerOptions> = {}, port = 0): Promise<Running> {
  const hub = new HubServer({
    path: '/signalr',
    log: createLogger('silent'),
    clock,
    allowedOriginHosts: ['screens.example.com'],
    authenticator: {
      authenticate: async (token) => identities[token] ?? null,
      revalidate: async (identity) => (revoked.has(identity.subject) ? null : identity),
    },
    methods: {
      Echo: (_c, args) => args[0],
      Fail: () => {
        throw new HubError('refused for a reason');
      },
      Crash: () => {
        throw new Error('internal detail that must not leak');
      },
      Join: (c, args) => {
        hub.join(c, String(args[0]));
      },
      Broadcast: (_c, args) => {
        hub.sendToGroup(String(args[0]), 'Message', [args[1]]);
      },
    },
    ...overrides,
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/signalr/negotiate') {
      void hub.negotiate(req, url.searchParams).then((a) => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body));
      });
      return;
    }
    res.writeHead(404).end();
  });
  hub.attach(server);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const actual = (server.address() as AddressInfo).port;
  const stop = async () => {
    await hub.close();
    await new Promise<void>((r) => server.close(() => r()));
  };
  cleanups.push(stop);
  return { hub, port: actual, url: `http://127.0.0.1:${actual}/signalr`, stop };
}

function client(url: string, token: string | null, opts: { reconnect?: number[] } = {}) {
  let b = new HubConnectionBuilder()
    .withUrl(url, token === null ? {} : { accessTokenFactory: () => token })
    .configureLogging(LogLevel.None);
  if (opts.reconnect) b = b.withAutomaticReconnect(opts.reconnect);
  const c = b.build();
  cleanups.push(() => c.stop());
  return c;
}

const closed = (c: ClientConnection) => new Promise<Error | undefined>((r) => c.onclose((e) => r(e)));

describe('hub server with the official SignalR client', () => {
  it('negotiates, handshakes and answers invocations with completions', async () => {
    const { url, hub } = await startHub();
    const c = client(url, 'good');
    await c.start();
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(c.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hub.connectionCount).toBe(1);
    expect(await c.invoke('Echo', { a: [1, 2] })).toEqual({ a: [1, 2] });
    // method names are case-insensitive, as in ASP.NET Core
    expect(await c.invoke('echo', 'x')).toBe('x');
    await expect(c.invoke('Fail')).rejects.toThrow('refused for a reason');
    await expect(c.invoke('Crash')).rejects.toThrow(/unexpected error occurred invoking 'Crash'/);
    await expect(c.invoke('Nope')).rejects.toThrow(/Unknown hub method 'Nope'/);
    // still connected after errors
    expect(await c.invoke('Echo', 3)).toBe(3);
  });

  it('delivers group messages to members only, including sends without invocation id', async () => {
    const { url } = await startHub();
    const a = client(url, 'good');
    const b = client(url, 'good');
    await Promise.all([a.start(), b.start()]);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.on('Message', (m) => gotA.push(m));
    b.on('Message', (m) => gotB.push(m));
    await a.invoke('Join', 'g1');
    await b.send('Broadcast', 'g1', 'hello'); // fire-and-forget: no invocationId
    await expect.poll(() => gotA).toEqual(['hello']);
    expect(gotB).toEqual([]);
  });

  it('frames group messages of every length class (7-bit, 16-bit and 64-bit lengths)', async () => {
    const { url, port } = await startHub({ limits: { maxMessageBytes: 256 * 1024 } });
    const a = client(url, 'good');
    await a.start();
    const got: unknown[] = [];
    a.on('Message', (m) => got.push(m));
    await a.invoke('Join', 'g');
    // a raw socket too: it sees the frames exactly as written, one message per frame
    const raw = new WebSocket(`ws://127.0.0.1:${port}/signalr?access_token=good`);
    await new Promise((r) => raw.on('open', r));
    const frames: string[] = [];
    raw.on('message', (d, isBinary) => frames.push(`${isBinary ? 'binary' : 'text'}:${d.toString()}`));
    raw.send(JSON.stringify({ protocol: 'json', version: 1 }) + RECORD_SEPARATOR);
    raw.send(
      JSON.stringify({ type: 1, invocationId: '1', target: 'Join', arguments: ['g'] }) + RECORD_SEPARATOR,
    );
    await expect.poll(() => frames.length).toBe(2);
    const texts = ['é', 'x'.repeat(300), 'y'.repeat(70_000)];
    for (const t of texts) await a.invoke('Broadcast', 'g', t);
    await expect.poll(() => got.length).toBe(3);
    expect(got).toEqual(texts);
    await expect.poll(() => frames.length).toBe(5);
    expect(frames.slice(2)).toEqual(
      texts.map(
        (t) => `text:${JSON.stringify({ type: 1, target: 'Message', arguments: [t] })}${RECORD_SEPARATOR}`,
      ),
    );
    raw.close();
  });

  it('sends a large group in chunks, in order, skipping members that left before their turn', async () => {
    const { url, hub } = await startHub({ limits: { fanOutChunk: 1 } });
    const [a, b, c] = [client(url, 'good'), client(url, 'good'), client(url, 'good')];
    const got = new Map<ClientConnection, unknown[]>([
      [a, []],
      [b, []],
      [c, []],
    ]);
    for (const x of [a, b, c]) {
      await x.start();
      x.on('Message', (m) => got.get(x)!.push(m));
      await x.invoke('Join', 'g');
    }
    const serverSideOfC = [...hub.connections()].find((s) => s.connectionId === c.connectionId)!;
    // one member per turn: only a's first message is written now, the rest waits for later turns
    for (let i = 0; i < 4; i++) expect(hub.sendToGroup('g', 'Message', [i])).toBe(3);
    hub.leave(serverSideOfC, 'g');
    await expect
      .poll(() => [got.get(a), got.get(b)])
      .toEqual([
        [0, 1, 2, 3],
        [0, 1, 2, 3],
      ]);
    expect(await c.invoke('Echo', 'still connected')).toBe('still connected');
    expect(got.get(c)).toEqual([]);
  });

  it('refuses negotiate and upgrade without a valid token (401)', async () => {
    const { url, port } = await startHub();
    await expect(client(url, null).start()).rejects.toThrow(/401/);
    await expect(client(url, 'forged').start()).rejects.toThrow(/401/);
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/signalr?access_token=forged`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it('accepts the token in the access_token query (browsers) and refuses foreign origins', async () => {
    const { port } = await startHub();
    const open = (origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/signalr?access_token=good`, {
          headers: origin ? { origin } : {},
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => (ws.close(), resolve(101)));
        ws.on('error', () => undefined);
      });
    expect(await open()).toBe(101);
    expect(await open(`http://127.0.0.1:${port}`)).toBe(101);
    expect(await open('https://screens.example.com')).toBe(101);
    expect(await open('https://evil.example.net')).toBe(403);
    const res = await fetch(`http://127.0.0.1:${port}/signalr/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', origin: 'https://evil.example.net' },
    });
    expect(res.status).toBe(403);
  });

  it('answers a bad handshake with an error and closes', async () => {
    const { port } = await startHub();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/signalr?access_token=good`);
    await new Promise((r) => ws.on('open', r));
    const got: string[] = [];
    ws.on('message', (d) => got.push(d.toString()));
    ws.send(JSON.stringify({ protocol: 'messagepack', version: 1 }) + RECORD_SEPARATOR);
    await new Promise((r) => ws.on('close', r));
    expect(got.join('')).toContain("The protocol 'messagepack' is not supported.");
  });

  it('closes the connection with an error on an oversized message', async () => {
    const { url, hub } = await startHub({ limits: { maxMessageBytes: 1024 } });
    const c = client(url, 'good');
    await c.start();
    const whenClosed = closed(c);
    c.send('Echo', 'x'.repeat(2000)).catch(() => undefined);
    const err = await whenClosed;
    expect(err?.message).toMatch(/Message too large/);
    await expect.poll(() => hub.connectionCount).toBe(0);
  });

  it('closes a connection that sends too many messages', async () => {
    const { url } = await startHub({ limits: { messagesPerSecond: 5, messageBurst: 5 } });
    const c = client(url, 'good');
    await c.start();
    const whenClosed = closed(c);
    for (let i = 0; i < 20; i++) c.send('Echo', i).catch(() => undefined);
    expect((await whenClosed)?.message).toMatch(/Too many messages/);
  });

  it('sends pings as keep-alive', async () => {
    const { port } = await startHub({ limits: { keepAliveMs: 200, sweepMs: 50 } });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/signalr?access_token=good`);
    await new Promise((r) => ws.on('open', r));
    const got: string[] = [];
    ws.on('message', (d) => got.push(d.toString()));
    ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RECORD_SEPARATOR);
    await expect.poll(() => got.join(''), { timeout: 2000 }).toContain('{"type":6}');
    expect(got[0]).toBe('{}' + RECORD_SEPARATOR);
    ws.close();
  });

  it('closes when the token expires, allowing the client to reconnect with a fresh one', async () => {
    const { url } = await startHub({ limits: { sweepMs: 50 } });
    const c = client(url, 'expiring');
    await c.start();
    const whenClosed = closed(c);
    clock.advance(61_000);
    expect((await whenClosed)?.message).toMatch(/access token has expired/);
    clock.advance(-61_000);
  });

  it('closes connections of a subject whose access was revoked', async () => {
    const { url, hub } = await startHub();
    const c = client(url, 'good');
    await c.start();
    const whenClosed = closed(c);
    revoked.add('u1');
    await hub.revalidateSubject('u1');
    expect((await whenClosed)?.message).toMatch(/Access revoked/);
  });

  it('lets an automatically reconnecting client come back after a server restart', async () => {
    const first = await startHub();
    const c = client(first.url, 'good', { reconnect: [0, 200, 500, 1000, 1000, 1000] });
    await c.start();
    const reconnected = new Promise<string | undefined>((r) => c.onreconnected((id) => r(id)));
    const reconnecting = new Promise<void>((r) => c.onreconnecting(() => r()));
    await first.stop();
    await reconnecting;
    expect(c.state).toBe(HubConnectionState.Reconnecting);
    const second = await startHub({}, first.port);
    expect(await reconnected).toBeTruthy();
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke('Echo', 'again')).toBe('again');
    expect(second.hub.connectionCount).toBe(1);
  });

  it('works with skipNegotiation (direct WebSocket)', async () => {
    const { url } = await startHub();
    const c = new HubConnectionBuilder()
      .withUrl(url, {
        accessTokenFactory: () => 'good',
        skipNegotiation: true,
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    cleanups.push(() => c.stop());
    await c.start();
    expect(await c.invoke('Echo', 1)).toBe(1);
  });
});
