import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * Read-only queries over the tree and the time-series tables that the live screens need: a node's
 * inherited attributes, its occupancy, and the latest point of each of its series. Nothing here
 * writes; occupancy changes go through the occupancy service.
 */

/** The node and its ancestors, nearest first, with their attributes. */
export async function nodeChain(
  db: Db,
  nodeId: string,
): Promise<{ id: string; name: string; type: string; attributes: Record<string, unknown> }[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    type: string;
    attributes: Record<string, unknown>;
    depth: number;
  }>`
    with recursive up as (
      select id, parent_id, name, type, attributes, 0 as depth from node where id = ${nodeId}
      union all
      select n.id, n.parent_id, n.name, n.type, n.attributes, up.depth + 1
      from node n join up on n.id = up.parent_id where up.depth < 64
    )
    select id, name, type, attributes, depth from up order by depth`.execute(db);
  return rows;
}

export interface OccupancyRow {
  id: string;
  node_id: string;
  current_value: number;
  value_updated_at: Date | null;
}

/** The occupancy configured on a node (one per location), if any. occupancy_config_node_idx. */
export async function occupancyOfNode(db: Db, nodeId: string): Promise<OccupancyRow | undefined> {
  return db
    .selectFrom('occupancy_config')
    .select(['id', 'node_id', 'current_value', 'value_updated_at'])
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

export async function occupancyById(db: Db, id: string): Promise<OccupancyRow | undefined> {
  return db
    .selectFrom('occupancy_config')
    .select(['id', 'node_id', 'current_value', 'value_updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function occupancyValues(db: Db, ids: string[]): Promise<Map<string, OccupancyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('occupancy_config')
    .select(['id', 'node_id', 'current_value', 'value_updated_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface LatestPointRow {
  series_id: string;
  node_id: string;
  node_name: string;
  measurement_protocol: string;
  meta_tags: string[];
  value: number | null;
  occurred_on: Date | null;
  /** thresholds of a live view showing this occupancy series, if any */
  warning_threshold: number | null;
  alert_threshold: number | null;
}

/**
 * The latest point of every series of a node and of the nodes below it (at most `limit` series).
 * Each lookup is one backward step on the measurement primary key (series_key, occurred_on).
 */
export async function latestPoints(db: Db, nodeId: string, limit = 100): Promise<LatestPointRow[]> {
  const { rows } = await sql<LatestPointRow>`
    with recursive sub as (
      select id, name from node where id = ${nodeId}
      union all
      select c.id, c.name from node c join sub on c.parent_id = sub.id
    )
    select ts.id as series_id, ts.node_id, sub.name as node_name, ts.measurement_protocol, ts.meta_tags,
           m.value, m.occurred_on, lv.warning_threshold, lv.alert_threshold
    from time_series ts
    join sub on sub.id = ts.node_id
    left join lateral (
      select value, occurred_on from measurement
      where series_key = ts.key order by occurred_on desc limit 1
    ) m on true
    left join lateral (
      select v.warning_threshold, v.alert_threshold
      from occupancy_config oc join live_view v on v.occupancy_id = oc.id
      where oc.history_series_id = ts.id
      order by v.created_at limit 1
    ) lv on true
    order by ts.node_id = ${nodeId} desc, sub.name, ts.measurement_protocol, ts.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The latest value of one series; null without data. One backward step on the measurement key. */
export async function latestSeriesValue(db: Db, seriesId: string): Promise<number | null> {
  const row = await db
    .selectFrom('time_series as ts')
    .innerJoin('measurement as m', 'm.series_key', 'ts.key')
    .select('m.value')
    .where('ts.id', '=', seriesId)
    .orderBy('m.occurred_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.value ?? null;
}
