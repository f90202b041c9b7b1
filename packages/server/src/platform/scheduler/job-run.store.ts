import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The run this instance holds: the fence every later write of the run goes through. */
export interface ClaimedRun {
  id: number;
  attempt: number;
  instance: string;
}

/**
 * Claims one occurrence (exactly once across instances): inserts the (job, run_key) row, or takes over
 * a row still 'running' whose lease ended before `now` (its instance died mid-run). Finished rows and
 * live leases are left alone, so every other caller gets null. One statement: the unique index decides
 * between concurrent claimers.
 */
export async function claimRun(
  db: Db,
  run: { job: string; runKey: string; instance: string; scheduledFor: Date; now: Date; leaseUntil: Date },
): Promise<ClaimedRun | null> {
  const { rows } = await sql<{ id: number; attempt: number }>`
    insert into job_run (job, run_key, status, instance, scheduled_for, started_at, lease_until)
    values (${run.job}, ${run.runKey}, 'running', ${run.instance}, ${run.scheduledFor}, ${run.now}, ${run.leaseUntil})
    on conflict (job, run_key) do update
      set instance = excluded.instance, attempt = job_run.attempt + 1, started_at = excluded.started_at,
        lease_until = excluded.lease_until
      where job_run.status = 'running' and job_run.lease_until < excluded.started_at
    returning id, attempt`.execute(db);
  const row = rows[0];
  return row ? { id: Number(row.id), attempt: row.attempt, instance: run.instance } : null;
}

/** Where a run stands (after a refused claim: finished, or running until its lease ends). */
export async function runState(db: Db, job: string, runKey: string) {
  return db
    .selectFrom('job_run')
    .select(['status', 'lease_until'])
    .where('job', '=', job)
    .where('run_key', '=', runKey)
    .executeTakeFirst();
}

/** Extends the lease of a run still held by this instance; false when it was taken over. */
export async function renewLease(db: Db, run: ClaimedRun, leaseUntil: Date): Promise<boolean> {
  const res = await db
    .updateTable('job_run')
    .set({ lease_until: leaseUntil })
    .where('id', '=', run.id)
    .where('instance', '=', run.instance)
    .where('attempt', '=', run.attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Records the end of a run; false when another instance took it over meanwhile (its record stands). */
export async function finishRun(
  db: Db,
  run: ClaimedRun,
  end: { status: 'succeeded' | 'failed'; finishedAt: Date; durationMs: number; error: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('job_run')
    .set({
      status: end.status,
      finished_at: end.finishedAt,
      duration_ms: end.durationMs,
      error: end.error,
    })
    .where('id', '=', run.id)
    .where('instance', '=', run.instance)
    .where('attempt', '=', run.attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes finished runs started before `before` (job_run_started_idx); answers how many went. */
export async function pruneRuns(db: Db, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('job_run')
    .where('started_at', '<', before)
    .where('status', '<>', 'running')
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
