import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export type JobRunStatus = 'running' | 'succeeded' | 'failed';

/** One claimed run of a scheduled job (migration 0400_job_runs, platform/scheduler). */
export interface JobRunTable {
  id: Generated<number>;
  job: string;
  /** the occurrence: slot start (ISO) of an every-N job, `<target>:<local date>` of a daily one */
  run_key: string;
  status: JobRunStatus;
  attempt: Generated<number>;
  /** the scheduler instance holding (or that held) the run */
  instance: string;
  scheduled_for: Timestamp;
  started_at: Timestamp;
  /** a running row whose lease has passed belongs to a crashed instance and may be taken over */
  lease_until: Timestamp;
  finished_at: Timestamp | null;
  duration_ms: number | null;
  error: string | null;
}

export interface SchedulerTables {
  job_run: JobRunTable;
}
