import { dailyAt, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';

/**
 * Occupancy resets (`/api/Schedule/occupancy-reset`): each location of each schedule is reset at the
 * schedule's `HH:mm` on its weekdays, in the location's own time zone, once per local date (run key
 * `<schedule>:<location>:<local date>`); a reset missed by less than an hour (server down) still runs.
 */
export function occupancyJobs(services: Pick<Services, 'occupancyResets'>): Job[] {
  const resets = services.occupancyResets;
  return [
    {
      name: 'occupancy.reset',
      schedule: dailyAt(null, async () =>
        (await resets.scheduledResets()).map((r) => ({
          key: `${r.scheduleId}:${r.nodeId}`,
          timeZone: r.timeZone,
          at: r.time,
          weekdays: r.daysOfWeek,
        })),
      ),
      run: async ({ target, scheduledFor }) => {
        const [scheduleId = '', nodeId = ''] = (target?.key ?? '').split(':');
        await resets.runScheduledReset({ scheduleId, nodeId }, scheduledFor);
      },
    },
  ];
}
