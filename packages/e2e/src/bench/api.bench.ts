import autocannon from 'autocannon';
import { startServerProcess } from '../../../server/src/features/live-hub/server-process.js';
import { printTable, step, type BenchModule } from './bench-kit.js';

/**
 * Throughput of the main read endpoints side by side: a real server process on a fresh embedded
 * database with the demo organisation, signed in as a demo account (`--api-user`, default `admin`),
 * each endpoint driven by autocannon for `--api-duration` seconds (10) at `--api-connections` (20)
 * after a 2 s warm-up (`EMBEDDED_PG_PORT`, when set, places the server's PostgreSQL). Prints requests/s, p50 and p99 latency; fails when an endpoint answers anything
 * but 200 (a wrong answer is no figure).
 */
const ENDPOINTS = ['/api/LiveView', '/api/Dashboard', '/api/OrganizationalTree', '/api/User/Current'];
const DEMO_PASSWORD = 'Demo-password-1';

const load = (url: string, headers: Record<string, string>, connections: number, seconds: number) =>
  autocannon({ url, headers, connections, duration: seconds });

export const apiBench: BenchModule = {
  name: 'api',
  description:
    'requests/s and p99 of GET LiveView, Dashboard, the tree and User/Current (real server, demo data)',
  async run({ flags }) {
    const user = flags.get('api-user') ?? 'admin';
    const seconds = Number(flags.get('api-duration') ?? 10);
    const connections = Number(flags.get('api-connections') ?? 20);
    if (!(seconds > 0) || !(connections > 0))
      throw new Error('--api-duration and --api-connections must be positive numbers');

    let done = step('server (fresh embedded database, demo data)');
    const pgPort = process.env.EMBEDDED_PG_PORT;
    const server = await startServerProcess(
      {
        ACCESS_TOKEN_MINUTES: '120',
        ...(pgPort ? { EMBEDDED_PG_PORT: pgPort } : {}),
      },
      undefined,
      300_000,
    );
    done();
    try {
      const signIn = await fetch(`${server.url}/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, password: DEMO_PASSWORD }),
      });
      if (!signIn.ok) throw new Error(`sign-in as ${user} answered ${signIn.status}`);
      const { token } = (await signIn.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };

      const rows: string[][] = [];
      for (const path of ENDPOINTS) {
        const url = `${server.url}${path}`;
        const probe = await fetch(url, { headers });
        if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}`);
        const size = (await probe.arrayBuffer()).byteLength;
        done = step(`GET ${path}`);
        await load(url, headers, connections, 2);
        const r = await load(url, headers, connections, seconds);
        done();
        if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
          throw new Error(`GET ${path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
        rows.push([
          `GET ${path}`,
          r.requests.average.toFixed(0),
          r.latency.p50.toFixed(1),
          r.latency.p99.toFixed(1),
          (size / 1024).toFixed(1),
        ]);
      }
      console.log(`\n  ${connections} connections, ${seconds} s each, signed in as ${user}`);
      printTable(['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'body KiB'], rows);
    } finally {
      await server.stop();
    }
  },
};
