import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/**
 * Raw-minute partitions (hourly): the months ahead created, whole months past `RAW_RETENTION_DAYS`
 * dropped. Rollup upkeep: tree changes (move, time zone, business hours) queued by database triggers are
 * applied before each ingest, and by this job every 30 s when no ingest came first.
 */
export function timeSeriesJobs(services: Pick<Services, 'series' | 'rawRetention'>): Job[] {
  return [
    {
      name: 'timeseries.refresh-stale',
      schedule: every({ seconds: 30 }),
      run: () => services.series.refreshStale(),
    },
    {
      name: 'timeseries.raw-partitions',
      schedule: every({ minutes: 60 }),
      run: () => services.rawRetention.maintain(),
    },
  ];
}
