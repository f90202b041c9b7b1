import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** Site events (showtimes) and their sessions. */
export interface EventRow {
  id: string;
  node_id: string;
  node_name: string;
  name: string;
  time_series_id: string | null;
}

export interface SessionRow {
  id: string;
  event_id: string;
  node_id: string;
  node_name: string;
  title: string;
  start_at: Date;
  end_at: Date;
  occupancy_sold: number;
  occupancy_max: number | null;
  is_cancelled: boolean;
  alerts_raw: string;
}

export interface SessionWrite {
  node_id: string;
  title: string;
  start_at: Date;
  end_at: Date;
  occupancy_sold: number;
  occupancy_max: number | null;
  is_cancelled: boolean;
  alerts_raw: string;
}

const selectEvents = (db: Db) =>
  db
    .selectFrom('site_event as e')
    .innerJoin('node as n', 'n.id', 'e.node_id')
    .select(['e.id', 'e.node_id', 'n.name as node_name', 'e.name', 'e.time_series_id']);

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  return selectEvents(db).where('e.id', '=', id).executeTakeFirst();
}

/** Events at or below `rootId` (null = all), by name; site_event_node_idx after the subtree walk. */
export async function listEvents(db: Db, rootId: string | null): Promise<EventRow[]> {
  let q = selectEvents(db);
  if (rootId !== null) {
    q = q.where(
      'e.node_id',
      'in',
      sql<string>`(with recursive sub as (
          select id from node where id = ${rootId}
          union all
          select c.id from node c join sub on c.parent_id = sub.id
        ) select id from sub)`,
    );
  }
  return q.orderBy('e.name').orderBy('e.id').execute();
}

export async function insertEvent(
  db: Db,
  row: { node_id: string; name: string; time_series_id: string | null },
): Promise<string> {
  const r = await db.insertInto('site_event').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateEvent(
  db: Db,
  id: string,
  row: { node_id: string; name: string; time_series_id: string | null },
  at: Date,
): Promise<void> {
  await db
    .updateTable('site_event')
    .set({ ...row, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('site_event').where('id', '=', id).execute();
}

/** Whether a series exists on `nodeId` or below it. */
export async function seriesUnder(db: Db, seriesId: string, nodeId: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    with recursive sub as (
      select id from node where id = ${nodeId}
      union all
      select c.id from node c join sub on c.parent_id = sub.id
    )
    select exists (select 1 from time_series ts join sub on sub.id = ts.node_id where ts.id = ${seriesId}) as ok`.execute(
    db,
  );
  return rows[0]?.ok ?? false;
}

const selectSessions = (db: Db) =>
  db
    .selectFrom('site_event_session as s')
    .innerJoin('node as n', 'n.id', 's.node_id')
    .select([
      's.id',
      's.event_id',
      's.node_id',
      'n.name as node_name',
      's.title',
      's.start_at',
      's.end_at',
      's.occupancy_sold',
      's.occupancy_max',
      's.is_cancelled',
      's.alerts_raw',
    ]);

/**
 * Sessions of one event that run during [from, to): starting in it, or started before and still
 * running (a show that crosses midnight is on both days' lists, and current after midnight);
 * site_event_session_time_idx.
 */
export async function sessionsBetween(db: Db, eventId: string, from: Date, to: Date): Promise<SessionRow[]> {
  return selectSessions(db)
    .where('s.event_id', '=', eventId)
    .where('s.start_at', '<', to)
    .where((eb) => eb.or([eb('s.start_at', '>=', from), eb('s.end_at', '>', from)]))
    .orderBy('s.start_at')
    .orderBy('s.title')
    .execute();
}

export async function findSession(db: Db, eventId: string, id: string): Promise<SessionRow | undefined> {
  return selectSessions(db).where('s.event_id', '=', eventId).where('s.id', '=', id).executeTakeFirst();
}

/** Inserts all sessions or none (one transaction). */
export async function insertSessions(db: Db, eventId: string, rows: SessionWrite[]): Promise<string[]> {
  if (rows.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({ ...r, event_id: eventId }));
      const got = await tx.insertInto('site_event_session').values(chunk).returning('id').execute();
      ids.push(...got.map((g) => g.id));
    }
    return ids;
  });
}

export async function updateSession(db: Db, id: string, row: SessionWrite, at: Date): Promise<void> {
  await db
    .updateTable('site_event_session')
    .set({ ...row, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('site_event_session').where('id', '=', id).execute();
}
