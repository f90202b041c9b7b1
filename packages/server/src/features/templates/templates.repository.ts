import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { DashboardTemplateTable } from '../../platform/db/dashboards.tables.js';

export type TemplateRow = Selectable<DashboardTemplateTable>;

/** The templates of these groups, by name. */
export const selectTemplates = (db: Db, userGroupIds: string[]) =>
  userGroupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('dashboard_template')
        .selectAll()
        .where('user_group_id', 'in', userGroupIds)
        .orderBy('name')
        .execute();

export const selectTemplate = (db: Db, userGroupId: string, name: string) =>
  db
    .selectFrom('dashboard_template')
    .selectAll()
    .where('user_group_id', '=', userGroupId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();

export const selectTemplatesNamed = (db: Db, name: string) =>
  db
    .selectFrom('dashboard_template')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .execute();

/**
 * Insert, or replace the dashboard of the group's template of that name (names are case-insensitive).
 * A replaced template keeps its stored name, which linked dashboards refer to.
 */
export async function upsertTemplate(db: Db, userGroupId: string, name: string, dashboard: object) {
  const existing = await selectTemplate(db, userGroupId, name);
  if (existing) {
    await db
      .updateTable('dashboard_template')
      .set({ dashboard: JSON.stringify(dashboard), updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const row = await db
    .insertInto('dashboard_template')
    .values({ user_group_id: userGroupId, name, dashboard: JSON.stringify(dashboard) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const deleteTemplate = (db: Db, id: string) =>
  db.deleteFrom('dashboard_template').where('id', '=', id).execute();

export const updateUserCreationAction = (db: Db, id: string, action: 'none' | 'copy' | 'link') =>
  db
    .updateTable('dashboard_template')
    .set({ user_creation_action: action, updated_at: new Date() })
    .where('id', '=', id)
    .execute();

/** Renames a template (the caller checked that no other template of the group has the new name). */
export const renameTemplate = (db: Db, id: string, name: string) =>
  db.updateTable('dashboard_template').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
