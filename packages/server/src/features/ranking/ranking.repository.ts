import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export interface RankedLocationRow {
  id: string;
  name: string;
  location_group: string | null;
}

/**
 * The locations a selection stands for: a selected location itself, every location under a
 * selected group, the location of a selected device. The walk down stops at locations (their
 * devices are not needed) and reads node by parent_id (node_parent index).
 */
export async function findSelectedLocations(
  db: Db,
  nodeIds: readonly string[],
): Promise<RankedLocationRow[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<RankedLocationRow>`
    with recursive down as (
      select n.id, n.type from node n where n.id = any(${sql.val([...nodeIds])}::uuid[])
      union
      select c.id, c.type from node c join down d on c.parent_id = d.id where d.type = 'group'
    ),
    picked as (
      select id from down where type = 'location'
      union
      select p.id from node dev join node p on p.id = dev.parent_id
        where dev.id = any(${sql.val([...nodeIds])}::uuid[]) and dev.type = 'device' and p.type = 'location'
    )
    select n.id, n.name, nullif(trim(n.attributes->>'locationGroup'), '') as location_group
    from node n join picked on picked.id = n.id
    order by n.name, n.id`.execute(db);
  return rows;
}

/** The roots of the whole tree (client groups), for an unscoped superAdmin's default selection. */
export async function findRootIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('node')
    .select('id')
    .where('parent_id', 'is', null)
    .where('orphaned_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The location a scope node names: the node itself when it is a location, the parent location of
 * a device; null for a group (a user scoped to a group has no location of their own).
 */
export async function findOwnLocationId(db: Db, scopeNodeId: string): Promise<string | null> {
  const { rows } = await sql<{ id: string | null }>`
    select case
      when n.type = 'location' then n.id
      when n.type = 'device' and p.type = 'location' then p.id
    end as id
    from node n left join node p on p.id = n.parent_id
    where n.id = ${scopeNodeId}`.execute(db);
  return rows[0]?.id ?? null;
}
