import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverPackageRoot } from '../../platform/package-root.js';

/**
 * A real server process on a free port, for tests and benchmarks that need separate instances (the
 * Redis backplane) or the server's own memory figures: the sources (`node --import tsx src/main.ts`,
 * one process: its memory is the server's) or the production bundle (`node --enable-source-maps
 * dist/main.js`, what `npm start` runs; `npm run build -w packages/server` makes it).
 */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** resident memory of the process, bytes (Linux /proc) */
  rss(): number;
  stop(): Promise<void>;
}

const serverRoot = serverPackageRoot();
export type ServerRuntime = 'tsx' | 'compiled';

/** The node arguments that run the server from its sources or from its bundle. */
export function serverArgs(runtime: ServerRuntime): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', 'src/main.ts'];
  const bundle = path.join(serverRoot, 'dist/main.js');
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build -w packages/server`);
  return ['--enable-source-maps', bundle];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** `startTimeoutMs`: how long to wait for /api/health (creating the demo data takes longer on a loaded machine) */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  startTimeoutMs = 90_000,
  runtime: ServerRuntime = 'tsx',
): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-proc-'));
  const child: ChildProcess = spawn(process.execPath, serverArgs(runtime), {
    cwd: serverRoot,
    env: {
      PORT: String(p),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LIVE_DEMO_GENERATOR: 'false',
      PUBLIC_URL: `http://127.0.0.1:${p}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port: p,
    pid: child.pid!,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
