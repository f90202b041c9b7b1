import { sql } from 'kysely';
import type { NodeAttributes, NodeKind } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';

/** Ids of a node and all its descendants (recursive walk down parent_id; node_parent_idx). */
export async function subtreeIds(db: Db, rootId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub as (
      select id from node where id = ${rootId}
      union all
      select n.id from node n join sub on n.parent_id = sub.id
    )
    select id from sub`.execute(db);
  return rows.map((r) => r.id);
}

/** Ids of a node and its ancestors, the node first. */
export async function ancestorIds(db: Db, nodeId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string; depth: number }>`
    with recursive up as (
      select id, parent_id, 0 as depth from node where id = ${nodeId}
      union all
      select n.id, n.parent_id, up.depth + 1 from node n join up on n.id = up.parent_id where up.depth < 64
    )
    select id, depth from up order by depth`.execute(db);
  return rows.map((r) => r.id);
}

export interface NodeRow {
  id: string;
  parent_id: string | null;
  type: NodeKind;
  name: string;
  reference_id: string | null;
  attributes: NodeAttributes;
  share_measurements_from: string | null;
  orphaned_at: Date | null;
}

const NODE_COLUMNS = [
  'id',
  'parent_id',
  'type',
  'name',
  'reference_id',
  'attributes',
  'share_measurements_from',
  'orphaned_at',
] as const;

export async function findNode(db: Db, id: string): Promise<NodeRow | undefined> {
  return (await db.selectFrom('node').select(NODE_COLUMNS).where('id', '=', id).executeTakeFirst()) as
    NodeRow | undefined;
}

/**
 * Every node under the given roots (roots included), parents before children, siblings by name.
 * One recursive walk down node_parent_idx; `depth` caps a corrupt cycle.
 */
export async function subtreeRows(db: Db, rootIds: readonly string[]): Promise<NodeRow[]> {
  if (rootIds.length === 0) return [];
  const { rows } = await sql<NodeRow & { depth: number }>`
    with recursive sub as (
      select n.*, 0 as depth from node n where n.id = any(${[...rootIds]}::uuid[])
      union all
      select n.*, sub.depth + 1 from node n join sub on n.parent_id = sub.id where sub.depth < 64
    )
    select id, parent_id, type, name, reference_id, attributes, share_measurements_from, orphaned_at, depth
    from sub order by depth, lower(name), id`.execute(db);
  return rows;
}

/** Top-level client groups: no parent and not an orphan (node_root_idx). */
export async function rootRows(db: Db): Promise<NodeRow[]> {
  return (await db
    .selectFrom('node')
    .select(NODE_COLUMNS)
    .where('parent_id', 'is', null)
    .where('orphaned_at', 'is', null)
    .orderBy('name')
    .execute()) as NodeRow[];
}

export async function rootIds(db: Db): Promise<string[]> {
  return (await rootRows(db)).map((r) => r.id);
}

export async function countNodes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('node')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function orphanRows(db: Db): Promise<NodeRow[]> {
  return (await db
    .selectFrom('node')
    .select(NODE_COLUMNS)
    .where('orphaned_at', 'is not', null)
    .orderBy('orphaned_at', 'desc')
    .orderBy('name')
    .execute()) as NodeRow[];
}

export async function insertNode(
  db: Db,
  values: {
    parentId: string | null;
    type: NodeKind;
    name: string;
    referenceId: string | null;
    attributes: NodeAttributes;
    shareMeasurementsFrom: string | null;
  },
): Promise<NodeRow> {
  return (await db
    .insertInto('node')
    .values({
      parent_id: values.parentId,
      type: values.type,
      name: values.name,
      reference_id: values.referenceId,
      attributes: JSON.stringify(values.attributes),
      share_measurements_from: values.shareMeasurementsFrom,
    })
    .returning(NODE_COLUMNS)
    .executeTakeFirstOrThrow()) as NodeRow;
}

export async function updateNode(
  db: Db,
  id: string,
  patch: { name?: string; referenceId?: string | null; attributes?: NodeAttributes },
): Promise<NodeRow | undefined> {
  return (await db
    .updateTable('node')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.referenceId !== undefined ? { reference_id: patch.referenceId } : {}),
      ...(patch.attributes !== undefined ? { attributes: JSON.stringify(patch.attributes) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returning(NODE_COLUMNS)
    .executeTakeFirst()) as NodeRow | undefined;
}

/**
 * Deletes one node. Its children are not deleted: the foreign key sets their parent to null and the
 * orphan trigger (migration 0020) marks them as orphans. Returns the ids of the children orphaned.
 */
export async function deleteNode(db: Db, id: string): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const children = await trx.selectFrom('node').select('id').where('parent_id', '=', id).execute();
    const deleted = await trx.deleteFrom('node').where('id', '=', id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return null;
    return children.map((c) => c.id);
  });
}

export async function setParent(db: Db, id: string, parentId: string): Promise<void> {
  await db
    .updateTable('node')
    .set({ parent_id: parentId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Detaches nodes from their parents; they (not their children) become orphans. */
export async function makeOrphans(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('node')
    .set({ parent_id: null, orphaned_at: sql`coalesce(orphaned_at, now())`, updated_at: sql`now()` })
    .where('id', 'in', [...ids])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
