import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** One row subject of a report: a location, or a device standing for a zone of its location. */
export interface ReportNodeRow {
  id: string;
  name: string;
  type: 'location' | 'device';
  /** the device's location name (zones), null for a location */
  location_name: string | null;
  /** the location's `capacity` attribute (people), null when unset */
  capacity: number | null;
}

/**
 * The nodes a report shows as rows: a selected location itself, every location under a selected
 * group, and a selected device itself when the report has zones (else its location). The walk down
 * stops at locations and reads node by parent_id (node_parent index).
 */
export async function findReportNodes(
  db: Db,
  nodeIds: readonly string[],
  zones: boolean,
): Promise<ReportNodeRow[]> {
  if (nodeIds.length === 0) return [];
  const ids = sql.val([...nodeIds]);
  const { rows } = await sql<ReportNodeRow>`
    with recursive down as (
      select n.id, n.type from node n where n.id = any(${ids}::uuid[])
      union
      select c.id, c.type from node c join down d on c.parent_id = d.id where d.type = 'group'
    ),
    picked as (
      select id from down where type = 'location'
      union
      select case when ${zones} then dev.id else dev.parent_id end
        from node dev where dev.id = any(${ids}::uuid[]) and dev.type = 'device' and dev.parent_id is not null
    )
    select n.id, n.name, n.type::text as type,
      case when n.type = 'device' then p.name end as location_name,
      case when (coalesce(l.attributes->>'capacity', '')) ~ '^[0-9]+(\\.[0-9]+)?$'
        then (l.attributes->>'capacity')::float8 end as capacity
    from node n
      join picked on picked.id = n.id
      left join node p on p.id = n.parent_id
      join node l on l.id = case when n.type = 'device' then n.parent_id else n.id end
    where n.type in ('location', 'device')
    order by coalesce(p.name, n.name), n.type, n.name, n.id`.execute(db);
  return rows;
}

/** The names of nodes, for the parameter lines of a report. */
export async function findNodeNames(db: Db, nodeIds: readonly string[]): Promise<string[]> {
  if (nodeIds.length === 0) return [];
  const rows = await db
    .selectFrom('node')
    .select(['id', 'name'])
    .where('id', 'in', [...nodeIds])
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}
