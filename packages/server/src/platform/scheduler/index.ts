export { Scheduler, createScheduler, safeErrorMessage, type Job, type RunOutcome } from './scheduler.js';
export {
  every,
  dailyAt,
  cron,
  dueOccurrences,
  type DailyTarget,
  type JobSchedule,
  type Occurrence,
} from './schedule.js';
