import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { ObjectiveTable } from '../../platform/db/objectives.tables.js';

export interface ObjectiveRow {
  id: string;
  node_id: string;
  node_name: string;
  kpi: string;
  period_type: ObjectiveTable['period_type'];
  start_date: string;
  end_date: string;
  value: number | null;
  weekday_values: number[] | null;
  updated_on: Date;
}

export interface ObjectiveFilter {
  nodeIds?: string[];
  /** only nodes in this subtree (a caller's scope); null: every node */
  within?: string | null;
  kpi?: string;
  /** overlapping [from, to] (dates, inclusive) */
  from?: string;
  to?: string;
}

/** Objectives with their node's name, by node name, KPI, start date (objective_node_kpi_idx). */
export async function selectObjectives(db: Db | Tx, f: ObjectiveFilter): Promise<ObjectiveRow[]> {
  let q = db
    .selectFrom('objective as o')
    .innerJoin('node as n', 'n.id', 'o.node_id')
    .select([
      'o.id',
      'o.node_id',
      'n.name as node_name',
      'o.kpi',
      'o.period_type',
      'o.start_date',
      'o.end_date',
      'o.value',
      'o.weekday_values',
      'o.updated_on',
    ]);
  if (f.nodeIds)
    q = q.where(
      'o.node_id',
      'in',
      f.nodeIds.length > 0 ? f.nodeIds : ['00000000-0000-0000-0000-000000000000'],
    );
  if (f.within) {
    q = q.where(
      sql<boolean>`o.node_id in (with recursive sub as (
        select id from node where id = ${f.within}
        union all select c.id from node c join sub on c.parent_id = sub.id) select id from sub)`,
    );
  }
  if (f.kpi) q = q.where('o.kpi', '=', f.kpi);
  if (f.from) q = q.where('o.end_date', '>=', f.from);
  if (f.to) q = q.where('o.start_date', '<=', f.to);
  return await q
    .orderBy(sql`lower(n.name)`)
    .orderBy('o.kpi')
    .orderBy('o.start_date')
    .execute();
}

export interface ObjectiveValues {
  node_id: string;
  kpi: string;
  period_type: ObjectiveTable['period_type'];
  start_date: string;
  end_date: string;
  value: number | null;
  weekday_values: number[] | null;
  updated_by: string | null;
}

/** Insert or replace by (node, KPI, period type, start date); tells whether it was new. */
export async function upsertObjective(tx: Tx, v: ObjectiveValues): Promise<'created' | 'updated'> {
  const { rows } = await sql<{ inserted: boolean }>`
    insert into objective (node_id, kpi, period_type, start_date, end_date, value, weekday_values, updated_by)
    values (${v.node_id}, ${v.kpi}, ${v.period_type}, ${v.start_date}, ${v.end_date}, ${v.value},
            ${v.weekday_values}::double precision[], ${v.updated_by})
    on conflict (node_id, kpi, period_type, start_date) do update
      set end_date = excluded.end_date, value = excluded.value, weekday_values = excluded.weekday_values,
          updated_by = excluded.updated_by, updated_on = now()
    returning (xmax = 0) as inserted`.execute(tx);
  return rows[0]!.inserted ? 'created' : 'updated';
}

/** Deletes the objective with this key; the number deleted (0 or 1). */
export async function deleteObjectiveByKey(
  tx: Tx,
  k: Pick<ObjectiveValues, 'node_id' | 'kpi' | 'period_type' | 'start_date'>,
): Promise<number> {
  const r = await tx
    .deleteFrom('objective')
    .where('node_id', '=', k.node_id)
    .where('kpi', '=', k.kpi)
    .where('period_type', '=', k.period_type)
    .where('start_date', '=', k.start_date)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteObjectiveById(tx: Tx, id: string): Promise<number> {
  const r = await tx.deleteFrom('objective').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Objectives of these nodes and KPIs overlapping any of the dates (the overlap check, in the transaction). */
export async function selectOverlapCandidates(
  tx: Tx,
  nodeIds: string[],
  kpis: string[],
  from: string,
  to: string,
): Promise<ObjectiveRow[]> {
  return selectObjectives(tx, { nodeIds, from, to }).then((rows) => rows.filter((r) => kpis.includes(r.kpi)));
}

export interface PlaceRow {
  /** the requested node */
  root_id: string;
  root_name: string;
  root_type: string;
  /** a node of its subtree: the root itself, or one of its locations */
  node_id: string;
  node_type: string;
  /** its own timezone attribute or its nearest ancestor's; null when none has one */
  time_zone: string | null;
  business_hours: unknown;
}

/**
 * For each requested node: itself and the locations of its subtree, each with its zone (own timezone
 * attribute or the nearest ancestor's) and business hours attribute. Walks down parent_id
 * (node_parent_idx) after one walk up per root for the inherited zone.
 */
export async function findPlaces(db: Db, nodeIds: string[]): Promise<PlaceRow[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<PlaceRow>`
    with recursive up as (
      select r.id as root_id, r.id, r.parent_id, r.attributes->>'timezone' as tz, 0 as depth
        from node r where r.id = any(${nodeIds}::uuid[])
      union all
      select up.root_id, n.id, n.parent_id, n.attributes->>'timezone', up.depth + 1
        from node n join up on n.id = up.parent_id where up.tz is null and up.depth < 64
    ), root_zone as (
      select distinct on (root_id) root_id, tz from up where tz is not null order by root_id, depth
    ), down as (
      select r.id as root_id, r.id, r.type, coalesce(r.attributes->>'timezone', rz.tz) as tz,
             r.attributes->'businessHours' as bh
        from node r left join root_zone rz on rz.root_id = r.id where r.id = any(${nodeIds}::uuid[])
      union all
      select down.root_id, n.id, n.type, coalesce(n.attributes->>'timezone', down.tz), n.attributes->'businessHours'
        from node n join down on n.parent_id = down.id where n.type <> 'device'
    )
    select d.root_id, r.name as root_name, r.type as root_type, d.id as node_id, d.type as node_type,
           d.tz as time_zone, d.bh as business_hours
      from down d join node r on r.id = d.root_id
     where d.id = d.root_id or d.type = 'location'`.execute(db);
  return rows;
}

/** The locations of a subtree (null: every location), by name: the grid's rows. */
export async function locationsWithin(db: Db, root: string | null): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`
    with recursive sub as (
      select id, type, name from node where ${root === null ? sql`parent_id is null and orphaned_at is null` : sql`id = ${root}`}
      union all
      select n.id, n.type, n.name from node n join sub on n.parent_id = sub.id where n.type <> 'device'
    )
    select id, name from sub where type = 'location' order by lower(name), id`.execute(db);
  return rows;
}
