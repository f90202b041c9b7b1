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
}

/** Every (schedule, location) pair, for the daily reset job to check against each location's clock. */
export async function resetPairs(db: Db): Promise<DueReset[]> {
  const { rows } = await sql<DueReset>`
    select l.schedule_id, l.node_id, s.time_of_day, s.days_of_week
    from occupancy_reset_schedule_location l join occupancy_reset_schedule s on s.id = l.schedule_id`.execute(
    db,
  );
  return rows;
}

/**
 * The schedules that reset `nodeId` (a location), its location (a device) or a location under it (a
 * group): the tree node's `occupancy-reset-schedule`. Walks up for a device and down for a group.
 */
export async function scheduleIdsOfNode(db: Db, nodeId: string): Promise<string[]> {
  const { rows } = await sql<{ schedule_id: string }>`
    with recursive below(id) as (
      select id from node where id = ${nodeId}
      union all select n.id from node n join below b on n.parent_id = b.id
    ), above(id) as (
      select parent_id from node where id = ${nodeId} and type = 'device'
    )
    select distinct l.schedule_id from occupancy_reset_schedule_location l
    where l.node_id in (select id from below) or l.node_id in (select id from above)`.execute(db);
  return rows.map((r) => r.schedule_id);
}
