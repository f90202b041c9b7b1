import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServerProcess,
  type ServerRuntime,
} from '../../../server/src/features/live-hub/server-process.js';
import { freshDatabase, ms, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * The production build beside the sources: the compiled bundle (`node --enable-source-maps
 * dist/main.js`, what `npm start` runs) and `tsx src/main.ts`, each started `--startup-runs` times (3)
 * in turn on one migrated database (`DATABASE_URL`, no demo data, so the figure is the server's own
 * start): milliseconds from spawn to the first 200 of /api/health, and resident memory then and after
 * 50 sign-in-less requests. Builds the bundle first when it is missing.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export const startupBench: BenchModule = {
  name: 'startup',
  description: 'startup time to /api/health and resident memory: compiled bundle beside tsx',
  async run({ flags }) {
    const runs = Number(flags.get('startup-runs') ?? 3);
    if (!(runs > 0)) throw new Error('--startup-runs must be a positive number');
    let done = step('server bundle (npm run build -w packages/server)');
    const built = spawnSync('npm', ['run', 'build'], { cwd: serverDir, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('the server build failed');
    done();
    const db = await freshDatabase('startup');
    try {
      const env = { DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
      done = step('migrations (first start)');
      await (await startServerProcess(env, undefined, 120_000, 'compiled')).stop();
      done();
      const runtimes: ServerRuntime[] = ['compiled', 'tsx'];
      const figures = new Map(
        runtimes.map((r) => [r, { start: [] as number[], rss: [] as number[], rssAfter: [] as number[] }]),
      );
      for (let i = 0; i < runs; i++) {
        for (const runtime of runtimes) {
          done = step(`${runtime} start ${i + 1}/${runs}`);
          const t0 = performance.now();
          const server = await startServerProcess(env, undefined, 120_000, runtime);
          const f = figures.get(runtime)!;
          f.start.push(performance.now() - t0);
          f.rss.push(server.rss());
          for (let k = 0; k < 50; k++) await (await fetch(`${server.url}/api/health`)).arrayBuffer();
          f.rssAfter.push(server.rss());
          await server.stop();
          done();
        }
      }
      console.log();
      printTable(
        ['server', 'start to /api/health p50 ms', 'min ms', 'RSS at start MB', 'RSS after 50 requests MB'],
        runtimes.map((r) => {
          const f = figures.get(r)!;
          return [
            r === 'compiled' ? 'node dist/main.js (npm start)' : 'tsx src/main.ts',
            ms(median(f.start)),
            ms(Math.min(...f.start)),
            mb(median(f.rss)),
            mb(median(f.rssAfter)),
          ];
        }),
      );
    } finally {
      await db.stop();
    }
  },
};
