import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

const EVERYONE = '_EVERYONE_';

/**
 * Ids of the node's subtree (the node included), as a subquery. Group queries filter by owner scope
 * with it: `node_parent_idx` keeps each step an index scan.
 */
const subtreeOf = (rootId: string) => sql<{ id: string }>`(
  with recursive sub as (
    select id from node where id = ${rootId}
    union all
    select n.id from node n join sub on n.parent_id = sub.id
  ) select id from sub)`;

/** The subtree of the `_EVERYONE_` row's owner, for its user count (correlated on `g`). */
const subtreeOfColumn = sql`(
  with recursive sub as (
    select id from node where id = g.owner_scope_node_id
    union all
    select n.id from node n join sub on n.parent_id = sub.id
  ) select id from sub)`;

/** Which groups a query returns: one by id, and/or those owned inside a subtree (null: every group). */
export interface GroupFilter {
  id?: string;
  ownedWithin?: string | null;
}

/**
 * Groups with their user counts, `_EVERYONE_` first, then by name. A named group counts its members;
 * an `_EVERYONE_` also counts the users without a group whose scope lies under its owner (the client
 * group), or who have no scope for the deployment's own `_EVERYONE_`.
 */
export async function selectGroups(db: Db, filter: GroupFilter = {}) {
  let q = db.selectFrom('user_group as g').select([
    'g.id',
    'g.name',
    'g.owner_scope_node_id',
    'g.user_retention_policy_days',
    'g.default_dashboard_template',
    'g.default_mobile_dashboard_template',
    'g.support_chat_enabled',
    sql<number>`case when g.name = ${EVERYONE}
        then (select count(*)::int from app_user u
               where u.user_group_id = g.id
                  or (u.user_group_id is null and (case when g.owner_scope_node_id is null
                        then u.scope_node_id is null
                        else u.scope_node_id in ${subtreeOfColumn} end)))
        else (select count(*)::int from app_user u where u.user_group_id = g.id) end`.as('user_count'),
  ]);
  if (filter.id) q = q.where('g.id', '=', filter.id);
  if (filter.ownedWithin) {
    q = q.where(sql<boolean>`g.owner_scope_node_id in ${subtreeOf(filter.ownedWithin)}`);
  }
  return q
    .orderBy(sql`g.name = ${EVERYONE}`, 'desc')
    .orderBy(sql`lower(g.name)`)
    .execute();
}
export type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];

/** The top of the node's branch (its client group), the node itself when it has no parent. */
export async function branchRootOf(db: Db, nodeId: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, parent_id, 0 as depth from node where id = ${nodeId}
      union all
      select n.id, n.parent_id, up.depth + 1 from node n join up on n.id = up.parent_id where up.depth < 64
    )
    select id from up where parent_id is null order by depth desc limit 1`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * The `_EVERYONE_` group owned by the node (a client group), or the deployment's (null); created on
 * first use, so a new client group needs nothing from the tree feature.
 */
export async function everyoneGroupId(db: Db, ownerScopeNodeId: string | null): Promise<string> {
  await sql`
    insert into user_group (name, owner_scope_node_id) values (${EVERYONE}, ${ownerScopeNodeId})
    on conflict (coalesce(owner_scope_node_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))
    do nothing`.execute(db);
  const row = await db
    .selectFrom('user_group')
    .select('id')
    .where('name', '=', EVERYONE)
    .where((eb) =>
      ownerScopeNodeId === null
        ? eb('owner_scope_node_id', 'is', null)
        : eb('owner_scope_node_id', '=', ownerScopeNodeId),
    )
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function groupIdOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .select('user_group_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.user_group_id ?? null;
}

/** Names are unique per owner scope (index user_group_name_idx, migration 0012). */
export async function groupNameTaken(
  db: Db,
  name: string,
  ownerScopeNodeId: string | null,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('user_group')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where((eb) =>
      ownerScopeNodeId === null
        ? eb('owner_scope_node_id', 'is', null)
        : eb('owner_scope_node_id', '=', ownerScopeNodeId),
    );
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export interface GroupValues {
  name: string;
  owner_scope_node_id: string | null;
  user_retention_policy_days: number;
  default_dashboard_template: string | null;
  default_mobile_dashboard_template: string | null;
  support_chat_enabled: boolean;
}

export async function insertGroup(db: Db, v: GroupValues): Promise<string> {
  const row = await db.insertInto('user_group').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Db,
  id: string,
  v: Partial<Omit<GroupValues, 'owner_scope_node_id'>>,
): Promise<void> {
  if (Object.keys(v).length === 0) return;
  await db.updateTable('user_group').set(v).where('id', '=', id).execute();
}

/** Deletes the group; its users' user_group_id becomes null (foreign key ON DELETE SET NULL). */
export async function deleteGroup(db: Db, id: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const moved = await tx
      .selectFrom('app_user')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_group_id', '=', id)
      .executeTakeFirstOrThrow();
    await tx.deleteFrom('user_group').where('id', '=', id).execute();
    return moved.n;
  });
}
