import { z } from 'zod';

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * GET /api/Jobs/runs query (superAdmin): runs of the scheduler's jobs, newest start first. `job` is an
 * exact job name (`occupancy.reset`); `from`/`to` bound the start time (from inclusive, to exclusive);
 * `page` counts from 1, like the event log.
 */
export const JobRunsQuery = z.object({
  job: z.string().trim().min(1).max(200).optional(),
  status: z.enum(JOB_RUN_STATUSES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type JobRunsQuery = z.infer<typeof JobRunsQuery>;

export const JobRun = z.object({
  id: z.string(),
  job: z.string(),
  /** the occurrence: slot start of an every-N job, `<target>:<local date>` of a daily one, cron time */
  runKey: z.string(),
  status: z.enum(JOB_RUN_STATUSES),
  /** 2 and more: taken over from an instance that stopped mid-run */
  attempt: z.number().int(),
  /** the server instance that ran it (host:pid:random) */
  instance: z.string(),
  scheduledFor: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** the error message of a failed run (credentials masked) */
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

export const JobRunsPage = z.object({
  items: z.array(JobRun),
  /** number of runs matching the filters, all pages together */
  fullCount: z.number().int(),
});
export type JobRunsPage = z.infer<typeof JobRunsPage>;
