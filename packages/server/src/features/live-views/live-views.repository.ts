import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** Live view rows, with the node they show. */
export interface LiveViewRow {
  id: string;
  node_id: string;
  node_name: string;
  occupancy_id: string | null;
  name: string;
  warning_threshold: number;
  alert_threshold: number;
  black_screen_outside_business_hours: boolean;
  threshold_delta: number;
  is_delta_percentage: boolean;
  share_token_hash: string | null;
}

export interface LiveViewWrite {
  node_id: string;
  occupancy_id: string | null;
  name: string;
  warning_threshold: number;
  alert_threshold: number;
  black_screen_outside_business_hours: boolean;
  threshold_delta: number;
  is_delta_percentage: boolean;
}

const selectViews = (db: Db) =>
  db
    .selectFrom('live_view as lv')
    .innerJoin('node as n', 'n.id', 'lv.node_id')
    .select([
      'lv.id',
      'lv.node_id',
      'n.name as node_name',
      'lv.occupancy_id',
      'lv.name',
      'lv.warning_threshold',
      'lv.alert_threshold',
      'lv.black_screen_outside_business_hours',
      'lv.threshold_delta',
      'lv.is_delta_percentage',
      'lv.share_token_hash',
    ]);

export async function findLiveView(db: Db, id: string): Promise<LiveViewRow | undefined> {
  return selectViews(db).where('lv.id', '=', id).executeTakeFirst();
}

export async function findLiveViewByShareHash(db: Db, hash: string): Promise<LiveViewRow | undefined> {
  return selectViews(db).where('lv.share_token_hash', '=', hash).executeTakeFirst();
}

/**
 * Live views whose node lies under `scopeRootId` (null = all), ordered by name. The subtree walk
 * follows node_parent_idx; live_view_node_idx joins the views.
 */
export async function listLiveViews(db: Db, scopeRootId: string | null): Promise<LiveViewRow[]> {
  let q = selectViews(db);
  if (scopeRootId !== null) {
    q = q.where(
      'lv.node_id',
      'in',
      sql<string>`(with recursive sub as (
          select id from node where id = ${scopeRootId}
          union all
          select c.id from node c join sub on c.parent_id = sub.id
        ) select id from sub)`,
    );
  }
  return q.orderBy('lv.name').orderBy('lv.id').execute();
}

export async function insertLiveView(db: Db, row: LiveViewWrite): Promise<string> {
  const r = await db.insertInto('live_view').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateLiveView(db: Db, id: string, row: LiveViewWrite, at: Date): Promise<void> {
  await db
    .updateTable('live_view')
    .set({ ...row, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteLiveView(db: Db, id: string): Promise<void> {
  await db.deleteFrom('live_view').where('id', '=', id).execute();
}

export async function setShareHash(db: Db, id: string, hash: string | null, at: Date): Promise<void> {
  await db
    .updateTable('live_view')
    .set({ share_token_hash: hash, share_created_at: hash ? at : null, updated_at: at })
    .where('id', '=', id)
    .execute();
}
