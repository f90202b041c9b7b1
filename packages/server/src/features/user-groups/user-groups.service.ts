import {
  EVERYONE_GROUP,
  type CreateUserGroupBody,
  seesWholeTree,
  type Principal,
  type UpdateUserGroupBody,
  type UserGroupDto,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
  branchRootOf,
  deleteGroup,
  everyoneGroupId,
  groupIdOfUser,
  groupNameTaken,
  insertGroup,
  selectGroups,
  updateGroup,
  type GroupRow,
  type GroupValues,
} from './user-groups.repository.js';

const present = (g: GroupRow): UserGroupDto => ({
  id: g.id,
  name: g.name,
  userRetentionPolicyDays: g.user_retention_policy_days,
  defaultDashboardTemplate: g.default_dashboard_template,
  defaultMobileDashboardTemplate: g.default_mobile_dashboard_template,
  supportChatEnabled: g.support_chat_enabled,
  isEveryone: g.name === EVERYONE_GROUP,
  userCount: g.user_count,
  ownerScopeNodeId: g.owner_scope_node_id,
});

/**
 * A user group belongs to an owner scope, a tree node (migration 0012): a caller sees and changes only
 * the groups owned inside their own subtree, 404 otherwise, like a node outside it; a superAdmin
 * without scope sees every group, and alone those of the deployment (owner null). A user always
 * reads their own group. `_EVERYONE_` (the group of users without one) exists once per client group,
 * owned by it and created on first use, plus the deployment's for users without a scope; it keeps
 * its name and cannot be deleted. Templates belong to a group, so they follow the same rule.
 */
export function createUserGroupsService(db: Db, eventLog: EventLogService, scope: ScopeService) {
  const unscopedSuperAdmin = (p: Principal) => seesWholeTree(p);

  /** Whether the caller manages groups of this owner scope (its subtree holds the owner). */
  async function manages(principal: Principal, owner: string | null): Promise<boolean> {
    if (unscopedSuperAdmin(principal)) return true;
    if (principal.scopeNodeId === null || owner === null) return false;
    return scope.contains(principal.scopeNodeId, owner);
  }

  async function byId(id: string): Promise<GroupRow> {
    const [row] = await selectGroups(db, { id });
    if (!row) throw notFound('User group');
    return row;
  }

  /** The group, when the caller manages it; 404 otherwise, as for one that does not exist. */
  async function load(principal: Principal, id: string): Promise<GroupRow> {
    const row = await byId(id);
    if (!(await manages(principal, row.owner_scope_node_id))) throw notFound('User group');
    return row;
  }

  /** The `_EVERYONE_` of users with this scope: their client group's, the deployment's without one. */
  async function everyoneIdFor(scopeNodeId: string | null): Promise<string> {
    const root = scopeNodeId === null ? null : await branchRootOf(db, scopeNodeId);
    return everyoneGroupId(db, root);
  }

  const currentId = async (principal: Principal) =>
    (await groupIdOfUser(db, principal.userId)) ?? (await everyoneIdFor(principal.scopeNodeId));

  const reserved = (name: string) => name.toLowerCase() === EVERYONE_GROUP.toLowerCase();

  return {
    /** The groups the caller manages; their client group's `_EVERYONE_` exists once asked for. */
    async list(principal: Principal): Promise<UserGroupDto[]> {
      if (unscopedSuperAdmin(principal)) {
        await everyoneIdFor(null);
        return (await selectGroups(db)).map(present);
      }
      if (principal.scopeNodeId === null) return [];
      await everyoneIdFor(principal.scopeNodeId);
      return (await selectGroups(db, { ownedWithin: principal.scopeNodeId })).map(present);
    },

    /** The caller's group; users without one belong to their client group's `_EVERYONE_`. */
    async current(principal: Principal): Promise<UserGroupDto> {
      return present(await byId(await currentId(principal)));
    },

    async get(principal: Principal, id: string): Promise<UserGroupDto> {
      return present(await load(principal, id));
    },

    /** A group the caller manages or belongs to (templates: what they may read); 404 otherwise. */
    async readable(principal: Principal, id: string): Promise<UserGroupDto> {
      if (id === (await currentId(principal))) return present(await byId(id));
      return present(await load(principal, id));
    },

    /** Whether the caller manages the group (no 404: for filtering lists). */
    async isManaged(principal: Principal, group: UserGroupDto): Promise<boolean> {
      return manages(principal, group.ownerScopeNodeId);
    },

    /** For a user being created: their group as given (already checked), or their `_EVERYONE_`. */
    async groupOfNewUser(userGroupId: string | null, scopeNodeId: string | null): Promise<UserGroupDto> {
      return present(await byId(userGroupId ?? (await everyoneIdFor(scopeNodeId))));
    },

    async create(principal: Principal, body: CreateUserGroupBody): Promise<UserGroupDto> {
      const owner = body.ownerScopeNodeId !== undefined ? body.ownerScopeNodeId : principal.scopeNodeId;
      const allowed =
        owner === null ? unscopedSuperAdmin(principal) : await scope.isInScope(principal, owner);
      if (!allowed) throw badRequest('The owner scope must lie inside yours', 'ownerScopeNodeId');
      if (await groupNameTaken(db, body.name, owner)) throw conflict('This group name is taken', 'name');
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertGroup(db, {
          name: body.name,
          owner_scope_node_id: owner,
          user_retention_policy_days: body.userRetentionPolicyDays,
          default_dashboard_template: body.defaultDashboardTemplate,
          default_mobile_dashboard_template: body.defaultMobileDashboardTemplate,
          support_chat_enabled: body.supportChatEnabled,
        });
        await eventLog.record(tx, principal, 'UserGroup.Create', body.name, { ownerScopeNodeId: owner });
        return id;
      });
      return present(await byId(id));
    },

    /**
     * The demo seeder: a client group's `_EVERYONE_` and named groups owned by it, without an actor.
     * Returns the ids of the named groups.
     */
    async seedForClient(clientNodeId: string, names: string[]): Promise<string[]> {
      await everyoneIdFor(clientNodeId);
      const ids: string[] = [];
      for (const name of names) {
        await eventLog.withAudit(async (tx) => {
          ids.push(
            await insertGroup(db, {
              name,
              owner_scope_node_id: clientNodeId,
              user_retention_policy_days: 0,
              default_dashboard_template: null,
              default_mobile_dashboard_template: null,
              support_chat_enabled: true,
            }),
          );
          await eventLog.record(tx, null, 'UserGroup.Create', name, { ownerScopeNodeId: clientNodeId });
        });
      }
      return ids;
    },

    async update(principal: Principal, id: string, body: UpdateUserGroupBody): Promise<UserGroupDto> {
      const group = await load(principal, id);
      if (body.name !== undefined && body.name !== group.name) {
        if (group.name === EVERYONE_GROUP) throw badRequest('The _EVERYONE_ group keeps its name', 'name');
        if (reserved(body.name) || (await groupNameTaken(db, body.name, group.owner_scope_node_id, id))) {
          throw conflict('This group name is taken', 'name');
        }
      }
      const v: Partial<Omit<GroupValues, 'owner_scope_node_id'>> = {};
      if (body.name !== undefined) v.name = body.name;
      if (body.userRetentionPolicyDays !== undefined)
        v.user_retention_policy_days = body.userRetentionPolicyDays;
      if (body.defaultDashboardTemplate !== undefined)
        v.default_dashboard_template = body.defaultDashboardTemplate;
      if (body.defaultMobileDashboardTemplate !== undefined)
        v.default_mobile_dashboard_template = body.defaultMobileDashboardTemplate;
      if (body.supportChatEnabled !== undefined) v.support_chat_enabled = body.supportChatEnabled;
      await eventLog.withAudit(async (tx) => {
        await updateGroup(db, id, v);
        await eventLog.record(tx, principal, 'UserGroup.Update', group.name, { changed: Object.keys(body) });
      });
      return present(await byId(id));
    },

    async remove(principal: Principal, id: string) {
      const group = await load(principal, id);
      if (group.name === EVERYONE_GROUP) throw badRequest('The _EVERYONE_ group cannot be deleted', 'id');
      const usersMoved = await eventLog.withAudit(async (tx) => {
        const usersMoved = await deleteGroup(db, id);
        await eventLog.record(tx, principal, 'UserGroup.Delete', group.name, { usersMoved });
        return usersMoved;
      });
      return { deleted: true as const, usersMoved };
    },
  };
}
export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
