import type { JobRunsPage, JobRunsQuery } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { queryJobRuns } from './jobs.repository.js';

/** What the scheduler ran (platform/scheduler records every claimed run in job_run), for a superAdmin. */
export function createJobsService(db: Db) {
  return {
    async runs(query: JobRunsQuery): Promise<JobRunsPage> {
      const { rows, fullCount } = await queryJobRuns(db, {
        job: query.job,
        status: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          job: r.job,
          runKey: r.run_key,
          status: r.status,
          attempt: r.attempt,
          instance: r.instance,
          scheduledFor: r.scheduled_for.toISOString(),
          startedAt: r.started_at.toISOString(),
          finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
          durationMs: r.duration_ms,
          error: r.error,
        })),
        fullCount,
      };
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
