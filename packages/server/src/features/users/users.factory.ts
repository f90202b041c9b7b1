import { randomBytes } from 'node:crypto';
import type { Role } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../auth/password-hash.js';

/** Test factories: rows straight into the database, so a test sets up only what it needs. */
const short = () => randomBytes(4).toString('hex');

export async function makeNode(
  db: Db,
  opts: { name?: string; type?: 'group' | 'location' | 'device'; parentId?: string | null } = {},
): Promise<{ id: string; name: string }> {
  const name = opts.name ?? `node-${short()}`;
  const row = await db
    .insertInto('node')
    .values({ name, type: opts.type ?? 'group', parent_id: opts.parentId ?? null, attributes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export interface MadeUser {
  id: string;
  username: string;
  password: string;
  roles: Role[];
  scopeNodeId: string | null;
}

export async function makeUser(
  db: Db,
  opts: {
    username?: string;
    roles?: Role[];
    scopeNodeId?: string | null;
    password?: string;
    email?: string;
    isSsoUser?: boolean;
    resetPasswordAtNextLogin?: boolean;
  } = {},
): Promise<MadeUser> {
  const username = opts.username ?? `user-${short()}`;
  const password = opts.password ?? 'Test-password-1';
  const roles = opts.roles ?? ['User'];
  const row = await db
    .insertInto('app_user')
    .values({
      username,
      first_name: 'Test',
      last_name: username,
      email: opts.email ?? `${username}@example.com`,
      password_hash: await hashPassword(password),
      roles,
      scope_node_id: opts.scopeNodeId ?? null,
      mobile_settings: '{}',
      is_sso_user: opts.isSsoUser ?? false,
      reset_password_at_next_login: opts.resetPasswordAtNextLogin ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, roles, scopeNodeId: opts.scopeNodeId ?? null };
}

/** A valid access token for a user (token_version 0 unless given). */
export async function tokenFor(ctx: AppContext, user: { id: string; username: string }, ver = 0) {
  const { token } = await ctx.tokens.signAccess({ sub: user.id, ver, name: user.username });
  return { authorization: `Bearer ${token}` };
}
