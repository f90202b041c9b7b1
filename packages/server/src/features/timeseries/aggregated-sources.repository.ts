import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** Lookups that turn requested nodes into the series and node totals an aggregated query reads. */

export interface RequestedNodeRow {
  id: string;
  type: 'group' | 'location' | 'device';
  /** the node's own timezone attribute or its nearest ancestor's; null when none has one */
  time_zone: string | null;
  /** requested nodes among the node's strict ancestors */
  requested_ancestors: string[];
  /** the node and all its ancestors */
  ancestors: string[];
}

/** Type, zone and requested ancestors of each requested node (walks up parent_id by the primary key). */
const requestedNodesSql = (nodeIds: string[]) => sql<RequestedNodeRow>`
    with recursive up as (
      select n.id as start_id, n.type as start_type, n.id, n.parent_id, n.attributes->>'timezone' as tz, 0 as depth
      from node n where n.id = any(${nodeIds}::uuid[])
      union all
      select up.start_id, up.start_type, p.id, p.parent_id, p.attributes->>'timezone', up.depth + 1
      from node p join up on p.id = up.parent_id where up.depth < 64
    )
    select start_id as id, min(start_type) as type,
      (array_agg(tz order by depth) filter (where tz is not null and tz <> ''))[1] as time_zone,
      coalesce(array_agg(id) filter (where depth > 0 and id = any(${nodeIds}::uuid[])), '{}') as requested_ancestors,
      array_agg(id) as ancestors
    from up group by start_id`;

export interface NodeKpiRow {
  key: number;
  node_id: string;
  measurement_protocol: string;
  meta_tags: string[];
  series_keys: number[];
  time_zones: string[];
  interval_seconds: number[];
}

/** Node totals (node_kpi_identity_idx) with their member series, for locations and groups. */
const nodeKpisSql = (nodeIds: string[], protocols: string[]) => sql<NodeKpiRow>`
    select nk.key, nk.node_id, nk.measurement_protocol, nk.meta_tags,
      coalesce(array_agg(ts.key order by ts.key) filter (where ts.key is not null), '{}') as series_keys,
      coalesce(array_agg(ts.time_zone order by ts.key) filter (where ts.key is not null), '{}') as time_zones,
      coalesce(array_agg(ts.interval_seconds order by ts.key) filter (where ts.key is not null), '{}')
        as interval_seconds
    from node_kpi nk
    left join node_kpi_member m on m.node_kpi_key = nk.key
    left join time_series ts on ts.key = m.series_key
    where nk.node_id = any(${nodeIds}::uuid[]) and nk.measurement_protocol = any(${protocols}::text[])
    group by nk.key`;

/** Node totals of the children of the given nodes (node_parent_idx, then node_kpi_identity_idx). */
export async function findChildNodeKpis(
  db: Db,
  parentIds: string[],
  protocols: string[],
): Promise<(NodeKpiRow & { parent_id: string })[]> {
  if (parentIds.length === 0 || protocols.length === 0) return [];
  const { rows } = await childNodeKpisSql(parentIds, protocols).execute(db);
  return rows;
}

const childNodeKpisSql = (parentIds: string[], protocols: string[]) => sql<
  NodeKpiRow & { parent_id: string }
>`
    select nk.key, nk.node_id, n.parent_id, nk.measurement_protocol, nk.meta_tags,
      coalesce(array_agg(ts.key order by ts.key) filter (where ts.key is not null), '{}') as series_keys,
      coalesce(array_agg(ts.time_zone order by ts.key) filter (where ts.key is not null), '{}') as time_zones,
      coalesce(array_agg(ts.interval_seconds order by ts.key) filter (where ts.key is not null), '{}')
        as interval_seconds
    from node n
    join node_kpi nk on nk.node_id = n.id
    left join node_kpi_member m on m.node_kpi_key = nk.key
    left join time_series ts on ts.key = m.series_key
    where n.parent_id = any(${parentIds}::uuid[]) and nk.measurement_protocol = any(${protocols}::text[])
    group by nk.key, n.parent_id`;

export interface OwnSeriesRow {
  key: number;
  node_id: string;
  measurement_protocol: string;
  meta_tags: string[];
  time_zone: string;
  interval_seconds: number;
}

/** A device's own series (time_series_identity_idx), excluded-in-formula ones included. */
const ownSeriesSql = (nodeIds: string[], protocols: string[]) => sql<OwnSeriesRow>`
    select key, node_id, measurement_protocol, meta_tags, time_zone, interval_seconds
    from time_series
    where node_id = any(${nodeIds}::uuid[]) and measurement_protocol = any(${protocols}::text[])`;

export interface QuerySourceRows {
  nodes: RequestedNodeRow[];
  nodeKpis: NodeKpiRow[];
  ownSeries: OwnSeriesRow[];
  children: (NodeKpiRow & { parent_id: string })[];
}

/**
 * The four lookups above for the requested nodes in one statement (one round trip and one
 * connection instead of four: they ran on four pooled connections before).
 */
export async function findQuerySources(
  db: Db,
  nodeIds: string[],
  protocols: string[],
): Promise<QuerySourceRows> {
  const all = (q: ReturnType<typeof sql>) => sql`(select coalesce(json_agg(t), '[]'::json) from (${q}) t)`;
  const { rows } = await sql<QuerySourceRows>`
    select ${all(requestedNodesSql(nodeIds))} as nodes, ${all(nodeKpisSql(nodeIds, protocols))} as "nodeKpis",
      ${all(ownSeriesSql(nodeIds, protocols))} as "ownSeries",
      ${all(childNodeKpisSql(nodeIds, protocols))} as children`.execute(db);
  return rows[0]!;
}
