import { sql } from 'kysely';
import type { JobRunStatus } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';

export interface JobRunFilter {
  job?: string | undefined;
  status?: JobRunStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of the scheduler's runs, newest start first (job_run_started_idx), plus the count of the
 * filtered rows (count(*) over ()).
 */
export async function queryJobRuns(db: Db, f: JobRunFilter) {
  let q = db
    .selectFrom('job_run')
    .select([
      'id',
      'job',
      'run_key',
      'status',
      'attempt',
      'instance',
      sql<Date>`scheduled_for`.as('scheduled_for'),
      sql<Date>`started_at`.as('started_at'),
      sql<Date | null>`finished_at`.as('finished_at'),
      'duration_ms',
      'error',
      sql<number>`count(*) over ()`.as('full_count'),
    ]);
  if (f.job) q = q.where('job', '=', f.job);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.from) q = q.where('started_at', '>=', f.from);
  if (f.to) q = q.where('started_at', '<', f.to);
  const rows = await q
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  let fullCount = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && f.offset > 0) {
    // past the last page: count separately so the client still learns how many there are
    fullCount = (await queryJobRuns(db, { ...f, limit: 1, offset: 0 })).fullCount;
  }
  return { rows, fullCount };
}
