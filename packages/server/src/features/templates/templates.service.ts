import {
  DashboardJson,
  isAdminKind,
  parseDashboardJson,
  type CopyTemplateBody,
  type GroupDefaultTemplatesBody,
  type Principal,
  type SaveTemplateBody,
  type TemplateDto,
  type UserCreationAction,
  type UserGroupDto,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import {
  deleteTemplate,
  renameTemplate,
  selectTemplate,
  selectTemplates,
  selectTemplatesNamed,
  updateUserCreationAction,
  upsertTemplate,
  type TemplateRow,
} from './templates.repository.js';

/** What templates need from the user groups feature (each answers 404 for a group out of reach). */
export interface GroupsPort {
  /** a group the caller manages (owned inside their scope) */
  get(principal: Principal, id: string): Promise<UserGroupDto>;
  /** a group the caller manages or belongs to */
  readable(principal: Principal, id: string): Promise<UserGroupDto>;
  /** the groups the caller manages */
  list(principal: Principal): Promise<UserGroupDto[]>;
  current(principal: Principal): Promise<UserGroupDto>;
  /** a new user's group: the one given, or the _EVERYONE_ of their client group */
  groupOfNewUser(userGroupId: string | null, scopeNodeId: string | null): Promise<UserGroupDto>;
  update(
    principal: Principal,
    id: string,
    body: { defaultDashboardTemplate?: string | null; defaultMobileDashboardTemplate?: string | null },
  ): Promise<UserGroupDto>;
}
/** What they need from the dashboards feature: a push overwrites the group's linked dashboards. */
export interface LinkedDashboardsPort {
  /**
   * Overwrites the linked dashboards of the group's users (with `includeUngrouped`, also of the
   * users without a group: `_EVERYONE_`) whose scope lies under `ownerScopeNodeId` (null: users
   * without a scope for `_EVERYONE_`, any for another group).
   */
  overwriteLinked(
    group: { id: string; includeUngrouped: boolean; ownerScopeNodeId: string | null },
    templateName: string,
    json: DashboardJson,
  ): Promise<number>;
  /** The same users' dashboards linked to `oldName` are linked to `newName` (template rename). */
  renameLinked(
    group: { id: string; includeUngrouped: boolean; ownerScopeNodeId: string | null },
    oldName: string,
    newName: string,
  ): Promise<number>;
  /** A new user's dashboard made from a template (copied, or linked to it by name). */
  createFromTemplate(
    userId: string,
    template: { name: string; json: DashboardJson; linked: boolean },
    defaults: { desktop: boolean; mobile: boolean },
  ): Promise<string>;
}

/**
 * Dashboard templates belong to a user group and so to its owner scope: admin-kind users manage the
 * templates of the groups they manage (owned inside their scope) and read those of their own group;
 * other users read the templates of their own group (to apply one to a dashboard). Anything else
 * answers 404. A push reaches only the group's users inside its owner scope.
 */
export function createTemplatesService(deps: {
  db: Db;
  eventLog: EventLogService;
  groups: GroupsPort;
  dashboards: () => LinkedDashboardsPort;
}) {
  const { db, eventLog, groups } = deps;

  const present = (row: TemplateRow, group: UserGroupDto): TemplateDto => ({
    id: row.id,
    userGroupId: row.user_group_id,
    name: row.name,
    dashboard: JSON.stringify(row.dashboard),
    userCreationAction: row.user_creation_action,
    isDefault: group.defaultDashboardTemplate?.toLowerCase() === row.name.toLowerCase(),
    isDefaultMobile: group.defaultMobileDashboardTemplate?.toLowerCase() === row.name.toLowerCase(),
  });

  /** The group, when the caller may read its templates (404 for another group's templates). */
  async function readableGroup(principal: Principal, userGroupId: string): Promise<UserGroupDto> {
    if (isAdminKind(principal)) return groups.readable(principal, userGroupId);
    const own = await groups.current(principal);
    if (own.id !== userGroupId) throw notFound('Template');
    return own;
  }

  /** A template to read (manage = false) or to change (the caller must manage its group). */
  async function load(principal: Principal, userGroupId: string, name: string, manage = false) {
    const group = manage
      ? await groups.get(principal, userGroupId)
      : await readableGroup(principal, userGroupId);
    const row = await selectTemplate(db, userGroupId, name.trim());
    if (!row) throw notFound('Template');
    return { row, group };
  }

  const assertAdmin = (p: Principal) => {
    if (!isAdminKind(p)) throw forbidden();
  };

  function checkJson(text: string): DashboardJson {
    const r = parseDashboardJson(text);
    if (!r.ok)
      throw badRequest(r.message.replace(/^json/, 'dashboard'), r.field.replace(/^json/, 'dashboard'));
    return r.value;
  }

  return {
    /** Admin-kind: the templates of the groups they manage and of their own; others: their group's. */
    async list(principal: Principal): Promise<TemplateDto[]> {
      const own = await groups.current(principal);
      const reachable = isAdminKind(principal) ? await groups.list(principal) : [];
      const byId = new Map<string, UserGroupDto>([own, ...reachable].map((g) => [g.id, g]));
      const rows = await selectTemplates(db, [...byId.keys()]);
      return rows.map((row) => present(row, byId.get(row.user_group_id)!));
    },

    async get(principal: Principal, userGroupId: string, name: string): Promise<TemplateDto> {
      const { row, group } = await load(principal, userGroupId, name);
      return present(row, group);
    },

    async hasTemplates(principal: Principal): Promise<boolean> {
      return (await this.list(principal)).length > 0;
    },

    async save(principal: Principal, body: SaveTemplateBody): Promise<TemplateDto> {
      assertAdmin(principal);
      const json = checkJson(body.dashboard);
      const group = await groups.get(principal, body.userGroupId);
      await eventLog.withAudit(async (tx) => {
        const id = await upsertTemplate(db, group.id, body.name, json);
        await eventLog.record(tx, principal, 'Template.Save', body.name, { userGroupId: group.id, id });
      });
      return this.get(principal, group.id, body.name);
    },

    async copy(principal: Principal, body: CopyTemplateBody): Promise<TemplateDto> {
      assertAdmin(principal);
      let source: TemplateRow | undefined;
      if (body.sourceUserGroupId) {
        await groups.readable(principal, body.sourceUserGroupId);
        source = await selectTemplate(db, body.sourceUserGroupId, body.templateName);
      } else {
        // only the templates the caller may read count: another tenant's namesake stays unseen
        const readable = new Set((await this.list(principal)).map((x) => x.userGroupId));
        const named = (await selectTemplatesNamed(db, body.templateName)).filter((r) =>
          readable.has(r.user_group_id),
        );
        if (named.length > 1) {
          throw badRequest('Several groups hold a template of this name', 'sourceUserGroupId');
        }
        source = named[0];
      }
      if (!source) throw notFound('Template');
      const target = await groups.get(principal, body.targetUserGroupId);
      await eventLog.withAudit(async (tx) => {
        await upsertTemplate(db, target.id, source.name, source.dashboard);
        await eventLog.record(tx, principal, 'Template.Copy', source.name, {
          from: source.user_group_id,
          to: target.id,
        });
      });
      return this.get(principal, target.id, source.name);
    },

    async remove(principal: Principal, userGroupId: string, name: string) {
      assertAdmin(principal);
      const { row, group } = await load(principal, userGroupId, name, true);
      await eventLog.withAudit(async (tx) => {
        await deleteTemplate(db, row.id);
        const clear: GroupDefaultTemplatesBody = {};
        if (group.defaultDashboardTemplate?.toLowerCase() === row.name.toLowerCase())
          clear.defaultDashboardTemplate = null;
        if (group.defaultMobileDashboardTemplate?.toLowerCase() === row.name.toLowerCase())
          clear.defaultMobileDashboardTemplate = null;
        if (Object.keys(clear).length > 0) await groups.update(principal, group.id, clear);
        await eventLog.record(tx, principal, 'Template.Delete', row.name, { userGroupId });
      });
      return { deleted: true as const };
    },

    /**
     * Overwrites the dashboards linked to this template of the group's users inside its owner scope
     * (which lies inside the caller's).
     */
    async push(principal: Principal, userGroupId: string, name: string) {
      assertAdmin(principal);
      const { row, group } = await load(principal, userGroupId, name, true);
      const updated = await eventLog.withAudit(async (tx) => {
        const updated = await deps
          .dashboards()
          .overwriteLinked(
            { id: group.id, includeUngrouped: group.isEveryone, ownerScopeNodeId: group.ownerScopeNodeId },
            row.name,
            DashboardJson.parse(row.dashboard),
          );
        await eventLog.record(tx, principal, 'Template.Push', row.name, { userGroupId, updated });
        return updated;
      });
      return { updated };
    },

    /**
     * Renames a template (the new name trimmed; 409 naming `name` when another template of the group
     * has it, case-insensitively). The group's defaults naming it and the dashboards linked to it (of
     * the users a push reaches) follow the new name, so nothing loses its template.
     */
    async rename(principal: Principal, userGroupId: string, name: string, newName: string) {
      assertAdmin(principal);
      const { row, group } = await load(principal, userGroupId, name, true);
      const taken = await selectTemplate(db, group.id, newName);
      if (taken && taken.id !== row.id) throw conflict('A template of this name exists in the group', 'name');
      const same = (a: string | null) => a?.toLowerCase() === row.name.toLowerCase();
      await eventLog.withAudit(async (tx) => {
        await renameTemplate(db, row.id, newName);
        const defaults: GroupDefaultTemplatesBody = {};
        if (same(group.defaultDashboardTemplate)) defaults.defaultDashboardTemplate = newName;
        if (same(group.defaultMobileDashboardTemplate)) defaults.defaultMobileDashboardTemplate = newName;
        if (Object.keys(defaults).length > 0) await groups.update(principal, group.id, defaults);
        const relinked = await deps
          .dashboards()
          .renameLinked(
            { id: group.id, includeUngrouped: group.isEveryone, ownerScopeNodeId: group.ownerScopeNodeId },
            row.name,
            newName,
          );
        await eventLog.record(tx, principal, 'Template.Rename', newName, {
          userGroupId,
          from: row.name,
          relinked,
        });
      });
      return this.get(principal, group.id, newName);
    },

    async setUserCreationAction(
      principal: Principal,
      userGroupId: string,
      name: string,
      action: UserCreationAction,
    ) {
      assertAdmin(principal);
      const { row } = await load(principal, userGroupId, name, true);
      await eventLog.withAudit(async (tx) => {
        await updateUserCreationAction(db, row.id, action);
        await eventLog.record(tx, principal, 'Template.UserCreationAction', row.name, {
          userGroupId,
          action,
        });
      });
      return this.get(principal, userGroupId, name);
    },

    /** Sets a group's default and/or default mobile template; the names must be templates of the group. */
    async setGroupDefaults(principal: Principal, userGroupId: string, body: GroupDefaultTemplatesBody) {
      assertAdmin(principal);
      const group = await groups.get(principal, userGroupId);
      const out: GroupDefaultTemplatesBody = {};
      for (const key of ['defaultDashboardTemplate', 'defaultMobileDashboardTemplate'] as const) {
        const name = body[key];
        if (name === undefined) continue;
        if (name === null) {
          out[key] = null;
          continue;
        }
        const row = await selectTemplate(db, group.id, name);
        if (!row) throw badRequest('No template of this name in the group', key);
        out[key] = row.name;
      }
      return groups.update(principal, group.id, out);
    },

    /**
     * A user was created in a group: each of the group's templates whose user creation action is
     * `copy` or `link` becomes one of the user's dashboards (a copy, or linked to the template so that
     * pushes reach it). The group's default and default mobile templates become the user's defaults.
     * A user without a group gets the templates of their client group's _EVERYONE_. The caller checked
     * that the group is one the actor manages. Returns the dashboards made.
     */
    async applyUserCreationActions(
      userId: string,
      userGroupId: string | null,
      scopeNodeId: string | null,
    ): Promise<number> {
      const group = await groups.groupOfNewUser(userGroupId, scopeNodeId);
      const same = (a: string | null, b: string) => a?.toLowerCase() === b.toLowerCase();
      let made = 0;
      for (const row of await selectTemplates(db, [group.id])) {
        if (row.user_creation_action === 'none') continue;
        await deps.dashboards().createFromTemplate(
          userId,
          {
            name: row.name,
            json: DashboardJson.parse(row.dashboard),
            linked: row.user_creation_action === 'link',
          },
          {
            desktop: same(group.defaultDashboardTemplate, row.name),
            mobile: same(group.defaultMobileDashboardTemplate, row.name),
          },
        );
        made++;
      }
      return made;
    },

    /**
     * Demo data: templates for each demo client group, once (a client whose groups hold any template
     * is left alone). Its `_EVERYONE_` gets "Store performance" (its default, copied to new users);
     * each group it owns gets "Store performance" linked to new users (default, also on mobile) and a
     * lighter "Traffic overview". `dashboardOf` builds the demo dashboard over the client's locations.
     */
    async seedDemo(
      clients: { clientNodeId: string; locationIds: string[] }[],
      dashboardOf: (locationIds: string[], widgets?: number) => DashboardJson,
    ): Promise<number> {
      let made = 0;
      for (const client of clients) {
        const system: Principal = {
          userId: '00000000-0000-0000-0000-000000000000',
          username: 'system',
          roles: ['superAdmin'],
          scopeNodeId: client.clientNodeId,
        };
        const owned = await groups.list(system);
        if (
          (
            await selectTemplates(
              db,
              owned.map((g) => g.id),
            )
          ).length > 0
        )
          continue;
        const full = dashboardOf(client.locationIds);
        const light = dashboardOf(client.locationIds, 5);
        for (const group of owned) {
          const plan = group.isEveryone
            ? [{ name: 'Store performance', json: full, action: 'copy' as const }]
            : [
                { name: 'Store performance', json: full, action: 'link' as const },
                { name: 'Traffic overview', json: light, action: 'none' as const },
              ];
          await eventLog.withAudit(async (tx) => {
            for (const p of plan) {
              const id = await upsertTemplate(db, group.id, p.name, p.json);
              await updateUserCreationAction(db, id, p.action);
              await eventLog.record(tx, null, 'Template.Save', p.name, { userGroupId: group.id, id });
              made++;
            }
            await groups.update(system, group.id, {
              defaultDashboardTemplate: 'Store performance',
              defaultMobileDashboardTemplate: group.isEveryone ? null : 'Store performance',
            });
          });
        }
      }
      return made;
    },

    /** For dashboards: the default (or default mobile) template of the caller's group, if any. */
    async defaultTemplateOf(principal: Principal, mobile: boolean) {
      const group = await groups.current(principal);
      const name = mobile ? group.defaultMobileDashboardTemplate : group.defaultDashboardTemplate;
      if (!name) return null;
      const row = await selectTemplate(db, group.id, name);
      return row ? { name: row.name, json: DashboardJson.parse(row.dashboard) } : null;
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
