import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

export interface SeriesRow {
  id: string;
  key: number;
  node_id: string;
  node_name: string;
  measurement_protocol: string;
  meta_tags: string[];
  excluded_in_formula: boolean;
  interval_seconds: number;
  source: string | null;
  time_zone: string;
  last_observation: Date | null;
  last_value: number | null;
}

const SERIES_COLUMNS = sql`
  s.id, s.key, s.node_id, n.name as node_name, s.measurement_protocol, s.meta_tags, s.excluded_in_formula,
  s.interval_seconds, s.source, s.time_zone,
  (select max(m.occurred_on) from measurement m where m.series_key = s.key) as last_observation,
  (select m.value from measurement m where m.series_key = s.key order by m.occurred_on desc limit 1) as last_value`;

export async function insertSeries(
  q: Q,
  row: {
    nodeId: string;
    protocol: string;
    metaTags: string[];
    intervalSeconds: number;
    source: string | null;
    excluded?: boolean;
  },
): Promise<{ id: string; key: number } | null> {
  const { rows } = await sql<{ id: string; key: number }>`
    insert into time_series (node_id, measurement_protocol, meta_tags, interval_seconds, source, excluded_in_formula)
    values (${row.nodeId}, ${row.protocol}, ${row.metaTags}::text[], ${row.intervalSeconds}, ${row.source},
      ${row.excluded ?? false})
    on conflict (node_id, measurement_protocol, meta_tags) do nothing
    returning id, key`.execute(q);
  return rows[0] ?? null;
}

/**
 * Inserts untagged series in one statement, each with its rollup basis (zone and one int4multirange
 * literal per weekday); a pair that already exists is skipped. Answers the inserted ones.
 */
export async function insertUntaggedSeries(
  q: Q,
  rows: readonly { nodeId: string; protocol: string; timeZone: string; businessMinutes: string[] }[],
  made: { intervalSeconds: number; source: string | null },
): Promise<{ id: string; key: number; node_id: string; measurement_protocol: string }[]> {
  if (rows.length === 0) return [];
  // each series' weekday ranges as one array literal (unnest would flatten a two-dimensional array)
  const hours = rows.map((r) => `{${r.businessMinutes.map((m) => `"${m}"`).join(',')}}`);
  const { rows: inserted } = await sql<{
    id: string;
    key: number;
    node_id: string;
    measurement_protocol: string;
  }>`
    insert into time_series (node_id, measurement_protocol, meta_tags, interval_seconds, source,
      excluded_in_formula, time_zone, business_minutes)
    select n, p, '{}', ${made.intervalSeconds}, ${made.source}, false, tz, bm::int4multirange[]
    from unnest(${rows.map((r) => r.nodeId)}::uuid[], ${rows.map((r) => r.protocol)}::text[],
      ${rows.map((r) => r.timeZone)}::text[], ${hours}::text[]) as x(n, p, tz, bm)
    on conflict (node_id, measurement_protocol, meta_tags) do nothing
    returning id, key, node_id, measurement_protocol`.execute(q);
  return inserted;
}

/** Makes the untagged node totals exist and adds the series to them, in two statements; answers the totals joined. */
export async function joinUntaggedTotals(
  q: Q,
  members: readonly { nodeId: string; protocol: string; seriesKey: number }[],
): Promise<number[]> {
  if (members.length === 0) return [];
  const nodes = members.map((m) => m.nodeId);
  const protocols = members.map((m) => m.protocol);
  await sql`
    insert into node_kpi (node_id, measurement_protocol, meta_tags)
    select distinct n, p, '{}'::text[] from unnest(${nodes}::uuid[], ${protocols}::text[]) as x(n, p)
    order by 1, 2
    on conflict (node_id, measurement_protocol, meta_tags) do nothing`.execute(q);
  const { rows } = await sql<{ key: number }>`
    insert into node_kpi_member (node_kpi_key, series_key)
    select k.key, x.s from unnest(${nodes}::uuid[], ${protocols}::text[], ${members.map((m) => m.seriesKey)}::int[]) as x(n, p, s)
    join node_kpi k on k.node_id = x.n and k.measurement_protocol = x.p and k.meta_tags = '{}'
    on conflict do nothing
    returning node_kpi_key as key`.execute(q);
  return [...new Set(rows.map((r) => r.key))];
}

/**
 * Totals among `keys` that had one member before the `joined` series joined them and have more now.
 * A total of one series keeps no rows of its own (it is read from that series' rollups): these need
 * theirs built.
 */
export async function totalsGrownFromOne(
  q: Q,
  keys: readonly number[],
  joined: readonly number[],
): Promise<number[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{ key: number }>`
    select node_kpi_key as key from node_kpi_member where node_kpi_key = any(${[...keys]}::int[])
    group by 1
    having count(*) > 1 and count(*) filter (where series_key <> all(${[...joined]}::int[])) = 1`.execute(q);
  return rows.map((r) => r.key);
}

export async function findSeriesByIdentity(q: Q, nodeId: string, protocol: string, metaTags: string[]) {
  const { rows } = await sql<SeriesRow>`
    select ${SERIES_COLUMNS} from time_series s join node n on n.id = s.node_id
    where s.node_id = ${nodeId} and s.measurement_protocol = ${protocol} and s.meta_tags = ${metaTags}::text[]`.execute(
    q,
  );
  return rows[0] ?? null;
}

/** The untagged series of the given nodes and protocols (one query for a whole import's series). */
export async function findUntaggedSeries(q: Q, nodeIds: readonly string[], protocols: readonly string[]) {
  if (nodeIds.length === 0 || protocols.length === 0) return [];
  const { rows } = await sql<{ id: string; key: number; node_id: string; measurement_protocol: string }>`
    select s.id, s.key, s.node_id, s.measurement_protocol from time_series s
    where s.node_id = any(${[...nodeIds]}::uuid[]) and s.measurement_protocol = any(${[...protocols]}::text[])
      and s.meta_tags = '{}'`.execute(q);
  return rows;
}

export async function findSeries(q: Q, id: string): Promise<SeriesRow | null> {
  const { rows } = await sql<SeriesRow>`
    select ${SERIES_COLUMNS} from time_series s join node n on n.id = s.node_id where s.id = ${id}`.execute(
    q,
  );
  return rows[0] ?? null;
}

/** Series on the given nodes (null = every node), optionally of one protocol. */
export async function listSeries(
  q: Q,
  opts: { nodeIds: readonly string[] | null; protocol?: string | undefined },
): Promise<SeriesRow[]> {
  const { rows } = await sql<SeriesRow>`
    select ${SERIES_COLUMNS} from time_series s join node n on n.id = s.node_id
    where (${opts.nodeIds === null}::boolean or s.node_id = any(${opts.nodeIds ?? []}::uuid[]))
      and (${opts.protocol ?? null}::text is null or s.measurement_protocol = ${opts.protocol ?? null})
    order by n.name, s.measurement_protocol, s.meta_tags`.execute(q);
  return rows;
}

export async function distinctMetaTags(q: Q, nodeIds: readonly string[] | null): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`
    select distinct unnest(meta_tags) as tag from time_series
    where ${nodeIds === null}::boolean or node_id = any(${nodeIds ?? []}::uuid[])
    order by 1`.execute(q);
  return rows.map((r) => r.tag);
}

export async function updateSeriesInfo(
  q: Q,
  id: string,
  change: { excluded?: boolean | undefined; metaTags?: string[] | undefined },
): Promise<void> {
  let query = q.updateTable('time_series').where('id', '=', id);
  if (change.excluded !== undefined) query = query.set({ excluded_in_formula: change.excluded });
  if (change.metaTags !== undefined) query = query.set({ meta_tags: change.metaTags });
  if (change.excluded === undefined && change.metaTags === undefined) return;
  await query.execute();
}

/** For each start node: its ancestor chain (itself first) with kinds and the attributes the rollups use. */
export async function ancestorChains(
  q: Q,
  nodeIds: readonly string[],
): Promise<Map<string, { id: string; type: string; timezone: string | null; businessHours: unknown }[]>> {
  const { rows } = await sql<{
    start: string;
    id: string;
    type: string;
    depth: number;
    timezone: string | null;
    business_hours: unknown;
  }>`
    with recursive up as (
      select id as start, id, parent_id, type, attributes, 0 as depth from node where id = any(${[...nodeIds]}::uuid[])
      union all
      select up.start, n.id, n.parent_id, n.type, n.attributes, up.depth + 1
      from node n join up on n.id = up.parent_id where up.depth < 64
    )
    select start, id, type, depth, attributes->>'timezone' as timezone, attributes->'businessHours' as business_hours
    from up order by start, depth`.execute(q);
  const out = new Map<
    string,
    { id: string; type: string; timezone: string | null; businessHours: unknown }[]
  >();
  for (const r of rows) {
    const chain = out.get(r.start) ?? [];
    chain.push({ id: r.id, type: r.type, timezone: r.timezone, businessHours: r.business_hours });
    out.set(r.start, chain);
  }
  return out;
}

export interface BasisRow {
  key: number;
  node_id: string;
  measurement_protocol: string;
  meta_tags: string[];
  excluded_in_formula: boolean;
  time_zone: string;
  /** one int4multirange literal per weekday, Sunday first */
  business_minutes: string[];
}

/** Series whose node is one of the given nodes. */
export async function seriesOnNodes(q: Q, nodeIds: readonly string[]): Promise<BasisRow[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<BasisRow>`
    select key, node_id, measurement_protocol, meta_tags, excluded_in_formula, time_zone,
      business_minutes::text[] as business_minutes
    from time_series where node_id = any(${[...nodeIds]}::uuid[])`.execute(q);
  return rows;
}

export async function seriesByKeys(q: Q, keys: readonly number[]): Promise<BasisRow[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<BasisRow>`
    select key, node_id, measurement_protocol, meta_tags, excluded_in_formula, time_zone,
      business_minutes::text[] as business_minutes
    from time_series where key = any(${[...keys]}::int[])`.execute(q);
  return rows;
}

/** Ids of a node and everything below it. */
export async function subtreeNodeIds(q: Q, rootIds: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub as (
      select id, 0 as depth from node where id = any(${[...rootIds]}::uuid[])
      union
      select n.id, sub.depth + 1 from node n join sub on n.parent_id = sub.id where sub.depth < 64
    )
    select distinct id from sub`.execute(q);
  return rows.map((r) => r.id);
}

export async function setBasis(q: Q, key: number, timeZone: string, businessMinutes: string[]) {
  await sql`
    update time_series set time_zone = ${timeZone}, business_minutes = ${businessMinutes}::int4multirange[]
    where key = ${key}`.execute(q);
}

/** Current business_minutes of a series in the same text form `setBasis` writes. */
export async function basisOf(q: Q, keys: readonly number[]) {
  const { rows } = await sql<{ key: number; time_zone: string; business_minutes: string[] }>`
    select key, time_zone, business_minutes::text[] as business_minutes
    from time_series where key = any(${[...keys]}::int[])`.execute(q);
  return rows;
}

/** Makes sure the node total exists and returns its key (DO UPDATE so a concurrent insert still answers). */
export async function ensureNodeKpi(q: Q, nodeId: string, protocol: string, metaTags: string[]) {
  const { rows } = await sql<{ key: number }>`
    insert into node_kpi (node_id, measurement_protocol, meta_tags)
    values (${nodeId}, ${protocol}, ${metaTags}::text[])
    on conflict (node_id, measurement_protocol, meta_tags) do update set node_id = excluded.node_id
    returning key`.execute(q);
  return rows[0]!.key;
}

export async function addMember(q: Q, nodeKpiKey: number, seriesKey: number) {
  await sql`insert into node_kpi_member (node_kpi_key, series_key) values (${nodeKpiKey}, ${seriesKey})
    on conflict do nothing`.execute(q);
}

/** Drops the memberships of the given series; answers the node totals they were in. */
export async function dropMemberships(q: Q, seriesKeys: readonly number[]): Promise<number[]> {
  if (seriesKeys.length === 0) return [];
  const { rows } = await sql<{ node_kpi_key: number }>`
    delete from node_kpi_member where series_key = any(${[...seriesKeys]}::int[]) returning node_kpi_key`.execute(
    q,
  );
  return [...new Set(rows.map((r) => r.node_kpi_key))];
}

export async function nodeKpiKeysOf(q: Q, nodeIds: readonly string[]): Promise<number[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<{ key: number }>`
    select key from node_kpi where node_id = any(${[...nodeIds]}::uuid[])`.execute(q);
  return rows.map((r) => r.key);
}

/** Takes (and removes) the queued stale nodes; only nodes that still exist. */
export async function takeStaleNodes(q: Q): Promise<string[]> {
  const { rows } = await sql<{ node_id: string }>`
    delete from rollup_stale returning node_id`.execute(q);
  if (rows.length === 0) return [];
  const { rows: existing } = await sql<{ id: string }>`
    select id from node where id = any(${rows.map((r) => r.node_id)}::uuid[])`.execute(q);
  return existing.map((r) => r.id);
}

export async function hasStaleNodes(q: Q): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from rollup_stale) as any`.execute(q);
  return rows[0]?.any ?? false;
}

export async function markStale(q: Q, nodeIds: readonly string[]): Promise<void> {
  if (nodeIds.length === 0) return;
  await sql`insert into rollup_stale (node_id) select unnest(${[...nodeIds]}::uuid[]) on conflict do nothing`.execute(
    q,
  );
}

/** Node total keys with no member left (their rows are removed with them). */
export async function deleteEmptyNodeKpis(q: Q, keys: readonly number[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{ key: number }>`
    delete from node_kpi k where k.key = any(${[...keys]}::int[])
      and not exists (select 1 from node_kpi_member m where m.node_kpi_key = k.key)
    returning key`.execute(q);
  return rows.map((r) => r.key);
}

/**
 * Sharing links (`shareMeasurementsFrom`) whose shared node is one of the given nodes: which nodes read
 * the measurements of which (a series of a shared node's subtree also counts for the sharing node).
 */
export async function sharersOf(
  q: Q,
  sourceIds: readonly string[],
): Promise<{ source: string; sharer: string }[]> {
  if (sourceIds.length === 0) return [];
  const { rows } = await sql<{ source: string; sharer: string }>`
    select share_measurements_from as source, id as sharer from node
    where share_measurements_from = any(${[...sourceIds]}::uuid[])`.execute(q);
  return rows;
}

/** The nodes shared by the given nodes (their `shareMeasurementsFrom`). */
export async function sharedBy(q: Q, nodeIds: readonly string[]): Promise<string[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<{ source: string }>`
    select distinct share_measurements_from as source from node
    where id = any(${[...nodeIds]}::uuid[]) and share_measurements_from is not null`.execute(q);
  return rows.map((r) => r.source);
}
