import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export interface ResetScheduleRow {
  id: string;
  name: string;
  time_of_day: string;
  days_of_week: number[];
  locations: { id: string; name: string }[];
}

export async function listSchedules(db: Db): Promise<ResetScheduleRow[]> {
  const { rows } = await sql<ResetScheduleRow>`
    select s.id, s.name, s.time_of_day, s.days_of_week,
      coalesce(json_agg(json_build_object('id', n.id, 'name', n.name) order by n.name)
        filter (where n.id is not null), '[]') as locations
    from occupancy_reset_schedule s
    left join occupancy_reset_schedule_location l on l.schedule_id = s.id
    left join node n on n.id = l.node_id
    group by s.id order by s.created_at`.execute(db);
  return rows;
}

export async function findSchedule(db: Db, id: string): Promise<ResetScheduleRow | undefined> {
  return (await listSchedules(db)).find((s) => s.id === id);
}

/** Replaces (or creates) a schedule in one transaction: the old one goes, a new id comes. */
export async function replaceSchedule(
  db: Db,
  oldId: string | null,
  row: { name: string; time: string; days: number[]; locationIds: string[] },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (oldId) await trx.deleteFrom('occupancy_reset_schedule').where('id', '=', oldId).execute();
    const { id } = await trx
      .insertInto('occupancy_reset_schedule')
      .values({ name: row.name, time_of_day: row.time, days_of_week: row.days })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.locationIds.length > 0)
      await trx
        .insertInto('occupancy_reset_schedule_location')
        .values(row.locationIds.map((nodeId) => ({ schedule_id: id, node_id: nodeId })))
        .execute();
    return id;
  });
}

export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('occupancy_reset_schedule').where('id', '=', id).execute();
}

export async function nodeKinds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('node')
    .select(['id', 'type'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.type]));
}

export interface DueReset {
  schedule_id: string;
  node_id: string;
  time_of_day: string;
  days_of_week: number[];
  last_run_local_date: string | null;
}

/** Every (schedule, location) pair, for the minute ticker to check against each location's clock. */
export async function resetPairs(db: Db): Promise<DueReset[]> {
  const { rows } = await sql<DueReset>`
    select l.schedule_id, l.node_id, s.time_of_day, s.days_of_week, l.last_run_local_date
    from occupancy_reset_schedule_location l join occupancy_reset_schedule s on s.id = l.schedule_id`.execute(
    db,
  );
  return rows;
}

/** Claims one run (exactly once across instances): true when this caller got it. */
export async function claimRun(
  db: Db,
  scheduleId: string,
  nodeId: string,
  localDate: string,
): Promise<boolean> {
  const res = await db
    .updateTable('occupancy_reset_schedule_location')
    .set({ last_run_local_date: localDate })
    .where('schedule_id', '=', scheduleId)
    .where('node_id', '=', nodeId)
    .where((eb) => eb.or([eb('last_run_local_date', 'is', null), eb('last_run_local_date', '<>', localDate)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
