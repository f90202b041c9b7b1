import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/** HTTPS pulls at each task's time (checked every minute) and the clean-up of old uploads. */
export function importJobs(services: Pick<Services, 'imports'>): Job[] {
  return [
    { name: 'imports.pull', schedule: every({ minutes: 1 }), run: () => services.imports.pullDue() },
    { name: 'imports.clean-up', schedule: every({ minutes: 60 }), run: () => services.imports.cleanUp() },
  ];
}
