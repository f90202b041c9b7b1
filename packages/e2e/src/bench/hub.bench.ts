import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { TokenService } from '../../../server/src/platform/auth/tokens.js';
import { systemClock } from '../../../server/src/platform/clock.js';
import { startServerProcess, type ServerProcess } from '../../../server/src/features/live/server-process.js';
import { freshDatabase, ms, percentile, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * Hub fan-out: N clients (1,000 by default, `--hub-clients 10000` or `--hub-10k`) connected to one
 * server process and subscribed to one location; a count is ingested over HTTP and every client
 * times the push from the ingest acknowledgement to its arrival. The push is `NewOccupancy` when the
 * server follows the location's occupancy, else the node's `MeasurementsLiveFeed` (ingests are then
 * spaced over a second, so each rides the leading edge of the coalescing). The server's resident
 * memory is read before and after the clients connect.
 *
 * The bulk clients speak the protocol on raw `ws` sockets (negotiate, handshake, invocation, ping),
 * so the bench process stays small; a few official `@microsoft/signalr` clients ride along and must
 * receive every push too.
 */
const RS = '\u001e';

interface RawClient {
  ws: WebSocket;
  /** receive time of the current round's push, ms (performance.now) */
  got: number;
  /** wall clock at receipt and the message, to time it from the server's own publish instant */
  gotWall: number;
  text: string;
}

/** the current round: every client's first push counts once; the round ends when all have one */
const round = { received: 0, expected: Infinity, done: () => {} };

async function negotiate(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/signalr/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`negotiate ${res.status}`);
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}

function rawClient(base: string, token: string, nodeId: string, target: string): Promise<RawClient> {
  return negotiate(base, token).then(
    (id) =>
      new Promise<RawClient>((resolve, reject) => {
        const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/signalr?id=${id}`, {
          headers: { authorization: `Bearer ${token}` },
          perMessageDeflate: false,
        });
        const client: RawClient = { ws, got: 0, gotWall: 0, text: '' };
        let stage = 0;
        ws.on('open', () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
        ws.on('message', (data: Buffer) => {
          const text = data.toString();
          if (stage === 0) {
            if (!text.startsWith('{}')) return reject(new Error(`handshake: ${text}`));
            stage = 1;
            ws.send(
              JSON.stringify({
                type: 1,
                invocationId: '1',
                target: 'MeasurementsLiveFeed',
                arguments: [[nodeId]],
              }) + RS,
            );
            return;
          }
          if (stage === 1 && text.includes('"type":3')) {
            if (text.includes('"error"')) return reject(new Error(`subscribe: ${text}`));
            stage = 2;
            resolve(client);
          }
          // cheap match: the bench process must not steal the server's CPU parsing JSON
          if (stage === 2 && client.got === 0 && text.includes(target)) {
            client.got = performance.now();
            client.gotWall = Date.now();
            client.text = text;
            if (++round.received >= round.expected) round.done();
          }
        });
        ws.on('error', reject);
      }),
  );
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const node = async (type: string, parent: string | null, name: string) =>
    (
      await c.query<{ id: string }>(
        `insert into node (type, parent_id, name, attributes) values ($1, $2, $3, '{}') returning id`,
        [type, parent, name],
      )
    ).rows[0]!.id;
  const group = await node('group', null, 'Bench group');
  const location = await node('location', group, 'Bench store');
  const device = await node('device', location, 'Bench door');
  const user = (
    await c.query<{ id: string }>(
      `insert into app_user (username, first_name, last_name, email, roles, scope_node_id, mobile_settings)
       values ('bench', 'Bench', 'User', 'bench@example.com', '{superAdmin}', null, '{}') returning id`,
    )
  ).rows[0]!.id;
  await c.end();
  return { location, device, user };
}

export const hubBench: BenchModule = {
  name: 'hub',
  description: 'real-time hub: ingest-ack -> push latency at N clients, memory per connection',
  async run(options) {
    const n = options.flags.has('hub-10k') ? 10_000 : Number(options.flags.get('hub-clients') ?? 1000);
    const rounds = Math.min(options.runs, 30);
    const db = await freshDatabase('hub');
    const secret = randomBytes(32).toString('hex');
    let server: ServerProcess | null = null;
    const official: HubConnection[] = [];
    const clients: RawClient[] = [];
    try {
      let done = step('server process (migrations)');
      server = await startServerProcess({ DATABASE_URL: db.url, JWT_SECRET: secret, LOG_LEVEL: 'error' });
      done();
      const ids = await seed(db.url);
      const tokens = new TokenService(secret, systemClock, 240);
      const { token } = await tokens.signAccess({ sub: ids.user, ver: 0, name: 'bench' });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${server!.url}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        return { ok: res.ok, status: res.status, body: (await res.json().catch(() => null)) as unknown };
      };
      const series = async (protocol: string) => {
        const r = await post('/api/TimeSeries', { nodeId: ids.device, measurementProtocol: protocol });
        if (!r.ok) throw new Error(`series ${r.status}`);
        return (r.body as { timeSeriesId: string }).timeSeriesId;
      };
      const seriesIn = await series('TrafficIn');
      await series('TrafficOut'); // in and out: what the occupancy engine needs to follow a door
      // the occupancy engine follows in/out of the location once they exist: a live view on the
      // location tells whether this build has one (its occupancyId)
      const view = await post('/api/LiveView', { name: 'Bench door', nodeId: ids.location });
      if (!view.ok) throw new Error(`live view ${view.status}`);
      const occupancyId = (view.body as { occupancyId: string | null }).occupancyId;
      const target = occupancyId ? 'NewOccupancy' : 'MeasurementsLiveFeed';
      console.log(
        `  push measured: ${target}${occupancyId ? '' : ' (no occupancy on the location in this build)'}`,
      );

      await new Promise((r) => setTimeout(r, 1000));
      const rssBefore = server.rss();
      // keep the raw clients alive past the server's 30 s client timeout, from the first one on
      const keepAlive = setInterval(() => {
        for (const c of clients) if (c.ws.readyState === WebSocket.OPEN) c.ws.send('{"type":6}' + RS);
      }, 10_000);
      done = step(`${n} clients connect and subscribe`);
      const t0 = performance.now();
      await inBatches(n, 100, async () => {
        const c = await rawClient(server!.url, token, ids.location, target);
        clients.push(c);
        return c;
      });
      const connectSeconds = (performance.now() - t0) / 1000;
      done();
      for (let i = 0; i < 3; i++) {
        const c = new HubConnectionBuilder()
          .withUrl(`${server.url}/signalr`, { accessTokenFactory: () => token })
          .configureLogging(LogLevel.None)
          .build();
        await c.start();
        await c.invoke('MeasurementsLiveFeed', [ids.location]);
        official.push(c);
      }
      await new Promise((r) => setTimeout(r, 2000));
      const rssAfter = server.rss();

      const officialGot: number[] = [];
      for (const c of official) c.on(target, () => officialGot.push(performance.now()));
      const latencies: number[] = [];
      const fromSend: number[] = [];
      const fromPublish: number[] = [];
      let beforeAck = 0;
      const sendToAck: number[] = [];
      let missing = 0;
      done = step(`${rounds} ingests fanned out to ${n} clients`);
      // counts now: the occupancy counts from its last reset (today's local midnight)
      const start = Date.now();
      for (let r = 0; r < rounds; r++) {
        for (const c of clients) c.got = 0;
        officialGot.length = 0;
        round.received = 0;
        round.expected = clients.length;
        const allIn = new Promise<void>((resolve) => (round.done = resolve));
        await new Promise((res) => setTimeout(res, 1100));
        const sent = performance.now();
        const res = await post('/api/ingest/measurements', {
          measurements: [
            { timeSeriesId: seriesIn, occurredOn: new Date(start + r * 1000).toISOString(), value: 1 },
          ],
        });
        const ack = performance.now();
        if (!res.ok) throw new Error(`ingest ${res.status}`);
        sendToAck.push(ack - sent);
        await Promise.race([allIn, new Promise((res2) => setTimeout(res2, 10_000))]);
        const officialDeadline = performance.now() + 2000;
        while (officialGot.length < official.length && performance.now() < officialDeadline) {
          await new Promise((res2) => setTimeout(res2, 20));
        }
        for (const c of clients) {
          if (c.got === 0) {
            missing++;
            continue;
          }
          // the server publishes inside the ingest request, so a push may beat the HTTP answer:
          // that counts as 0 ms after the ack; the time from sending the ingest is kept too
          if (c.got < ack) beforeAck++;
          latencies.push(Math.max(0, c.got - ack));
          fromSend.push(c.got - sent);
          // NewOccupancy carries the server's publish instant (same machine, same clock)
          const at = /"NewOccupancy","arguments":\["[^"]*",[^,]*,"([^"]+)"/.exec(c.text)?.[1];
          if (at) fromPublish.push(c.gotWall - Date.parse(at));
        }
        if (officialGot.length < official.length) throw new Error('an official client missed a push');
      }
      done();
      clearInterval(keepAlive);

      printTable(
        ['clients', 'connect s', 'RSS before MB', 'RSS after MB', 'KB / conn', 'missed'],
        [
          [
            String(n),
            connectSeconds.toFixed(1),
            (rssBefore / 2 ** 20).toFixed(0),
            (rssAfter / 2 ** 20).toFixed(0),
            ((rssAfter - rssBefore) / 1024 / n).toFixed(1),
            String(missing),
          ],
        ],
      );
      console.log('');
      const row = (label: string, v: number[]) => [
        label,
        ms(percentile(v, 50)),
        ms(percentile(v, 99)),
        ms(v.reduce((a, b) => Math.max(a, b), -Infinity)),
      ];
      printTable(
        [`${target} latency (ms), ${rounds} rounds`, 'p50', 'p99', 'max'],
        [
          row('ingest request -> ack', sendToAck),
          row('ack -> push at client', latencies),
          row('request -> push at client', fromSend),
          ...(fromPublish.length > 0 ? [row('server publish -> push at client', fromPublish)] : []),
        ],
      );
      const early = (100 * beforeAck) / Math.max(1, latencies.length);
      console.log(
        `  ${early.toFixed(0)} % of pushes arrived before the ingest answer (counted as 0 ms after it)`,
      );
    } finally {
      for (const c of official) await c.stop().catch(() => undefined);
      for (const c of clients) c.ws.terminate();
      await server?.stop();
      await db.stop();
    }
  },
};
