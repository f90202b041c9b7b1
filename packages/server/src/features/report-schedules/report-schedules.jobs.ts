import { every, type Job } from '../../platform/scheduler/index.js';
import type { ReportSchedulesService } from './report-schedules.service.js';

/**
 * Scheduled reports: every minute (one claimed slot across instances) the due schedules run; each is
 * claimed again on its own row, so a slot taken over after a crash never mails a report twice.
 */
export function reportScheduleJobs(services: { reportSchedules: ReportSchedulesService }): Job[] {
  return [
    {
      name: 'report-schedules.run-due',
      schedule: every({ minutes: 1 }),
      // a run renders files and mails them: a generous lease before another instance takes over
      leaseMs: 15 * 60_000,
      run: () => services.reportSchedules.runDue(),
    },
  ];
}
