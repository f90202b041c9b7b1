import {
  canOpenReports,
  nextRunAt,
  REPORT_FORMATS,
  RELATIVE_PERIODS,
  runPeriod,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_MAX_ATTEMPTS,
  SCHEDULE_RETRY_MINUTES,
  USER_REPORTS,
  type ExecutionResult,
  type Language,
  type Principal,
  type RelativePeriod,
  type ReportFormat,
  type ScheduleBody,
  type ScheduleDto,
  type ScheduleNodesResponse,
  type ScheduleRecipient,
  type ScheduleReportOptions,
  type ScheduleRule,
  type ScheduleRunDto,
  type SendReportBody,
  type UserReport,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { textsIn } from '../../platform/i18n/texts.js';
import { safeErrorMessage } from '../../platform/scheduler/index.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { UsersService } from '../users/users.service.js';
import type { DashboardsService } from '../dashboards/dashboards.service.js';
import type { RenderedFile, ReportRenderer, SnapshotRenderer } from './report-schedules.types.js';
import { seedScheduleDemo } from './report-schedules-demo.js';
import {
  accountsByUsername,
  claimDue,
  countSchedules,
  deleteSchedule,
  insertRun,
  insertSchedule,
  nodeNames,
  selectDue,
  selectLastRuns,
  selectRuns,
  selectSchedule,
  selectSchedules,
  setDisabledOn,
  setRetry,
  updateSchedule,
  type RunRow,
  type ScheduleRow,
  type ScheduleValues,
} from './report-schedules.repository.js';

const ruleOf = (r: ScheduleRow): ScheduleRule => ({
  frequency: r.frequency,
  time: r.time_of_day,
  weekdays: r.weekdays,
  dayOfMonth: r.day_of_month,
  timeZone: r.time_zone,
});

const presentRun = (r: RunRow): ScheduleRunDto => ({
  id: r.id,
  automatedReportId: r.schedule_id,
  occurredOn: new Date(r.occurred_on).toISOString(),
  executionResult: r.execution_result,
  error: r.error,
  trigger: r.trigger,
  attempts: r.attempts,
  periodFrom: r.period_from,
  periodTo: r.period_to,
  recipients: r.recipients,
  files: r.files,
});

/** A run that could not be made, with the words the history shows. */
class RunFailure extends Error {}

export interface ScheduleServiceDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  publicUrl: string;
  eventLog: EventLogService;
  scope: ScopeService;
  users: UsersService;
  dashboards: DashboardsService;
  snapshots: SnapshotRenderer;
  /** the reports feature's renderer; without it report schedules fail with a clear error */
  reportRenderer?: ReportRenderer | undefined;
}

/**
 * Scheduled and automated reports (issue 14): a report or a dashboard snapshot, run daily / weekly /
 * monthly at a wall-clock time of the owner's zone (`nextRunAt`, domain) over a period relative to
 * the run, mailed to users of the owner's scope and free addresses. A schedule is its owner's: any
 * other user's answers 404. The every-minute job (`report-schedules.jobs.ts`) runs the due ones,
 * each claimed by moving its `next_run_at` on (so once across instances); a failure is tried again
 * `SCHEDULE_MAX_ATTEMPTS` times in all, `SCHEDULE_RETRY_MINUTES` apart, then recorded as a Failure.
 * Runs read as the owner: nodes that left the owner's scope are dropped, a disabled or deleted owner
 * stops the schedule.
 */
export function createReportSchedulesService(deps: ScheduleServiceDeps) {
  const { db, clock, eventLog, scope, users } = deps;

  const assertReports = (p: Principal) => {
    if (!canOpenReports(p)) throw forbidden('Dashboard-only users have no reports');
  };

  async function loadOwned(principal: Principal, id: string, kind?: 'report' | 'dashboard') {
    assertReports(principal);
    const row = await selectSchedule(db, id);
    if (!row || row.owner_id !== principal.userId || (kind && row.kind !== kind)) throw notFound('Schedule');
    return row;
  }

  /** Users named as recipients must be users of the owner's scope (404 like a user that does not exist). */
  async function checkRecipients(principal: Principal, recipients: readonly ScheduleRecipient[]) {
    const ids = recipients.flatMap((r) => ('userId' in r ? [r.userId.toLowerCase()] : []));
    if (ids.length === 0) return;
    const mailable = new Set((await users.mailableUsers(principal)).map((u) => u.userId));
    if (ids.some((id) => !mailable.has(id))) throw notFound('User');
  }

  async function checkBody(principal: Principal, body: ScheduleBody) {
    if (body.kind === 'dashboard') await deps.dashboards.get(principal, body.dashboardId!);
    for (const id of [...body.nodes1, ...body.nodes2]) await scope.assertInScope(principal, id);
    await checkRecipients(principal, body.recipients);
  }

  const valuesOf = (body: ScheduleBody): ScheduleValues => ({
    kind: body.kind,
    title: body.title,
    report_name: body.reportName,
    dashboard_id: body.dashboardId,
    frequency: body.frequency,
    time_of_day: body.time,
    weekdays: body.weekdays,
    day_of_month: body.dayOfMonth,
    time_zone: body.timeZone,
    relative_period: body.relativePeriod,
    formats: body.formats,
    recipients: body.recipients.map((r) =>
      'userId' in r ? { userId: r.userId.toLowerCase() } : { email: r.email.toLowerCase() },
    ),
    language: body.language,
    nodes1: body.nodes1,
    nodes2: body.nodes2,
    groups1: body.groups1,
    groups2: body.groups2,
    options: body.options,
  });

  const nextOf = (rule: ScheduleRule, after: Date) => {
    const next = nextRunAt(rule, after.getTime());
    return next === null ? null : new Date(next);
  };

  async function present(rows: ScheduleRow[], principal: Principal): Promise<ScheduleDto[]> {
    const last = new Map(
      (
        await selectLastRuns(
          db,
          rows.map((r) => r.id),
        )
      ).map((r) => [r.schedule_id, r]),
    );
    const people = new Map((await users.mailableUsers(principal)).map((u) => [u.userId, u]));
    return rows.map((r) => ({
      id: r.id,
      schedule: { id: r.id, disabledOn: r.disabled_on ? r.disabled_on.toISOString() : null },
      kind: r.kind,
      title: r.title,
      reportName: r.report_name,
      dashboardId: r.dashboard_id,
      dashboardName: r.dashboard_name,
      frequency: r.frequency,
      time: r.time_of_day,
      weekdays: r.weekdays,
      dayOfMonth: r.day_of_month,
      timeZone: r.time_zone,
      relativePeriod: r.relative_period as RelativePeriod,
      formats: r.formats as ReportFormat[],
      recipients: r.recipients.map((x) =>
        'userId' in x
          ? {
              userId: x.userId,
              name: people.get(x.userId)?.name ?? x.userId,
              email: people.get(x.userId)?.email ?? null,
            }
          : { email: x.email },
      ),
      language: r.language as Language,
      options: r.options as ScheduleReportOptions,
      disabledOn: r.disabled_on ? r.disabled_on.toISOString() : null,
      nextRunAt: r.next_run_at ? r.next_run_at.toISOString() : null,
      retryAttempt: r.retry_attempt,
      lastRun: last.has(r.id) ? presentRun(last.get(r.id)!) : null,
      createdOn: new Date(r.created_on).toISOString(),
    }));
  }

  /** The addresses of a run: named users still mailable by the owner, and the free addresses. */
  async function addressesOf(owner: Principal, recipients: ScheduleRow['recipients']) {
    const mailable = new Map((await users.mailableUsers(owner)).map((u) => [u.userId, u.email]));
    const out = recipients.flatMap((r) =>
      'userId' in r ? (mailable.has(r.userId) ? [mailable.get(r.userId)!] : []) : [r.email],
    );
    return [...new Set(out.map((e) => e.toLowerCase()))];
  }

  /**
   * One run of a schedule as its owner, for the period relative to `at`: the files, mailed to each
   * recipient. Throws (a RunFailure with the history's words, or the renderer's error) when it fails.
   */
  async function execute(row: ScheduleRow, at: Date) {
    const tx = textsIn(row.language);
    const account = await users.activeAccount(row.owner_id);
    if (!account) throw new RunFailure(tx('schedule_error_owner_disabled'));
    const owner = account.principal;
    const period = runPeriod(row.relative_period as RelativePeriod, row.time_zone, at.getTime());
    const periodText = `${period.from} - ${period.to}`;
    const to = await addressesOf(owner, row.recipients);
    if (to.length === 0) throw new RunFailure(tx('schedule_error_no_recipient'));
    const language = row.language as Language;
    const files: RenderedFile[] = [];
    let text: string | null = null;
    if (row.kind === 'dashboard') {
      const snap = await deps.snapshots.render(owner, row.dashboard_id!, {
        timeZone: row.time_zone,
        language,
        range: period.range,
      });
      files.push({ fileName: snap.filename, contentType: 'application/pdf', body: snap.pdf });
      text = snap.text;
    } else {
      // nodes that left the owner's scope are dropped; nothing left is a failure
      const keep = async (ids: string[]) => {
        const out: string[] = [];
        for (const id of ids) if (await scope.isInScope(owner, id)) out.push(id);
        return out;
      };
      const nodes1 = await keep(row.nodes1);
      const nodes2 = await keep(row.nodes2);
      if (nodes1.length === 0 && row.groups1.length === 0)
        throw new RunFailure(tx('schedule_error_no_location'));
      if (!deps.reportRenderer) throw new RunFailure(tx('schedule_error_no_renderer'));
      for (const format of row.formats as ReportFormat[]) {
        files.push(
          await deps.reportRenderer.renderFile(owner, {
            reportName: row.report_name as UserReport,
            format,
            language,
            parameters: {
              ...(row.options as ScheduleReportOptions),
              title: row.title,
              nodes1,
              nodes2,
              groups1: row.groups1,
              groups2: row.groups2,
              from: period.from,
              to: period.to,
              relativePeriod: row.relative_period as RelativePeriod,
              timeZone: row.time_zone,
            },
          }),
        );
      }
    }
    const link = `${deps.publicUrl.replace(/\/$/, '')}/${language}/report/scheduled/${row.id}`;
    const body =
      tx('schedule_mail_body', {
        title: row.title,
        period: periodText,
        files: files.map((f) => f.fileName).join(', '),
        link,
      }) + (text ? `\n${text}` : '');
    for (const address of to) {
      await deps.mailer.send({
        to: address,
        subject: tx('schedule_mail_subject', { title: row.title, period: periodText }),
        text: body,
        attachments: files.map((f) => ({
          filename: f.fileName,
          content: f.body,
          contentType: f.contentType,
        })),
      });
    }
    return { period, recipients: to.length, files: files.map((f) => f.fileName) };
  }

  /** Runs and records the outcome; never throws for a failed run (the history holds it). */
  async function runAndRecord(
    row: ScheduleRow,
    at: Date,
    trigger: 'schedule' | 'manual',
    attempts: number,
    recordFailure: (error: string) => boolean,
  ): Promise<{ result: ExecutionResult; run: RunRow | null; error: string | null }> {
    const period = runPeriod(row.relative_period as RelativePeriod, row.time_zone, at.getTime());
    try {
      const done = await execute(row, at);
      const run = await insertRun(db, {
        schedule_id: row.id,
        occurred_on: clock.now(),
        execution_result: 'Success',
        error: null,
        trigger,
        attempts,
        period_from: done.period.from,
        period_to: done.period.to,
        recipients: done.recipients,
        files: done.files,
      });
      return { result: 'Success', run, error: null };
    } catch (err) {
      const error = err instanceof RunFailure ? err.message : safeErrorMessage(err);
      deps.log.warn({ scheduleId: row.id, attempts, error }, 'scheduled report failed');
      if (!recordFailure(error)) return { result: 'Failure', run: null, error };
      const run = await insertRun(db, {
        schedule_id: row.id,
        occurred_on: clock.now(),
        execution_result: 'Failure',
        error,
        trigger,
        attempts,
        period_from: period.from,
        period_to: period.to,
        recipients: 0,
        files: [],
      });
      return { result: 'Failure', run, error };
    }
  }

  return {
    /** GET /api/Schedule/frequencies */
    frequencies(principal: Principal) {
      assertReports(principal);
      return {
        frequencies: [...SCHEDULE_FREQUENCIES],
        relativePeriods: [...RELATIVE_PERIODS],
        formats: [...REPORT_FORMATS],
        reports: [...USER_REPORTS],
        maxAttempts: SCHEDULE_MAX_ATTEMPTS,
      };
    },

    /** GET /api/Schedule/recipients: the users of the caller's scope a schedule may be mailed to. */
    async recipients(principal: Principal) {
      assertReports(principal);
      return (await users.mailableUsers(principal)).map(({ userId, name, email }) => ({
        userId,
        name,
        email,
      }));
    },

    /** GET /api/Schedule/automated-reports (optionally some ids; others' ids are left out). */
    async list(
      principal: Principal,
      q: { reportIds?: string[]; kind?: 'report' | 'dashboard'; dashboardId?: string },
    ) {
      assertReports(principal);
      const rows = await selectSchedules(db, {
        ownerId: principal.userId,
        ...(q.reportIds && q.reportIds.length > 0 ? { ids: q.reportIds } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.dashboardId ? { dashboardId: q.dashboardId } : {}),
      });
      return present(rows, principal);
    },

    async get(principal: Principal, id: string) {
      const row = await loadOwned(principal, id);
      return (await present([row], principal))[0]!;
    },

    /** POST /api/Schedule/automated-reports */
    async create(principal: Principal, body: ScheduleBody) {
      assertReports(principal);
      await checkBody(principal, body);
      const values = valuesOf(body);
      const next = nextOf(
        {
          frequency: body.frequency,
          time: body.time,
          weekdays: body.weekdays,
          dayOfMonth: body.dayOfMonth,
          timeZone: body.timeZone,
        },
        clock.now(),
      );
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertSchedule(tx, principal.userId, values, next);
        await eventLog.record(tx, principal, 'ReportSchedule.Create', body.title, {
          id,
          kind: body.kind,
          reportName: body.reportName,
          dashboardId: body.dashboardId,
          frequency: body.frequency,
          time: body.time,
          recipients: body.recipients.length,
        });
        return id;
      });
      return this.get(principal, id);
    },

    /** PUT /api/Schedule/automated-reports/:id (a disabled schedule stays disabled) */
    async update(principal: Principal, id: string, body: ScheduleBody) {
      const row = await loadOwned(principal, id);
      await checkBody(principal, body);
      const next = row.disabled_on
        ? null
        : nextOf(
            {
              frequency: body.frequency,
              time: body.time,
              weekdays: body.weekdays,
              dayOfMonth: body.dayOfMonth,
              timeZone: body.timeZone,
            },
            clock.now(),
          );
      await eventLog.withAudit(async (tx) => {
        await updateSchedule(tx, id, valuesOf(body), next);
        await eventLog.record(tx, principal, 'ReportSchedule.Update', body.title, { id, kind: body.kind });
      });
      return this.get(principal, id);
    },

    /** PATCH .../disabled-on: a date disables (spec "A report is disabled or enabled by setting disabledOn"). */
    async setDisabledOn(principal: Principal, id: string, disabledOn: string | null) {
      const row = await loadOwned(principal, id);
      const when = disabledOn ? new Date(disabledOn) : null;
      const next = when ? null : nextOf(ruleOf(row), clock.now());
      await eventLog.withAudit(async (tx) => {
        await setDisabledOn(tx, id, when, next);
        await eventLog.record(
          tx,
          principal,
          when ? 'ReportSchedule.Disable' : 'ReportSchedule.Enable',
          row.title,
          {
            id,
          },
        );
      });
      return this.get(principal, id);
    },

    /** DELETE /api/Schedule/:id; `kind` narrows it (DELETE of a dashboard's snapshot schedule). */
    async remove(principal: Principal, id: string, kind?: 'report' | 'dashboard') {
      const row = await loadOwned(principal, id, kind);
      await eventLog.withAudit(async (tx) => {
        await deleteSchedule(tx, id);
        await eventLog.record(tx, principal, 'ReportSchedule.Delete', row.title, { id, kind: row.kind });
      });
      return { deleted: true as const };
    },

    /** GET .../history: the runs of the caller's schedules among `reportIds` (all of them when none). */
    async history(principal: Principal, q: { reportIds?: string[]; limit: number }) {
      assertReports(principal);
      const own = await selectSchedules(db, { ownerId: principal.userId });
      const wanted =
        q.reportIds && q.reportIds.length > 0 ? new Set(q.reportIds.map((i) => i.toLowerCase())) : null;
      const ids = own.map((r) => r.id).filter((id) => !wanted || wanted.has(id));
      return (await selectRuns(db, ids, q.limit)).map(presentRun);
    },

    /** GET /api/Schedule/nodes: the node and group sets of the caller's schedules, by schedule id. */
    async nodes(principal: Principal, scheduleIds: string[]): Promise<ScheduleNodesResponse> {
      assertReports(principal);
      const rows = await selectSchedules(db, {
        ownerId: principal.userId,
        ...(scheduleIds.length > 0 ? { ids: scheduleIds.map((i) => i.toLowerCase()) } : {}),
      });
      const visible = await scope.visibleNodeIds(principal);
      const names = await nodeNames(db, [...new Set(rows.flatMap((r) => [...r.nodes1, ...r.nodes2]))]);
      const named = (ids: string[]) =>
        ids
          .filter((id) => names.has(id) && (visible === null || visible.has(id)))
          .map((id) => ({ id, name: names.get(id)! }));
      const out: ScheduleNodesResponse = {
        nodes1BySchedules: {},
        nodes2BySchedules: {},
        groups1BySchedules: {},
        groups2BySchedules: {},
      };
      for (const r of rows) {
        out.nodes1BySchedules[r.id] = named(r.nodes1);
        out.nodes2BySchedules[r.id] = named(r.nodes2);
        out.groups1BySchedules[r.id] = r.groups1;
        out.groups2BySchedules[r.id] = r.groups2;
      }
      return out;
    },

    /**
     * POST /api/Dashboard/execute: runs a schedule now (its period relative to `time`, default now),
     * recorded in its history as a manual run; Success when the files went out.
     */
    async executeNow(
      principal: Principal,
      body: { scheduleId: string; reportId?: string | undefined; time?: string | undefined },
    ) {
      const row = await loadOwned(principal, body.scheduleId);
      if (body.reportId && body.reportId.toLowerCase() !== row.id) throw notFound('Schedule');
      const at = body.time ? new Date(body.time) : clock.now();
      const outcome = await runAndRecord(row, at, 'manual', 1, () => true);
      await eventLog.withAudit(async (tx) => {
        await eventLog.record(tx, principal, 'ReportSchedule.Execute', row.title, {
          id: row.id,
          executionResult: outcome.result,
        });
      });
      return { executionResult: outcome.result, run: presentRun(outcome.run!) };
    },

    /** POST /api/Dashboard/send-report: one snapshot of a dashboard for a relative period, mailed now. */
    async sendReport(principal: Principal, body: SendReportBody) {
      assertReports(principal);
      const dashboard = await deps.dashboards.get(principal, body.dashboardId);
      await checkRecipients(principal, body.payload.recipients);
      const p = body.payload;
      const row: ScheduleRow = {
        id: dashboard.id,
        owner_id: principal.userId,
        kind: 'dashboard',
        title: dashboard.name,
        report_name: null,
        dashboard_id: dashboard.id,
        dashboard_name: dashboard.name,
        frequency: 'daily',
        time_of_day: '00:00',
        weekdays: [],
        day_of_month: null,
        time_zone: p.timeZone,
        relative_period: p.relativePeriod,
        formats: ['pdf'],
        recipients: p.recipients.map((r) =>
          'userId' in r ? { userId: r.userId.toLowerCase() } : { email: r.email },
        ),
        language: p.language,
        nodes1: [],
        nodes2: [],
        groups1: [],
        groups2: [],
        options: {},
        disabled_on: null,
        next_run_at: null,
        retry_attempt: 0,
        retry_of: null,
        created_on: clock.now(),
        updated_on: clock.now(),
      };
      let done: Awaited<ReturnType<typeof execute>>;
      try {
        done = await execute(row, clock.now());
      } catch (err) {
        if (err instanceof RunFailure)
          throw new AppError(400, 'send_report_failed', err.message, 'payload.recipients');
        throw err;
      }
      await eventLog.withAudit(async (tx) => {
        await eventLog.record(tx, principal, 'Dashboard.SendReport', dashboard.name, {
          id: dashboard.id,
          relativePeriod: p.relativePeriod,
          recipients: done.recipients,
        });
      });
      return { sent: done.recipients, files: done.files };
    },

    /**
     * The job's work (every minute): each due schedule is claimed (next_run_at moved on), run as its
     * owner and recorded; a failed attempt is tried again later, the last one recorded as a Failure.
     * A schedule whose owner is disabled or deleted stops (disabled, one Failure entry).
     */
    async runDue(limit = 50): Promise<{ ran: number; failed: number }> {
      const now = clock.now();
      let ran = 0;
      let failed = 0;
      for (const row of await selectDue(db, now, limit)) {
        const due = row.next_run_at!;
        const occurrence = row.retry_of ?? due;
        const attempt = row.retry_attempt + 1;
        const regular = nextOf(ruleOf(row), now);
        if (!(await claimDue(db, row.id, due, { nextRunAt: regular, retryAttempt: 0, retryOf: null })))
          continue;
        ran++;
        const account = await users.activeAccount(row.owner_id);
        if (!account) {
          // the owner cannot read anything any more: the schedule stops
          await setDisabledOn(db, row.id, now, null);
          await runAndRecord(row, occurrence, 'schedule', attempt, () => true);
          failed++;
          continue;
        }
        const last = attempt >= SCHEDULE_MAX_ATTEMPTS;
        const outcome = await runAndRecord(row, occurrence, 'schedule', attempt, () => last);
        if (outcome.result === 'Failure') {
          failed++;
          if (!last) {
            const retryAt = new Date(now.getTime() + SCHEDULE_RETRY_MINUTES * 60_000);
            await setRetry(db, row.id, regular, {
              nextRunAt: retryAt,
              retryAttempt: attempt,
              retryOf: occurrence,
            });
          }
        }
      }
      return { ran, failed };
    },

    /** Demo: a schedule created as the system for a demo user (no event-log actor). */
    async seed(
      ownerId: string,
      body: ScheduleBody,
      history: { at: Date; result: ExecutionResult; error?: string }[],
    ) {
      const next = nextOf(
        {
          frequency: body.frequency,
          time: body.time,
          weekdays: body.weekdays,
          dayOfMonth: body.dayOfMonth,
          timeZone: body.timeZone,
        },
        clock.now(),
      );
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertSchedule(tx, ownerId, valuesOf(body), next);
        await eventLog.record(tx, null, 'ReportSchedule.Create', body.title, {
          id,
          kind: body.kind,
          demo: true,
        });
        return id;
      });
      for (const h of history) {
        const period = runPeriod(body.relativePeriod, body.timeZone, h.at.getTime());
        await insertRun(db, {
          schedule_id: id,
          occurred_on: h.at,
          execution_result: h.result,
          error: h.error ?? null,
          trigger: 'schedule',
          attempts: h.result === 'Failure' ? SCHEDULE_MAX_ATTEMPTS : 1,
          period_from: period.from,
          period_to: period.to,
          recipients: h.result === 'Success' ? body.recipients.length : 0,
          files:
            h.result === 'Success'
              ? body.formats.map((f) => `${body.title.replace(/[^\w.-]+/g, '_')}.${f}`)
              : [],
        });
      }
      return id;
    },

    /** Demo schedules with their history, once (report-schedules-demo.ts). */
    async seedDemo(demo: Parameters<typeof seedScheduleDemo>[1]) {
      return seedScheduleDemo(
        {
          count: () => countSchedules(db),
          accounts: (usernames) => accountsByUsername(db, usernames),
          defaultDashboard: async (userId) => {
            const account = await users.activeAccount(userId);
            if (!account) return null;
            const views = await deps.dashboards.views(account.principal);
            return views.find((v) => v.defaultDashboard) ?? views[0] ?? null;
          },
          previousRuns: (rule, count) => this.previousRuns(rule, count),
          seed: (ownerId, body, history) => this.seed(ownerId, body, history),
        },
        demo,
      );
    },

    /** For the demo: previous runs of a rule before now. */
    previousRuns(rule: ScheduleRule, count: number): Date[] {
      const out: Date[] = [];
      let t = clock.now().getTime() - 40 * 86_400_000;
      for (;;) {
        const next = nextRunAt(rule, t);
        if (next === null || next >= clock.now().getTime()) break;
        out.push(new Date(next));
        t = next;
      }
      return out.slice(-count);
    },
  };
}

export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;
