import type { Principal, Role } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';

/** The signed-in user as the access checks need it; null when deleted, disabled or token revoked. */
export async function findActivePrincipal(db: Db, userId: string, tokenVersion: number) {
  const row = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'roles', 'scope_node_id', 'disabled_at', 'token_version'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.disabled_at || row.token_version !== tokenVersion) return null;
  const principal: Principal = {
    userId: row.id,
    username: row.username,
    roles: row.roles as Role[],
    scopeNodeId: row.scope_node_id,
  };
  return principal;
}
