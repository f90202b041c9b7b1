import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { safeText } from '../rules/safe-text.js';
import { isValidTimeZone } from '../time/zone.js';
import { USER_REPORTS } from './users.js';
import { RELATIVE_PERIODS, SCHEDULE_FREQUENCIES } from '../schedules/next-run.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { REPORT_FORMATS } from '../reports/document.js';

/**
 * Scheduled and automated reports (issue 14; spec sections 3 "Automated report", "Schedule nodes
 * response", 4 "Automated reports", 7 "Schedule" and "Dashboards"): a report, or a dashboard
 * snapshot, run daily / weekly / monthly at a wall-clock time of the owner's zone over a period
 * relative to the run, mailed as files to users of the owner's scope and free addresses.
 */
export const SCHEDULE_KINDS = ['report', 'dashboard'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const EXECUTION_RESULTS = ['Success', 'Failure'] as const;
export type ExecutionResult = (typeof EXECUTION_RESULTS)[number];
/** at most this many recipients per schedule */
export const SCHEDULE_MAX_RECIPIENTS = 50;
/** a failed scheduled run is tried again this many times, `SCHEDULE_RETRY_MINUTES` apart */
export const SCHEDULE_MAX_ATTEMPTS = 3;
export const SCHEDULE_RETRY_MINUTES = 5;

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm (00:00-23:59)');
const TimeZone = z.string().max(100).refine(isValidTimeZone, 'not an IANA time zone');

/** A recipient: a user of the owner's scope (mailed at their address, in the schedule's language) or an address. */
export const ScheduleRecipient = z.union([
  z.object({ userId: z.uuid() }).strict(),
  z.object({ email: z.email().max(320) }).strict(),
]);
export type ScheduleRecipient = z.infer<typeof ScheduleRecipient>;

/** Report parameters besides the node sets (handed to the reports feature as they are). */
export const ScheduleReportOptions = z
  .object({
    aggregation: z.enum(AGGREGATIONS).optional(),
    businessHoursOnly: z.boolean().default(false),
    applyTimePeriodToEachDay: z.boolean().default(false),
    includeDays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  })
  .strict();
export type ScheduleReportOptions = z.infer<typeof ScheduleReportOptions>;

const nodeSet = z.array(z.uuid()).max(500).default([]);
const groupSet = z.array(safeText().trim().min(1).max(200)).max(200).default([]);

/**
 * Create or replace a schedule. `kind: 'report'` names a report (`reportName`) and its node sets
 * (`nodes1`/`groups1`, and `nodes2`/`groups2` for comparative reports); `kind: 'dashboard'` names one
 * of the owner's dashboards (its saved selection and widgets, drawn as the snapshot PDF).
 */
export const ScheduleBody = z
  .object({
    kind: z.enum(SCHEDULE_KINDS),
    title: safeText().trim().min(1).max(200),
    reportName: z.enum(USER_REPORTS).nullable().default(null),
    dashboardId: z.uuid().nullable().default(null),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    time: TimeOfDay,
    /** weekly: 0 = Sunday */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    dayOfMonth: z.number().int().min(1).max(31).nullable().default(null),
    /** the owner's zone: the run time and the period are read on its wall clock */
    timeZone: TimeZone,
    relativePeriod: z.enum(RELATIVE_PERIODS),
    formats: z.array(z.enum(REPORT_FORMATS)).min(1).max(3),
    recipients: z.array(ScheduleRecipient).min(1).max(SCHEDULE_MAX_RECIPIENTS),
    language: z.enum(LANGUAGES),
    nodes1: nodeSet,
    nodes2: nodeSet,
    groups1: groupSet,
    groups2: groupSet,
    options: ScheduleReportOptions.default({ businessHoursOnly: false, applyTimePeriodToEachDay: false }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.kind === 'report' && !b.reportName) issue('reportName', 'a report schedule names its report');
    if (b.kind === 'dashboard' && !b.dashboardId)
      issue('dashboardId', 'a snapshot schedule names its dashboard');
    if (b.kind === 'report' && b.nodes1.length === 0 && b.groups1.length === 0)
      issue('nodes1', 'select at least one location or location group');
    if (b.kind === 'dashboard' && b.formats.some((f) => f !== 'pdf'))
      issue('formats', 'a dashboard snapshot is a PDF');
    if (b.frequency === 'weekly' && b.weekdays.length === 0) issue('weekdays', 'choose at least one weekday');
    if (b.frequency === 'monthly' && b.dayOfMonth === null)
      issue('dayOfMonth', 'choose the day of the month');
    if (new Set(b.formats).size !== b.formats.length) issue('formats', 'each format once');
  })
  .transform((b) => ({
    ...b,
    reportName: b.kind === 'report' ? b.reportName : null,
    dashboardId: b.kind === 'dashboard' ? b.dashboardId : null,
    weekdays: b.frequency === 'weekly' ? [...new Set(b.weekdays)].sort() : [],
    dayOfMonth: b.frequency === 'monthly' ? b.dayOfMonth : null,
    nodes1: b.kind === 'report' ? [...new Set(b.nodes1.map((n) => n.toLowerCase()))] : [],
    nodes2: b.kind === 'report' ? [...new Set(b.nodes2.map((n) => n.toLowerCase()))] : [],
    groups1: b.kind === 'report' ? b.groups1 : [],
    groups2: b.kind === 'report' ? b.groups2 : [],
  }));
export type ScheduleBody = z.infer<typeof ScheduleBody>;
export type ScheduleInput = z.input<typeof ScheduleBody>;

export const ScheduleRunDto = z.object({
  id: z.string(),
  automatedReportId: z.uuid(),
  occurredOn: z.string(),
  executionResult: z.enum(EXECUTION_RESULTS),
  /** the error of a failure (the last attempt's) */
  error: z.string().nullable(),
  /** `schedule` (the scheduler) or `manual` (execute / run now) */
  trigger: z.enum(['schedule', 'manual']),
  attempts: z.number().int(),
  /** the reported period, local wall clock */
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  recipients: z.number().int(),
  files: z.array(z.string()),
});
export type ScheduleRunDto = z.infer<typeof ScheduleRunDto>;

/** An automated report (spec: "schedule (id, disabledOn)") with everything its editor shows. */
export const ScheduleDto = z.object({
  id: z.uuid(),
  schedule: z.object({ id: z.uuid(), disabledOn: z.string().nullable() }),
  kind: z.enum(SCHEDULE_KINDS),
  title: z.string(),
  reportName: z.string().nullable(),
  dashboardId: z.uuid().nullable(),
  dashboardName: z.string().nullable(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: z.string(),
  weekdays: z.array(z.number().int()),
  dayOfMonth: z.number().int().nullable(),
  timeZone: z.string(),
  relativePeriod: z.enum(RELATIVE_PERIODS),
  formats: z.array(z.enum(REPORT_FORMATS)),
  recipients: z.array(
    z.union([
      z.object({ userId: z.uuid(), name: z.string(), email: z.string().nullable() }),
      z.object({ email: z.string() }),
    ]),
  ),
  language: z.enum(LANGUAGES),
  options: ScheduleReportOptions,
  disabledOn: z.string().nullable(),
  /** the next scheduled run (null while disabled) */
  nextRunAt: z.string().nullable(),
  /** set while a failed run waits for its next attempt */
  retryAttempt: z.number().int(),
  lastRun: ScheduleRunDto.nullable(),
  createdOn: z.string(),
});
export type ScheduleDto = z.infer<typeof ScheduleDto>;
export const ScheduleList = z.array(ScheduleDto);

/** A comma list of ids in the query string (`ids=a,b`), also as a repeated parameter. */
const idList = z
  .union([z.string().max(40_000), z.array(z.string().max(100)).max(500)])
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s.length > 0),
  )
  .pipe(z.array(z.uuid()).max(500));

export const ScheduleListQuery = z.object({ reportIds: idList }).strict();
export const ScheduleHistoryQuery = z
  .object({
    reportIds: idList,
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export const ScheduleHistory = z.array(ScheduleRunDto);
export const ScheduleNodesQuery = z.object({ scheduleIds: idList }).strict();
/** spec "Schedule nodes response": the node and group sets keyed by schedule id */
export const ScheduleNodesResponse = z.object({
  nodes1BySchedules: z.record(z.string(), z.array(z.object({ id: z.uuid(), name: z.string() }))),
  nodes2BySchedules: z.record(z.string(), z.array(z.object({ id: z.uuid(), name: z.string() }))),
  groups1BySchedules: z.record(z.string(), z.array(z.string())),
  groups2BySchedules: z.record(z.string(), z.array(z.string())),
});
export type ScheduleNodesResponse = z.infer<typeof ScheduleNodesResponse>;

export const ScheduleFrequenciesResponse = z.object({
  frequencies: z.array(z.enum(SCHEDULE_FREQUENCIES)),
  relativePeriods: z.array(z.enum(RELATIVE_PERIODS)),
  formats: z.array(z.enum(REPORT_FORMATS)),
  /** the reports the caller may schedule */
  reports: z.array(z.enum(USER_REPORTS)),
  maxAttempts: z.number().int(),
});

/** Users of the caller's scope a schedule may be mailed to. */
export const ScheduleRecipientCandidates = z.array(
  z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
);

/** POST /api/Dashboard/execute: run a schedule now (`time`: the instant whose period it reports, default now). */
export const ExecuteScheduleBody = z
  .object({
    scheduleId: z.uuid(),
    /** the spec's call also names the report: when given it must be the schedule itself */
    reportId: z.uuid().optional(),
    time: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export const ExecuteScheduleResult = z.object({
  executionResult: z.enum(EXECUTION_RESULTS),
  run: ScheduleRunDto,
});

/** POST /api/Dashboard/send-report: a dashboard's snapshot for a relative period, mailed once (no schedule). */
export const SendReportBody = z
  .object({
    dashboardId: z.uuid(),
    payload: z
      .object({
        relativePeriod: z.enum(RELATIVE_PERIODS),
        timeZone: TimeZone,
        language: z.enum(LANGUAGES),
        recipients: z.array(ScheduleRecipient).min(1).max(SCHEDULE_MAX_RECIPIENTS),
      })
      .strict(),
  })
  .strict();
export type SendReportBody = z.infer<typeof SendReportBody>;
export const SendReportResult = z.object({ sent: z.number().int(), files: z.array(z.string()) });

export const DashboardSchedulesQuery = z.object({ dashboardId: z.uuid().optional() }).strict();
