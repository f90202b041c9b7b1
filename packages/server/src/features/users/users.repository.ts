import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { EVERYONE_GROUP, type UserSortKey } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';

const subtree = (rootId: string) => sql<{ id: string }>`(
  with recursive sub as (
    select id from node where id = ${rootId}
    union all
    select n.id from node n join sub on n.parent_id = sub.id
  ) select id from sub)`;

export interface UserFilter {
  id?: string;
  /** users whose scope node lies in this node's subtree */
  scopeRootId?: string;
  excludeId?: string;
}

/** The user columns with their scope's and group's names (node and user_group joined by primary key). */
function usersQuery(db: Db) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('node as n', 'n.id', 'u.scope_node_id')
    .leftJoin('user_group as g', 'g.id', 'u.user_group_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.language',
      'u.roles',
      'u.scope_node_id',
      'n.name as scope_name',
      'u.user_group_id',
      'g.name as user_group_name',
      'u.mobile_settings',
      'u.timeout_minutes',
      'u.reset_password_at_next_login',
      'u.is_sso_user',
      'u.disabled_at',
      'u.reports',
      sql<Date | null>`u.last_sign_in_at`.as('last_sign_in_at'),
      sql<Date>`u.created_at`.as('created_at'),
    ]);
}

/** Users with their scope's and group's names, by username. */
export async function selectUsers(db: Db, f: UserFilter = {}) {
  let q = usersQuery(db);
  if (f.id) q = q.where('u.id', '=', f.id);
  if (f.excludeId) q = q.where('u.id', '<>', f.excludeId);
  if (f.scopeRootId) {
    const inSubtree: Expression<SqlBool> = sql<boolean>`u.scope_node_id in ${subtree(f.scopeRootId)}`;
    q = q.where(inSubtree);
  }
  return q.orderBy(sql`lower(u.username)`).execute();
}
export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

export interface UserSearch {
  /** users whose scope lies in one of these subtrees (both when two are given); none = every user */
  scopeRootIds: string[];
  search?: string;
  role?: string;
  userGroupId?: string;
  state?: 'active' | 'disabled';
  sortBy: UserSortKey;
  sortDesc: boolean;
  /** null: every row (the report) */
  page: { offset: number; limit: number } | null;
}

const SORT_COLUMNS: Record<UserSortKey, RawBuilder<unknown>> = {
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  group: sql`lower(coalesce(g.name, ''))`,
  scope: sql`lower(coalesce(n.name, ''))`,
  lastSignIn: sql`u.last_sign_in_at`,
  state: sql`(u.disabled_at is not null)`,
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The users screen's page: filters, sort (ties by username, then id, so pages never overlap) and
 * the full count in one statement (count(*) over ()). The scope filter walks the subtree of the
 * node once (recursive CTE on node.parent_id, indexed); 300 stores with a few users each stay small.
 */
export async function searchUsers(db: Db, f: UserSearch): Promise<{ rows: UserRow[]; fullCount: number }> {
  let q = usersQuery(db).select(sql<number>`count(*) over ()`.as('full_count'));
  for (const root of f.scopeRootIds) q = q.where(sql<boolean>`u.scope_node_id in ${subtree(root)}`);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where(
      sql<boolean>`(lower(u.username) like ${like} or lower(u.email) like ${like}
        or lower(u.first_name || ' ' || u.last_name) like ${like}
        or lower(u.last_name || ' ' || u.first_name) like ${like})`,
    );
  }
  if (f.role) q = q.where(sql<boolean>`${f.role} = any(u.roles)`);
  if (f.userGroupId) {
    // users without a group belong to _EVERYONE_
    q = q.where(
      sql<boolean>`(u.user_group_id = ${f.userGroupId} or (u.user_group_id is null and exists (
        select 1 from user_group e where e.id = ${f.userGroupId} and e.name = ${EVERYONE_GROUP})))`,
    );
  }
  if (f.state) q = q.where('u.disabled_at', f.state === 'disabled' ? 'is not' : 'is', null);
  const dir = f.sortDesc ? sql`desc` : sql`asc`;
  q = q
    .orderBy(sql`${SORT_COLUMNS[f.sortBy]} ${dir} nulls last`)
    .orderBy(sql`lower(u.username)`)
    .orderBy('u.id');
  if (f.page) q = q.offset(f.page.offset).limit(f.page.limit);
  const rows = await q.execute();
  if (f.page && rows.length === 0 && f.page.offset > 0) {
    // past the last page: the count still says how many there are
    const again = await searchUsers(db, { ...f, page: { offset: 0, limit: 1 } });
    return { rows: [], fullCount: again.fullCount };
  }
  return { rows: rows.map(({ full_count: _n, ...row }) => row), fullCount: Number(rows[0]?.full_count ?? 0) };
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function passwordHashOf(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('app_user').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function nodeExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('node').select('id').where('id', '=', id).executeTakeFirst());
}

export interface UserValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  password_hash: string | null;
  roles: string[];
  scope_node_id: string | null;
  user_group_id: string | null;
  mobile_settings: Record<string, unknown>;
  timeout_minutes: number;
  reset_password_at_next_login: boolean;
  is_sso_user: boolean;
  disabled_at: Date | null;
  /** left out: none */
  reports?: string[];
}

export async function insertUser(db: Db, v: UserValues, now: Date): Promise<string> {
  const row = await db
    .insertInto('app_user')
    .values({
      ...v,
      mobile_settings: JSON.stringify(v.mobile_settings),
      created_at: now as never,
      updated_at: now as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Applies a change. `revokeSessions` (disabling, or a new password set by an admin) bumps
 * token_version, so every access token dies at once, and revokes every refresh token.
 */
export async function updateUser(
  db: Db,
  id: string,
  v: Partial<UserValues>,
  now: Date,
  revokeSessions: boolean,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('app_user')
      .set({
        ...v,
        ...(v.mobile_settings ? { mobile_settings: JSON.stringify(v.mobile_settings) } : {}),
        ...(revokeSessions ? { token_version: sql`token_version + 1` } : {}),
        updated_at: now as never,
      })
      .where('id', '=', id)
      .execute();
    if (revokeSessions) {
      await tx
        .updateTable('refresh_token')
        .set({ revoked_at: now })
        .where((eb) => eb.or([eb('user_id', '=', id), eb('actor_user_id', '=', id)]))
        .where('revoked_at', 'is', null)
        .execute();
    }
  });
}

/** Sessions are not "owned things": they die with the user. */
const SESSION_TABLES = ['refresh_token', 'password_reset'];

interface UserReference {
  table: string;
  column: string;
  /** PostgreSQL's confdeltype: c cascade, n set null, d set default, a no action, r restrict */
  action: string;
}

/**
 * Every foreign key pointing at app_user(id), read from the catalogue, so that a feature adding a
 * table that references users (dashboards, live views, alerts...) is counted without this file
 * knowing it.
 */
async function userReferences(db: Db): Promise<UserReference[]> {
  const { rows } = await sql<UserReference>`
    select cl.relname as table, att.attname as column, con.confdeltype as action
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = 'app_user'::regclass and array_length(con.conkey, 1) = 1
      and ns.nspname = current_schema()
    order by cl.relname, att.attname`.execute(db);
  return rows.filter((r) => !SESSION_TABLES.includes(r.table) && r.table !== 'app_user');
}

export interface OwnedCount {
  resource: string;
  count: number;
  onDelete: 'deleted' | 'unlinked';
}

export async function ownedBy(db: Db, userId: string): Promise<OwnedCount[]> {
  const out: OwnedCount[] = [];
  for (const ref of await userReferences(db)) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(ref.table)} where ${sql.ref(ref.column)} = ${userId}`.execute(
      db,
    );
    const n = rows[0]?.n ?? 0;
    if (n === 0) continue;
    const unlinked = ref.action === 'n' || ref.action === 'd';
    const prev = out.find((o) => o.resource === ref.table);
    if (prev) prev.count += n;
    else out.push({ resource: ref.table, count: n, onDelete: unlinked ? 'unlinked' : 'deleted' });
  }
  return out;
}

/**
 * Deletes the user. Rows that reference them with ON DELETE CASCADE / SET NULL follow by
 * themselves; rows under NO ACTION / RESTRICT keys are deleted first (that is what `force` means).
 */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  const refs = await userReferences(db);
  await db.transaction().execute(async (tx) => {
    for (const ref of refs.filter((r) => r.action === 'a' || r.action === 'r')) {
      await sql`delete from ${sql.table(ref.table)} where ${sql.ref(ref.column)} = ${userId}`.execute(tx);
    }
    await tx.deleteFrom('app_user').where('id', '=', userId).execute();
  });
}
