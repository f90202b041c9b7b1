import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { ReportScheduleRunTable } from '../../platform/db/report-schedules.tables.js';

export type ScheduleRecipientRow = { userId: string } | { email: string };

/** A schedule's settings as stored (what create and update write). */
export interface ScheduleValues {
  kind: 'report' | 'dashboard';
  title: string;
  report_name: string | null;
  dashboard_id: string | null;
  frequency: 'daily' | 'weekly' | 'monthly';
  time_of_day: string;
  weekdays: number[];
  day_of_month: number | null;
  time_zone: string;
  relative_period: string;
  formats: string[];
  recipients: ScheduleRecipientRow[];
  language: string;
  nodes1: string[];
  nodes2: string[];
  groups1: string[];
  groups2: string[];
  options: Record<string, unknown>;
}

export interface ScheduleRow extends ScheduleValues {
  id: string;
  owner_id: string;
  disabled_on: Date | null;
  next_run_at: Date | null;
  retry_attempt: number;
  retry_of: Date | null;
  created_on: Date;
  updated_on: Date;
  dashboard_name: string | null;
}
export type RunRow = Omit<ReportScheduleRunTable, 'id'> & { id: string };

const columns = [
  's.id',
  's.owner_id',
  's.kind',
  's.title',
  's.report_name',
  's.dashboard_id',
  's.frequency',
  's.time_of_day',
  's.weekdays',
  's.day_of_month',
  's.time_zone',
  's.relative_period',
  's.formats',
  's.recipients',
  's.language',
  's.nodes1',
  's.nodes2',
  's.groups1',
  's.groups2',
  's.options',
  's.disabled_on',
  's.next_run_at',
  's.retry_attempt',
  's.retry_of',
  's.created_on',
  's.updated_on',
  'd.name as dashboard_name',
] as const;

const schedules = (db: Db | Tx) =>
  db.selectFrom('report_schedule as s').leftJoin('dashboard as d', 'd.id', 's.dashboard_id').select(columns);

/** An owner's schedules (report_schedule_owner_idx), optionally only some ids, by title. */
export async function selectSchedules(
  db: Db | Tx,
  f: { ownerId?: string; ids?: string[]; kind?: 'report' | 'dashboard'; dashboardId?: string },
): Promise<ScheduleRow[]> {
  let q = schedules(db);
  if (f.ownerId) q = q.where('s.owner_id', '=', f.ownerId);
  if (f.ids) q = q.where('s.id', 'in', f.ids.length > 0 ? f.ids : ['00000000-0000-0000-0000-000000000000']);
  if (f.kind) q = q.where('s.kind', '=', f.kind);
  if (f.dashboardId) q = q.where('s.dashboard_id', '=', f.dashboardId);
  return (await q
    .orderBy(sql`lower(s.title)`)
    .orderBy('s.created_on')
    .execute()) as unknown as ScheduleRow[];
}

export async function selectSchedule(db: Db | Tx, id: string): Promise<ScheduleRow | undefined> {
  return (await schedules(db).where('s.id', '=', id).executeTakeFirst()) as unknown as
    ScheduleRow | undefined;
}

const toDb = (v: ScheduleValues) => ({
  ...v,
  recipients: JSON.stringify(v.recipients),
  options: JSON.stringify(v.options),
});

export async function insertSchedule(
  tx: Tx,
  ownerId: string,
  v: ScheduleValues,
  nextRunAt: Date | null,
): Promise<string> {
  const row = await tx
    .insertInto('report_schedule')
    .values({ ...toDb(v), owner_id: ownerId, next_run_at: nextRunAt, disabled_on: null, retry_of: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a schedule's settings; a pending retry is dropped (the new settings start afresh). */
export async function updateSchedule(tx: Tx, id: string, v: ScheduleValues, nextRunAt: Date | null) {
  await tx
    .updateTable('report_schedule')
    .set({ ...toDb(v), next_run_at: nextRunAt, retry_attempt: 0, retry_of: null, updated_on: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setDisabledOn(
  tx: Db | Tx,
  id: string,
  disabledOn: Date | null,
  nextRunAt: Date | null,
) {
  await tx
    .updateTable('report_schedule')
    .set({ disabled_on: disabledOn, next_run_at: nextRunAt, retry_attempt: 0, retry_of: null })
    .where('id', '=', id)
    .execute();
}

export async function deleteSchedule(tx: Tx, id: string): Promise<number> {
  const r = await tx.deleteFrom('report_schedule').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The schedules due at `now`, oldest first (report_schedule_due_idx). */
export async function selectDue(db: Db, now: Date, limit: number): Promise<ScheduleRow[]> {
  return (await schedules(db)
    .where('s.next_run_at', '<=', now)
    .where('s.disabled_on', 'is', null)
    .orderBy('s.next_run_at')
    .limit(limit)
    .execute()) as unknown as ScheduleRow[];
}

/**
 * Claims a due run: moves `next_run_at` from the value read to the next one (and the retry state)
 * in one conditional update. Only one caller can move it from that value, so a run happens once
 * even when two instances read the same due schedule.
 */
export async function claimDue(
  db: Db,
  id: string,
  due: Date,
  next: { nextRunAt: Date | null; retryAttempt: number; retryOf: Date | null },
): Promise<boolean> {
  const r = await db
    .updateTable('report_schedule')
    .set({ next_run_at: next.nextRunAt, retry_attempt: next.retryAttempt, retry_of: next.retryOf })
    .where('id', '=', id)
    .where('next_run_at', '=', due)
    .where('disabled_on', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** After a failed attempt: the next attempt's time (or, out of attempts, the next regular run). */
export async function setRetry(
  db: Db,
  id: string,
  claimedNext: Date | null,
  next: { nextRunAt: Date | null; retryAttempt: number; retryOf: Date | null },
) {
  await db
    .updateTable('report_schedule')
    .set({ next_run_at: next.nextRunAt, retry_attempt: next.retryAttempt, retry_of: next.retryOf })
    .where('id', '=', id)
    // only when nobody changed the schedule meanwhile (an edit or a disable resets it)
    .where(sql<boolean>`next_run_at is not distinct from ${claimedNext}`)
    .execute();
}

export async function insertRun(db: Db | Tx, run: Omit<RunRow, 'id'>): Promise<RunRow> {
  const row = await db.insertInto('report_schedule_run').values(run).returningAll().executeTakeFirstOrThrow();
  return { ...row, id: String(row.id) };
}

/** History of some schedules, newest first (report_schedule_run_schedule_idx). */
export async function selectRuns(db: Db, scheduleIds: string[], limit: number): Promise<RunRow[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectFrom('report_schedule_run')
    .selectAll()
    .where('schedule_id', 'in', scheduleIds)
    .orderBy('occurred_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** The newest run of each schedule. */
export async function selectLastRuns(db: Db, scheduleIds: string[]): Promise<RunRow[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectFrom('report_schedule_run')
    .selectAll()
    .distinctOn('schedule_id')
    .where('schedule_id', 'in', scheduleIds)
    .orderBy('schedule_id')
    .orderBy('occurred_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** Names of nodes (the nodes response). */
export async function nodeNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('node').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the schedule table holds anything (the demo seeds once). */
export async function countSchedules(db: Db): Promise<number> {
  const r = await db
    .selectFrom('report_schedule')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Demo seeding: the demo accounts' ids and languages. */
export const accountsByUsername = (db: Db, usernames: string[]) =>
  db
    .selectFrom('app_user')
    .select(['id', 'username', 'language'])
    .where('username', 'in', usernames.length > 0 ? usernames : [''])
    .execute();
