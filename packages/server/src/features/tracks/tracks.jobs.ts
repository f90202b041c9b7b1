import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/** Track partitions: the coming days' created ahead, those past TRACK_RETENTION_DAYS dropped, hourly. */
export function trackJobs(services: Pick<Services, 'tracks'>): Job[] {
  return [
    {
      name: 'tracks.partitions',
      schedule: every({ seconds: 3600 }),
      run: () => services.tracks.maintainPartitions().then(() => undefined),
    },
  ];
}
