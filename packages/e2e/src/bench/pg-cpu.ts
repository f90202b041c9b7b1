import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../../server/src/platform/db/database.js';

/**
 * CPU seconds spent by a PostgreSQL cluster on this machine and by this Node process, so a bench on a
 * shared machine can print work done per CPU second beside wall time. The cluster's figure is the
 * postmaster's own time plus that of its exited children (cutime/cstime: finished backends, parallel
 * workers) plus that of its live children (backends, autovacuum, checkpointer, WAL writer).
 */
const TICK = 100; // USER_HZ on Linux

function stat(pid: number): string[] | null {
  try {
    // fields after "pid (comm) ": state is [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14]
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

export interface CpuMeter {
  /** CPU seconds so far: node (this process) and postgres (the whole cluster), or null when remote */
  read(): { node: number; pg: number | null };
}

/** Finds the cluster's postmaster through its data directory (null: not on this machine). */
export async function cpuMeter(db: Db): Promise<CpuMeter> {
  let postmaster: number | null = null;
  try {
    const { rows } = await sql<{ dir: string }>`select current_setting('data_directory') as dir`.execute(db);
    const pidFile = fs.readFileSync(`${rows[0]!.dir}/postmaster.pid`, 'utf8');
    postmaster = Number(pidFile.split('\n')[0]);
    if (!stat(postmaster)) postmaster = null;
  } catch {
    postmaster = null;
  }
  const pgSeconds = (): number | null => {
    if (postmaster === null) return null;
    const own = stat(postmaster);
    if (!own) return null;
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = stat(Number(entry));
      if (s && Number(s[1]) === postmaster) ticks += Number(s[11]) + Number(s[12]);
    }
    return ticks / TICK;
  };
  return {
    read() {
      const u = process.cpuUsage();
      return { node: (u.user + u.system) / 1e6, pg: pgSeconds() };
    },
  };
}

/** A phase timer: wall seconds, node and postgres CPU seconds between start and stop. */
export interface PhaseCost {
  wall: number;
  node: number;
  pg: number | null;
}

export function startPhase(meter: CpuMeter): () => PhaseCost {
  const t0 = performance.now();
  const c0 = meter.read();
  return () => {
    const c1 = meter.read();
    return {
      wall: (performance.now() - t0) / 1000,
      node: c1.node - c0.node,
      pg: c1.pg === null || c0.pg === null ? null : c1.pg - c0.pg,
    };
  };
}

/** "load 3.2 / 2 cores" for the printed figures */
export const loadNote = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
