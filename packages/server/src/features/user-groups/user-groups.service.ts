import {
  EVERYONE_GROUP,
  type CreateUserGroupBody,
  type Principal,
  type UpdateUserGroupBody,
  type UserGroupDto,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
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
});

/**
 * User groups are shared by the whole deployment (they carry dashboard templates, not tree
 * rights), so any admin-kind user manages them. `_EVERYONE_` always exists (migration 0010),
 * is listed first, keeps its name and cannot be deleted.
 */
export function createUserGroupsService(db: Db, eventLog: EventLogService) {
  async function load(id: string): Promise<GroupRow> {
    const [row] = await selectGroups(db, id);
    if (!row) throw notFound('User group');
    return row;
  }
  const reserved = (name: string) => name.toLowerCase() === EVERYONE_GROUP.toLowerCase();

  return {
    async list(): Promise<UserGroupDto[]> {
      return (await selectGroups(db)).map(present);
    },

    /** The caller's group; users without one belong to `_EVERYONE_`. */
    async current(principal: Principal): Promise<UserGroupDto> {
      const id = (await groupIdOfUser(db, principal.userId)) ?? (await everyoneGroupId(db));
      if (!id) throw notFound('User group');
      return present(await load(id));
    },

    async get(id: string): Promise<UserGroupDto> {
      return present(await load(id));
    },

    async everyone(): Promise<UserGroupDto> {
      const id = await everyoneGroupId(db);
      if (!id) throw notFound('User group');
      return present(await load(id));
    },

    async create(principal: Principal, body: CreateUserGroupBody): Promise<UserGroupDto> {
      if (await groupNameTaken(db, body.name)) throw conflict('This group name is taken', 'name');
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertGroup(db, {
          name: body.name,
          user_retention_policy_days: body.userRetentionPolicyDays,
          default_dashboard_template: body.defaultDashboardTemplate,
          default_mobile_dashboard_template: body.defaultMobileDashboardTemplate,
          support_chat_enabled: body.supportChatEnabled,
        });
        await eventLog.record(tx, principal, 'UserGroup.Create', body.name);
        return id;
      });
      return present(await load(id));
    },

    async update(principal: Principal, id: string, body: UpdateUserGroupBody): Promise<UserGroupDto> {
      const group = await load(id);
      if (body.name !== undefined && body.name !== group.name) {
        if (group.name === EVERYONE_GROUP) throw badRequest('The _EVERYONE_ group keeps its name', 'name');
        if (reserved(body.name) || (await groupNameTaken(db, body.name, id))) {
          throw conflict('This group name is taken', 'name');
        }
      }
      const v: Partial<GroupValues> = {};
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
      return present(await load(id));
    },

    async remove(principal: Principal, id: string) {
      const group = await load(id);
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
