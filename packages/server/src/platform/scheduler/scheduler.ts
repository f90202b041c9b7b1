import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { claimRun, finishRun, pruneRuns, renewLease, runState, type ClaimedRun } from './job-run.store.js';
import { dueOccurrences, every, type JobSchedule, type Occurrence } from './schedule.js';

/** A job a feature declares in its `<feature>.jobs.ts`: a name, a schedule and what to run (services only). */
export interface Job {
  /** unique, `<feature>.<what>`, e.g. `occupancy.reset`; the run list filters on it */
  name: string;
  schedule: JobSchedule;
  run(occurrence: Occurrence): Promise<unknown>;
  /**
   * How long a claim holds before another instance may take the run over (default 5 min). The lease
   * is renewed while the run goes on, so it only has to outlast a dead instance's silence.
   */
  leaseMs?: number;
  /** daily and cron occurrences missed by at most this much (server down) still run (default 60 min) */
  catchUpMs?: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_CATCH_UP_MS = 60 * 60_000;
/** finished runs older than this are deleted by the scheduler's own hourly job */
const KEEP_RUNS_MS = 30 * 24 * 3600_000;
const TICK_MS = 1000;
const MAX_ERROR_LENGTH = 1000;

/**
 * An error as it may be stored and logged: its message only (no stack, no cause objects), with the
 * credentials of any URL (`postgres://user:pass@host`) and `password=` pairs masked.
 */
export function safeErrorMessage(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@')
    .replace(/(password|secret|token)=[^\s&;]+/gi, '$1=[redacted]')
    .slice(0, MAX_ERROR_LENGTH);
}

/** What `tick()` did with one occurrence. */
export interface RunOutcome {
  job: string;
  runKey: string;
  status: 'succeeded' | 'failed' | 'lost';
}

/**
 * The one scheduler of an instance. Every instance runs the same jobs; before an occurrence runs it is
 * claimed in the database (`job_run`, unique (job, run_key)), so it runs exactly once across instances.
 * A run whose instance died keeps its row 'running' until its lease passes; the next instance to tick
 * then takes it over (attempt + 1). A failure is recorded and logged (message only) and not retried:
 * the next occurrence comes. Time is the injected clock: `tick()` evaluates every job at `clock.now()`,
 * `start()` calls it every second; tests advance a manual clock and call `tick()`.
 */
export class Scheduler {
  readonly instance: string;
  private readonly jobs = new Map<string, Job>();
  /** jobs with a tick under way on this instance: a slow job is not evaluated again until it ends */
  private readonly busy = new Map<string, Promise<RunOutcome[]>>();
  private readonly heartbeats = new Set<NodeJS.Timeout>();
  /**
   * Per job, the due run keys this instance knows are taken: until when (clock ms) not to try the
   * claim again: forever once finished, the holder's lease end while another instance runs it. Keeps
   * a tick that finds nothing new from touching the database (only a daily job's targets are read).
   */
  private readonly taken = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: { db: Db; clock: Clock; log: Logger; instance?: string }) {
    this.instance = deps.instance ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.register({
      name: 'scheduler.prune-runs',
      schedule: every({ minutes: 60 }),
      run: () => pruneRuns(deps.db, new Date(deps.clock.now().getTime() - KEEP_RUNS_MS)),
    });
  }

  /** Adds jobs; a name used twice is a programming error. */
  register(...jobs: Job[]): void {
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
      this.jobs.set(job.name, job);
    }
  }

  get jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * Runs every due occurrence this instance can claim, each job on its own (one slow job does not
   * hold the others), and answers when they have ended. Jobs still busy from an earlier tick are skipped.
   */
  async tick(only?: readonly string[]): Promise<RunOutcome[]> {
    if (this.stopped) return [];
    const now = this.deps.clock.now();
    const started: Promise<RunOutcome[]>[] = [];
    for (const job of this.jobs.values()) {
      if (only && !only.includes(job.name)) continue;
      if (this.busy.has(job.name)) continue;
      const p = this.runJob(job, now).finally(() => this.busy.delete(job.name));
      this.busy.set(job.name, p);
      started.push(p);
    }
    return (await Promise.all(started)).flat();
  }

  /** Ticks every second (a little after the second turns) until `stop()`. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const schedule = () => {
      this.timer = setTimeout(
        () => {
          void this.tick();
          if (!this.stopped) schedule();
        },
        TICK_MS - (Date.now() % TICK_MS) + 20,
      );
      this.timer.unref();
    };
    schedule();
  }

  /**
   * Stops ticking and waits up to `graceMs` for runs under way; a run still going after that keeps
   * its row 'running' and is taken over by another instance once its lease has passed.
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const graceMs = opts.graceMs ?? 10_000;
    if (graceMs > 0 && this.busy.size > 0) {
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.busy.values()]),
        new Promise((resolve) => (wait = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(wait);
    }
    for (const h of this.heartbeats) clearInterval(h);
    this.heartbeats.clear();
  }

  private async runJob(job: Job, now: Date): Promise<RunOutcome[]> {
    let due: Occurrence[];
    try {
      due = await dueOccurrences(job.schedule, now, job.catchUpMs ?? DEFAULT_CATCH_UP_MS);
    } catch (err) {
      this.deps.log.error(
        { job: job.name, error: safeErrorMessage(err) },
        'job schedule could not be evaluated',
      );
      return [];
    }
    let taken = this.taken.get(job.name);
    if (!taken) this.taken.set(job.name, (taken = new Map()));
    const dueKeys = new Set(due.map((o) => o.runKey));
    for (const key of taken.keys()) if (!dueKeys.has(key)) taken.delete(key);
    const out: RunOutcome[] = [];
    for (const occurrence of due) {
      if (this.stopped) break;
      if (now.getTime() < (taken.get(occurrence.runKey) ?? -Infinity)) continue;
      const outcome = await this.runOccurrence(job, occurrence, taken).catch((err: unknown) => {
        // the claim or the record failed (database unreachable): logged, tried again at the next tick
        this.deps.log.error(
          { job: job.name, runKey: occurrence.runKey, error: safeErrorMessage(err) },
          'job run not recorded',
        );
        return null;
      });
      if (outcome) out.push(outcome);
    }
    return out;
  }

  private async runOccurrence(
    job: Job,
    occurrence: Occurrence,
    taken: Map<string, number>,
  ): Promise<RunOutcome | null> {
    const { db, clock, log } = this.deps;
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const now = clock.now();
    const claim = await claimRun(db, {
      job: job.name,
      runKey: occurrence.runKey,
      instance: this.instance,
      scheduledFor: occurrence.scheduledFor,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
    });
    if (!claim) {
      const state = await runState(db, job.name, occurrence.runKey);
      const until = state?.status === 'running' ? state.lease_until.getTime() : Infinity;
      taken.set(occurrence.runKey, until);
      return null;
    }
    taken.set(occurrence.runKey, Infinity);
    if (claim.attempt > 1)
      log.warn(
        { job: job.name, runKey: occurrence.runKey, attempt: claim.attempt },
        'job run taken over after its lease expired',
      );
    const heartbeat = this.heartbeat(claim, leaseMs);
    const t0 = performance.now();
    let error: string | null = null;
    try {
      await job.run(occurrence);
    } catch (err) {
      error = safeErrorMessage(err);
    } finally {
      clearInterval(heartbeat);
      this.heartbeats.delete(heartbeat);
    }
    const status = error === null ? 'succeeded' : 'failed';
    const recorded = await finishRun(db, claim, {
      status,
      finishedAt: clock.now(),
      durationMs: Math.round(performance.now() - t0),
      error,
    });
    const fields = { job: job.name, runKey: occurrence.runKey, attempt: claim.attempt };
    if (!recorded) {
      log.warn(fields, 'job run ended after another instance took it over; its result is not recorded');
      return { job: job.name, runKey: occurrence.runKey, status: 'lost' };
    }
    if (error !== null) log.error({ ...fields, error }, 'job failed');
    return { job: job.name, runKey: occurrence.runKey, status };
  }

  /** Renews the lease (on the real clock, a third of the lease apart) while the run goes on. */
  private heartbeat(claim: ClaimedRun, leaseMs: number): NodeJS.Timeout {
    const h = setInterval(
      () => {
        const until = new Date(this.deps.clock.now().getTime() + leaseMs);
        renewLease(this.deps.db, claim, until).catch(() => undefined);
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    h.unref();
    this.heartbeats.add(h);
    return h;
  }
}

export function createScheduler(deps: { db: Db; clock: Clock; log: Logger; instance?: string }): Scheduler {
  return new Scheduler(deps);
}
