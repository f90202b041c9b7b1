import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { TokenService } from '../../../server/src/platform/auth/tokens.js';
import { systemClock } from '../../../server/src/platform/clock.js';
import {
  startServerProcess,
  type ServerProcess,
} from '../../../server/src/features/live-hub/server-process.js';
import { freshDatabase, ms, percentile, printTable, step, type BenchModule } from './bench-kit.js';
import type { FromClients, ToClients } from './hub-clients.js';

/**
 * Hub fan-out: N clients (1,000 by default, `--hub-clients 10000` or `--hub-10k`) connected to one
 * server process and subscribed to one location; a count is ingested over HTTP and every client
 * times the push from the ingest acknowledgement to its arrival. The push is `NewOccupancy` when the
 * server follows the location's occupancy, else the node's `MeasurementsLiveFeed` (ingests are then
 * spaced over a second, so each rides the leading edge of the coalescing). The server's resident
 * memory is read before and after the clients connect.
 *
 * The bulk clients live in child processes (`hub-clients.ts`, 2 by default, `--hub-client-procs N`)
 * and speak the protocol on `ws` sockets (negotiate, handshake, invocation, ping), so that receiving
 * thousands of pushes does not stall the event loop that times the ingest acknowledgement; a few
 * official `@microsoft/signalr` clients ride along in the bench process and must receive every push.
 * `--hub-instances 2` (issue 20) starts two server processes on the Redis backplane and spreads the
 * client processes over them (10,000 clients: 5,000 on each); counts go in through the first instance
 * and the official clients listen on the second, so every push to them crossed Redis.
 */
interface ClientProcess {
  child: ChildProcess;
  /** the next message of the given type from this process */
  next<T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>>;
  tell(m: ToClients): void;
}

/** CPU time (user + system, ms) used so far by the given processes; gone ones count 0 */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // exited
    }
  }
  return ticks * 10; // CLK_TCK 100
}

/** The bench database's PostgreSQL processes: its postmaster (found by data dir) and children. */
function postgresPids(): number[] {
  const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const parentOf = (pid: string) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return -1;
    }
  };
  const master = pids.find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('footfall-bench-hub-');
    } catch {
      return false;
    }
  });
  if (!master) return [];
  return [Number(master), ...pids.filter((pid) => parentOf(pid) === Number(master)).map(Number)];
}

/** busy and total CPU time of the whole machine (ms, all cores), from /proc/stat */
function machineMs(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3]! + (cpu[4] ?? 0);
  return { busy: (total - idle) * 10, total: total * 10 };
}

/** absolute ms, comparable with the client processes' receive times */
const now = () => performance.timeOrigin + performance.now();

function clientProcess(): ClientProcess {
  const child = fork(fileURLToPath(new URL('./hub-clients.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, { resolve: (m: FromClients) => void; reject: (e: Error) => void }>();
  const fail = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  child.on('message', (m: FromClients) => {
    if (m.type === 'failed') return fail(new Error(`bench clients: ${m.error}`));
    const w = waiting.get(m.type);
    waiting.delete(m.type);
    w?.resolve(m);
  });
  child.on('exit', (code) => fail(new Error(`bench client process exited (${code})`)));
  return {
    child,
    next: (type) =>
      new Promise((resolve, reject) => waiting.set(type, { resolve: (m) => resolve(m as never), reject })),
    tell: (m) => void child.send(m),
  };
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
    // --hub-instances 2: the clients spread over that many server processes sharing the Redis
    // backplane (client process p connects to instance p mod N); counts are ingested through the first,
    // the official clients listen on the last
    const instances = Math.max(1, Number(options.flags.get('hub-instances') ?? 1));
    const servers: ServerProcess[] = [];
    const procs = Math.max(1, Number(options.flags.get('hub-client-procs') ?? 2));
    const official: HubConnection[] = [];
    const bulk: ClientProcess[] = [];
    try {
      let done = step(
        `${instances} server process${instances > 1 ? 'es, Redis backplane' : ''} (migrations)`,
      );
      const redis: Record<string, string> =
        instances > 1
          ? {
              REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
              // a channel of this run only: other servers on the same Redis hear nothing of it
              REDIS_CHANNEL: `footfall:bench-${randomBytes(4).toString('hex')}`,
            }
          : {};
      for (let i = 0; i < instances; i++)
        servers.push(
          await startServerProcess({
            DATABASE_URL: db.url,
            JWT_SECRET: secret,
            LOG_LEVEL: 'error',
            ...redis,
          }),
        );
      server = servers[0]!;
      const listening = servers[servers.length - 1]!;
      const rss = () => servers.reduce((sum, s) => sum + s.rss(), 0);
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
        }).catch((err: unknown) => {
          const alive = fs.existsSync(`/proc/${server!.pid}`);
          throw new Error(`POST ${path} failed; server process ${alive ? 'alive' : 'gone'}`, { cause: err });
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
      const rssBefore = rss();
      done = step(`${n} clients connect and subscribe (${procs} client processes)`);
      const t0 = performance.now();
      for (let p = 0; p < procs; p++) bulk.push(clientProcess());
      await Promise.all(
        bulk.map((b, p) => {
          const ready = b.next('ready');
          const count = Math.floor(n / procs) + (p < n % procs ? 1 : 0);
          const base = servers[p % instances]!.url;
          b.tell({ type: 'start', base, token, nodeId: ids.location, target, count });
          return ready;
        }),
      );
      const connectSeconds = (performance.now() - t0) / 1000;
      done();
      for (let i = 0; i < 3; i++) {
        const c = new HubConnectionBuilder()
          .withUrl(`${listening.url}/signalr`, { accessTokenFactory: () => token })
          .configureLogging(LogLevel.None)
          .build();
        await c.start();
        await c.invoke('MeasurementsLiveFeed', [ids.location]);
        official.push(c);
      }
      // CPU while idle (pings, sweeps; after the connections settled), taken out of the figures per round
      const cpuPids = () => ({
        server: servers.map((s) => s.pid),
        clients: bulk.map((b) => b.child.pid!),
        postgres: postgresPids(),
      });
      const cpuNow = () => {
        const p = cpuPids();
        return {
          server: cpuMs(p.server),
          clients: cpuMs(p.clients),
          postgres: cpuMs(p.postgres),
          bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
          machine: machineMs(),
          at: performance.now(),
        };
      };
      await new Promise((r) => setTimeout(r, 2000));
      const rssAfter = rss();
      const idleFrom = cpuNow();
      await new Promise((r) => setTimeout(r, 3000));
      const idleTo = cpuNow();

      const officialGot: number[] = [];
      for (const c of official) c.on(target, () => officialGot.push(performance.now()));
      const latencies: number[] = [];
      const fromSend: number[] = [];
      const fromPublish: number[] = [];
      const ackToPublish: number[] = [];
      const spread: number[] = [];
      let beforeAck = 0;
      const sendToAck: number[] = [];
      let missing = 0;
      done = step(`${rounds} ingests fanned out to ${n} clients`);
      // counts now: the occupancy counts from its last reset (today's local midnight)
      const start = Date.now();
      const roundsFrom = cpuNow();
      for (let r = 0; r < rounds; r++) {
        officialGot.length = 0;
        await Promise.all(bulk.map((b) => (b.tell({ type: 'arm' }), b.next('armed'))));
        const gots = bulk.map((b) => b.next('got'));
        // an error of this round must surface as itself, not as the clients' exit once stopped
        for (const g of gots) g.catch(() => undefined);
        await new Promise((res) => setTimeout(res, 1100));
        const sent = now();
        const res = await post('/api/ingest/measurements', {
          measurements: [
            { timeSeriesId: seriesIn, occurredOn: new Date(start + r * 1000).toISOString(), value: 1 },
          ],
        });
        const ack = now();
        if (!res.ok) throw new Error(`ingest ${res.status}`);
        sendToAck.push(ack - sent);
        // a process whose clients did not all get the push within 10 s reports what it has
        const late = setTimeout(() => bulk.forEach((b) => b.tell({ type: 'collect' })), 10_000);
        const reports = await Promise.all(gots);
        clearTimeout(late);
        const officialDeadline = performance.now() + 2000;
        while (officialGot.length < official.length && performance.now() < officialDeadline) {
          await new Promise((res2) => setTimeout(res2, 20));
        }
        // NewOccupancy carries the server's publish instant (same machine, same clock; ms precision)
        const sample = reports.find((g) => g.sample)?.sample ?? '';
        const at = /"NewOccupancy","arguments":\["[^"]*",[^,]*,"([^"]+)"/.exec(sample)?.[1];
        const publishedAt = at ? Date.parse(at) : null;
        if (publishedAt !== null) ackToPublish.push(publishedAt - ack);
        let first = Infinity;
        let last = -Infinity;
        for (const got of reports.flatMap((g) => g.times)) {
          if (got === 0) {
            missing++;
            continue;
          }
          first = Math.min(first, got);
          last = Math.max(last, got);
          // the server publishes inside the ingest request, so a push may beat the HTTP answer:
          // that counts as 0 ms after the ack; the time from sending the ingest is kept too
          if (got < ack) beforeAck++;
          latencies.push(Math.max(0, got - ack));
          fromSend.push(got - sent);
          if (publishedAt !== null) fromPublish.push(got - publishedAt);
        }
        if (last >= first) spread.push(last - first);
        if (officialGot.length < official.length) throw new Error('an official client missed a push');
      }
      const roundsTo = cpuNow();
      done();

      printTable(
        ['clients', 'instances', 'connect s', 'RSS before MB', 'RSS after MB', 'KB / conn', 'missed'],
        [
          [
            String(n),
            String(instances),
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
          ...(fromPublish.length > 0
            ? [
                row('ack -> server publish (per round)', ackToPublish),
                row('server publish -> push at client', fromPublish),
              ]
            : []),
          row('first -> last client push (per round)', spread),
        ],
      );
      // CPU per push round: what the rounds used minus what the same time idle would have used
      const idleSpan = idleTo.at - idleFrom.at;
      const roundsSpan = roundsTo.at - roundsFrom.at;
      const perRound = (pick: (c: ReturnType<typeof cpuNow>) => number) => {
        const idleRate = (pick(idleTo) - pick(idleFrom)) / idleSpan;
        return (pick(roundsTo) - pick(roundsFrom) - idleRate * roundsSpan) / rounds;
      };
      const server_ = perRound((c) => c.server);
      const clients_ = perRound((c) => c.clients);
      const postgres_ = perRound((c) => c.postgres);
      const bench_ = perRound((c) => c.bench);
      const loadOthers =
        (roundsTo.machine.busy -
          roundsFrom.machine.busy -
          (roundsTo.server - roundsFrom.server) -
          (roundsTo.clients - roundsFrom.clients) -
          (roundsTo.postgres - roundsFrom.postgres) -
          (roundsTo.bench - roundsFrom.bench)) /
        roundsSpan;
      console.log('');
      printTable(
        ['CPU ms per push round (over idle)', 'server', 'bulk clients', 'postgres', 'bench'],
        [[`${n} clients`, server_.toFixed(0), clients_.toFixed(0), postgres_.toFixed(0), bench_.toFixed(0)]],
      );
      console.log(
        `  other work on the machine during the rounds: ${loadOthers.toFixed(2)} cores busy on average (of 2)`,
      );
      const early = (100 * beforeAck) / Math.max(1, latencies.length);
      console.log(
        `  ${early.toFixed(0)} % of pushes arrived before the ingest answer (counted as 0 ms after it)`,
      );
    } finally {
      for (const c of official) await c.stop().catch(() => undefined);
      for (const b of bulk) b.tell({ type: 'stop' });
      for (const s of servers) await s.stop();
      await db.stop();
    }
  },
};
