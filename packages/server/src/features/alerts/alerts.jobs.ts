import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/**
 * Alerts' timed work, each occurrence claimed once across instances by the scheduler:
 * `alerts.evaluate` judges the window, incident and showtime conditions at the minute slot's start
 * and sends reminders; `alerts.deliver` retries failed deliveries whose back-off has passed.
 * Occupancy conditions do not wait for these: they react to the occupancy events.
 */
export function alertsJobs(services: Pick<Services, 'alerts'>): Job[] {
  return [
    {
      name: 'alerts.evaluate',
      schedule: every({ minutes: 1 }),
      run: async ({ scheduledFor }) => {
        await services.alerts.evaluate(scheduledFor);
      },
    },
    {
      name: 'alerts.deliver',
      schedule: every({ seconds: 30 }),
      run: async ({ scheduledFor }) => {
        await services.alerts.deliverDue(scheduledFor);
      },
    },
  ];
}
