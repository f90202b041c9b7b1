import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/**
 * Monitoring's timed work. `monitoring.detect` runs one detection pass per minute slot, exactly once
 * across instances (the scheduler claims the slot in job_run), at the slot's start instant, so two
 * instances ticking the same minute judge the same moment. `monitoring.refresh-health` re-reads every
 * device's newest interval from the stored data each hour (data that arrived without the ingest
 * path: bulk loads), besides the health kept on every ingest.
 */
export function monitoringJobs(services: Pick<Services, 'monitoring'>): Job[] {
  const monitoring = services.monitoring;
  return [
    {
      name: 'monitoring.detect',
      schedule: every({ minutes: 1 }),
      run: async ({ scheduledFor }) => {
        await monitoring.detect(scheduledFor);
      },
    },
    {
      name: 'monitoring.refresh-health',
      schedule: every({ minutes: 60 }),
      run: async () => {
        await monitoring.refreshHealth();
      },
    },
  ];
}
