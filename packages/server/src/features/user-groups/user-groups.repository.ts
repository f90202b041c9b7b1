import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

const EVERYONE = '_EVERYONE_';

/** Groups with their user counts, `_EVERYONE_` first, then by name. */
export async function selectGroups(db: Db, id?: string) {
  let q = db.selectFrom('user_group as g').select([
    'g.id',
    'g.name',
    'g.user_retention_policy_days',
    'g.default_dashboard_template',
    'g.default_mobile_dashboard_template',
    'g.support_chat_enabled',
    sql<number>`case when g.name = ${EVERYONE}
        then (select count(*)::int from app_user u where u.user_group_id is null or u.user_group_id = g.id)
        else (select count(*)::int from app_user u where u.user_group_id = g.id) end`.as('user_count'),
  ]);
  if (id) q = q.where('g.id', '=', id);
  return q
    .orderBy(sql`g.name = ${EVERYONE}`, 'desc')
    .orderBy(sql`lower(g.name)`)
    .execute();
}
export type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];

export async function everyoneGroupId(db: Db): Promise<string | null> {
  const row = await db.selectFrom('user_group').select('id').where('name', '=', EVERYONE).executeTakeFirst();
  return row?.id ?? null;
}

export async function groupIdOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .select('user_group_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.user_group_id ?? null;
}

export async function groupNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('user_group')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export interface GroupValues {
  name: string;
  user_retention_policy_days: number;
  default_dashboard_template: string | null;
  default_mobile_dashboard_template: string | null;
  support_chat_enabled: boolean;
}

export async function insertGroup(db: Db, v: GroupValues): Promise<string> {
  const row = await db.insertInto('user_group').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Db, id: string, v: Partial<GroupValues>): Promise<void> {
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
