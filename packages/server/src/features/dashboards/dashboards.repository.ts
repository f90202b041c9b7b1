import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { DashboardTable } from '../../platform/db/dashboards.tables.js';

export type DashboardRow = Selectable<DashboardTable>;

export const selectOwnedDashboards = (db: Db, ownerId: string, kinds: ('dashboard' | 'report')[]) =>
  db
    .selectFrom('dashboard')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('kind', 'in', kinds)
    .orderBy('name')
    .execute();

/** The user's language code as stored (the titles of their saved reports in the Views list). */
export const selectUserLanguage = async (db: Db, userId: string): Promise<string | null> =>
  (await db.selectFrom('app_user').select('language').where('id', '=', userId).executeTakeFirst())
    ?.language ?? null;

export const selectOwnedDashboard = (db: Db, ownerId: string, id: string) =>
  db
    .selectFrom('dashboard')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertDashboard(
  db: Db,
  v: {
    ownerId: string;
    kind: 'dashboard' | 'report';
    name: string;
    json: object;
    linkedTemplateName: string | null;
  },
) {
  const row = await db
    .insertInto('dashboard')
    .values({
      owner_id: v.ownerId,
      kind: v.kind,
      name: v.name,
      json: JSON.stringify(v.json),
      linked_template_name: v.linkedTemplateName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDashboard(
  db: Db,
  id: string,
  v: { name: string; json: object; linkedTemplateName: string | null },
) {
  await db
    .updateTable('dashboard')
    .set({
      name: v.name,
      json: JSON.stringify(v.json),
      linked_template_name: v.linkedTemplateName,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export const deleteDashboard = (db: Db, id: string) =>
  db.deleteFrom('dashboard').where('id', '=', id).execute();

/** Sets the user's default (or default mobile) dashboard, clearing the previous one in one transaction. */
export async function setDefaultDashboard(db: Db, ownerId: string, id: string, mobile: boolean) {
  await db.transaction().execute(async (trx) => {
    const column = mobile ? 'is_default_mobile' : 'is_default';
    await trx
      .updateTable('dashboard')
      .set({ [column]: false })
      .where('owner_id', '=', ownerId)
      .execute();
    await trx
      .updateTable('dashboard')
      .set({ [column]: true })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  });
}

/** Leaves the user without a default (or default mobile) dashboard; the names of those it was. */
export async function clearDefaultDashboard(db: Db, ownerId: string, mobile: boolean) {
  const column = mobile ? 'is_default_mobile' : 'is_default';
  const rows = await db
    .updateTable('dashboard')
    .set({ [column]: false })
    .where('owner_id', '=', ownerId)
    .where(column, '=', true)
    .returning(['id', 'name'])
    .execute();
  return rows;
}

export async function selectDefaultDashboardId(db: Db, ownerId: string, mobile: boolean) {
  const row = await db
    .selectFrom('dashboard')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(mobile ? 'is_default_mobile' : 'is_default', '=', true)
    .executeTakeFirst();
  return row?.id ?? null;
}

type LinkedGroup = { id: string; includeUngrouped: boolean; ownerScopeNodeId: string | null };

/**
 * The users a template of this group reaches (push, rename): its members and, for `_EVERYONE_`
 * (`includeUngrouped`), the users without a group; only those whose scope lies under the group's
 * owner scope, so a push never leaves the tenant. A deployment `_EVERYONE_` (owner null) reaches the
 * ungrouped users without a scope; another deployment group, its members.
 */
function reachedUsers(db: Db, group: LinkedGroup) {
  const owner = group.ownerScopeNodeId;
  const underOwner = sql<boolean>`scope_node_id in (
    with recursive sub as (
      select id from node where id = ${owner}
      union all
      select n.id from node n join sub on n.parent_id = sub.id
    ) select id from sub)`;
  return db
    .selectFrom('app_user')
    .select('id')
    .where((eb) => {
      const members = eb('user_group_id', '=', group.id);
      if (owner === null) {
        return group.includeUngrouped
          ? eb.or([members, eb.and([eb('user_group_id', 'is', null), eb('scope_node_id', 'is', null)])])
          : members;
      }
      return eb.and([
        group.includeUngrouped ? eb.or([members, eb('user_group_id', 'is', null)]) : members,
        underOwner,
      ]);
    });
}

/** Overwrites the json of the linked dashboards of the users the group's template reaches (push). */
export async function overwriteLinkedDashboards(
  db: Db,
  group: LinkedGroup,
  templateName: string,
  json: object,
) {
  const res = await db
    .updateTable('dashboard')
    .set({ json: JSON.stringify(json), updated_at: new Date() })
    .where('linked_template_name', '=', templateName)
    .where('owner_id', 'in', reachedUsers(db, group))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A template was renamed: the dashboards linked to it (of the users it reaches) follow the new name. */
export async function renameLinkedDashboards(db: Db, group: LinkedGroup, oldName: string, newName: string) {
  const res = await db
    .updateTable('dashboard')
    .set({ linked_template_name: newName, updated_at: new Date() })
    .where('linked_template_name', '=', oldName)
    .where('owner_id', 'in', reachedUsers(db, group))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export const userIdsByUsername = (db: Db, usernames: string[]) =>
  usernames.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('app_user')
        .select(['id', 'username', 'language'])
        .where('username', 'in', usernames)
        .execute();

export async function countOwned(db: Db, ownerId: string) {
  const row = await db
    .selectFrom('dashboard')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
