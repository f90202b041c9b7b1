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

export interface NodeKpiRow {
  key: number;
  node_id: string;
  measurement_protocol: string;
  meta_tags: string[];
  series_keys: number[];
  time_zones: string[];
  interval_seconds: number[];
}

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

export interface QuerySourceRows {
  nodes: RequestedNodeRow[];
  nodeKpis: NodeKpiRow[];
  ownSeries: OwnSeriesRow[];
  children: (NodeKpiRow & { parent_id: string })[];
}

/**
 * For the requested nodes, in one round trip: each node's type, zone (its own timezone attribute or
 * its nearest ancestor's), requested ancestors and ancestors (walking up parent_id); the node totals
 * of locations and groups with their member series (node_kpi_identity_idx); devices' own series,
 * excluded-in-formula ones included (time_series_identity_idx); the node totals of their children.
 * The statement is the PL/pgSQL function query_sources (migration 0104), planned once per connection.
 */
export async function findQuerySources(
  db: Db,
  nodeIds: string[],
  protocols: string[],
): Promise<QuerySourceRows> {
  const { rows } = await sql<{ r: QuerySourceRows }>`
    select query_sources(${nodeIds}::uuid[], ${protocols}::text[]) as r`.execute(db);
  return rows[0]!.r;
}
