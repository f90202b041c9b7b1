import fs from 'node:fs';
import pg from 'pg';

/**
 * Bench-only (never imported by the server): the PostgreSQL backend CPU of each SQL statement this
 * process sends, read from /proc/<backend pid>/stat before and after it (same machine only; 10 ms
 * ticks, so meaningful over many runs, one request in flight at a time). Wraps pg's Client#query
 * for promise-style calls: call it before the first connection is made (createDb binds each
 * connection's query function once); statements are counted between `start()` and `stop()`, which
 * answers them by CPU, highest first.
 */
export interface StatementCpu {
  statement: string;
  runs: number;
  cpuMs: number;
  wallMs: number;
}

const ticksOf = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

export function traceStatementCpu(): { start(): void; stop(): StatementCpu[] } {
  const stats = new Map<string, StatementCpu>();
  let counting = false;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    // callback-style calls and streams (COPY) pass through unmeasured
    const pid = (this as unknown as { processID: number | null }).processID;
    if (!counting || !text || pid === null || args.some((a) => typeof a === 'function'))
      return original.apply(this, args);
    const t0 = ticksOf(pid);
    const w0 = performance.now();
    const done = () => {
      const statement = text.replace(/\s+/g, ' ').trim().slice(0, 80);
      const s = stats.get(statement) ?? { statement, runs: 0, cpuMs: 0, wallMs: 0 };
      s.runs++;
      s.cpuMs += (ticksOf(pid) - t0) * 10;
      s.wallMs += performance.now() - w0;
      stats.set(statement, s);
    };
    return (original.apply(this, args) as Promise<unknown>).then(
      (r) => (done(), r),
      (e: unknown) => (done(), Promise.reject(e)),
    );
  };
  return {
    start() {
      stats.clear();
      counting = true;
    },
    stop() {
      counting = false;
      return [...stats.values()].sort((a, b) => b.cpuMs - a.cpuMs);
    },
  };
}
