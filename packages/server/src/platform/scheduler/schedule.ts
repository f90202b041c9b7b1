import { CronExpressionParser } from 'cron-parser';
import {
  formatLocal,
  fromLocalMinute,
  MINUTES_PER_DAY,
  parseTimeOfDay,
  startOfDay,
  toLocalMinute,
  weekdayOf,
} from '@footfall/domain';

/** One place (typically a location) a daily job runs for, at a wall-clock time of its own zone. */
export interface DailyTarget {
  /** names the target in run keys (`<key>:<local date>`): a location id, or `<schedule>:<location>` */
  key: string;
  /** IANA zone whose wall clock `at` is read in */
  timeZone: string;
  /** `HH:mm`; overrides the schedule's own time (e.g. each reset schedule has its own) */
  at?: string;
  /** weekdays to run on, 0 = Sunday; every day when absent */
  weekdays?: readonly number[];
}

/**
 * When a job runs:
 * - `every`: once per slot of `ms`, slots aligned on the epoch (a 60 s job runs once per UTC minute);
 * - `daily`: once per local date for each target, at `at` (or the target's own) in the target's zone;
 *   a time skipped by a spring-forward change runs when the clock jumps over it, a time repeated by
 *   a fall-back change runs at its first occurrence (the run key is the local date);
 * - `cron`: at each occurrence of a cron expression (cron-parser syntax) in `timeZone` (UTC default).
 */
export type JobSchedule =
  | { kind: 'every'; ms: number }
  | { kind: 'daily'; at: string | null; targets: () => Promise<readonly DailyTarget[]> }
  | { kind: 'cron'; expression: string; timeZone: string };

/** Every `n` seconds or minutes, e.g. `every({ seconds: 30 })`. */
export function every(n: { seconds: number } | { minutes: number }): JobSchedule {
  const ms = 'seconds' in n ? n.seconds * 1000 : n.minutes * 60_000;
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error(`every: a whole number of seconds, at least 1 (${ms} ms)`);
  return { kind: 'every', ms };
}

/**
 * Daily at `at` (`HH:mm`, or null when each target carries its own) in each target's own zone;
 * `targets` is asked at every tick, so new locations and changed zones are seen at once.
 */
export function dailyAt(at: string | null, targets: () => Promise<readonly DailyTarget[]>): JobSchedule {
  if (at !== null && parseTimeOfDay(at) === null) throw new Error(`dailyAt: not a time of day: ${at}`);
  return { kind: 'daily', at, targets };
}

/** A cron expression (5 fields, or 6 with seconds first), read in `timeZone`. Throws when malformed. */
export function cron(expression: string, timeZone = 'UTC'): JobSchedule {
  CronExpressionParser.parse(expression, { tz: timeZone });
  return { kind: 'cron', expression, timeZone };
}

/** One occurrence of a job: the unit claimed (by its run key) and run exactly once. */
export interface Occurrence {
  runKey: string;
  /** the instant the occurrence was due (slot start, local time of a daily target, cron time) */
  scheduledFor: Date;
  /** the daily target it is for */
  target?: DailyTarget;
  /** the target's local date (`YYYY-MM-DD`) of a daily occurrence */
  localDate?: string;
}

/**
 * The occurrences due at `now`: the current slot of an every-N job, and the daily or cron
 * occurrences whose time has come within the last `catchUpMs` (a server down at the time still runs
 * them when it comes back within that window). Already claimed ones are filtered by the claim, not here.
 */
export async function dueOccurrences(
  schedule: JobSchedule,
  now: Date,
  catchUpMs: number,
): Promise<Occurrence[]> {
  const t = now.getTime();
  switch (schedule.kind) {
    case 'every': {
      const slot = Math.floor(t / schedule.ms) * schedule.ms;
      return [{ runKey: new Date(slot).toISOString(), scheduledFor: new Date(slot) }];
    }
    case 'cron': {
      // prev() answers strictly before currentDate: 1 ms later includes an occurrence at `now` itself
      const it = CronExpressionParser.parse(schedule.expression, {
        currentDate: new Date(t + 1),
        tz: schedule.timeZone,
      });
      const at = it.prev().toDate();
      return t - at.getTime() < catchUpMs ? [{ runKey: at.toISOString(), scheduledFor: at }] : [];
    }
    case 'daily': {
      const out: Occurrence[] = [];
      for (const target of await schedule.targets()) {
        const minute = parseTimeOfDay(target.at ?? schedule.at ?? '');
        if (minute === null) continue;
        const today = startOfDay(toLocalMinute(target.timeZone, t));
        // yesterday too: a 23:30 run caught up after midnight belongs to yesterday's date
        for (const day of [today - MINUTES_PER_DAY, today]) {
          if (target.weekdays && !target.weekdays.includes(weekdayOf(day))) continue;
          const due = fromLocalMinute(target.timeZone, day + minute).utcMs;
          if (t < due || t - due >= catchUpMs) continue;
          const localDate = formatLocal(day).slice(0, 10);
          out.push({ runKey: `${target.key}:${localDate}`, scheduledFor: new Date(due), target, localDate });
        }
      }
      return out;
    }
  }
}
