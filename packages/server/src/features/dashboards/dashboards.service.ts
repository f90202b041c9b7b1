import {
  DashboardJson,
  isAdminKind,
  isDashboardOnly,
  isReportName,
  parseDashboardJson,
  REPORT_DEFINITIONS,
  reportText,
  trimLanguage,
  type Language,
  type CreateDashboardBody,
  type DashboardDto,
  type Principal,
  type UpdateDashboardBody,
  type UserDefaultDashboardDto,
  type ViewItemDto,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { demoDashboardJson, demoDashboardName } from './demo-dashboard.js';
import {
  countOwned,
  deleteDashboard,
  insertDashboard,
  overwriteLinkedDashboards,
  renameLinkedDashboards,
  selectDefaultDashboardId,
  selectOwnedDashboard,
  selectOwnedDashboards,
  setDefaultDashboard,
  clearDefaultDashboard,
  updateDashboard,
  userIdsByUsername,
  selectUserLanguage,
  type DashboardRow,
} from './dashboards.repository.js';

/** What the dashboards need from the templates feature: the json of a group's default template. */
export interface DefaultTemplatePort {
  defaultTemplateOf(
    principal: Principal,
    mobile: boolean,
  ): Promise<{ name: string; json: DashboardJson } | null>;
}
/** What they need from the users feature: whether the caller manages the user (404 otherwise). */
export interface ManagedUserPort {
  get(principal: Principal, id: string): Promise<unknown>;
  scopeOf(userId: string): Promise<{ scopeNodeId: string | null } | null>;
}

const selectionOf = (json: unknown) => {
  const s = (json as { fullTreeViewSelection?: unknown } | null)?.fullTreeViewSelection;
  return Array.isArray(s) ? s : [];
};

/** A saved report's own title (spec View "defaultTitle") in `language`; null for a dashboard. */
const defaultTitleOf = (row: DashboardRow, language: Language): string | null => {
  if (row.kind !== 'report') return null;
  const name = (row.json as { report?: { name?: unknown } } | null)?.report?.name;
  return typeof name === 'string' && isReportName(name)
    ? reportText(language, REPORT_DEFINITIONS[name].title)
    : null;
};

const presentView = (row: DashboardRow, readOnly: boolean, language: Language = 'en'): ViewItemDto => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  defaultDashboard: row.is_default,
  defaultMobileDashboard: row.is_default_mobile,
  isReadOnly: readOnly,
  linkedTemplateName: row.linked_template_name,
  emptySelection: selectionOf(row.json).length === 0,
  customTitle: row.kind === 'report' ? row.name : null,
  defaultTitle: defaultTitleOf(row, language),
});

/**
 * Dashboards belong to their owner: another user's dashboard answers 404, whatever the caller's role.
 * dashboardOnly users get read-only dashboards (no create, save or delete) and no reports.
 */
export function createDashboardsService(deps: {
  db: Db;
  eventLog: EventLogService;
  templates: DefaultTemplatePort;
  users: ManagedUserPort;
}) {
  const { db, eventLog } = deps;
  const readOnly = (p: Principal) => isDashboardOnly(p);
  const assertWritable = (p: Principal) => {
    if (readOnly(p)) throw forbidden('Dashboards are read-only for this user');
  };

  async function load(principal: Principal, id: string): Promise<DashboardRow> {
    const row = await selectOwnedDashboard(db, principal.userId, id);
    if (!row || (row.kind === 'report' && readOnly(principal))) throw notFound('Dashboard');
    return row;
  }

  function checkJson(text: string): DashboardJson {
    const r = parseDashboardJson(text);
    if (!r.ok) throw badRequest(r.message, r.field);
    return r.value;
  }

  // sent normalised by the schema, as stored: the web reads it without validating it again
  // (readStoredDashboardJson); a row the schema no longer accepts goes out as it is
  const languageOf = async (p: Principal) => trimLanguage(await selectUserLanguage(db, p.userId));
  const present = async (row: DashboardRow, p: Principal): Promise<DashboardDto> => {
    const normalised = DashboardJson.safeParse(row.json);
    return {
      ...presentView(row, readOnly(p), row.kind === 'report' ? await languageOf(p) : 'en'),
      json: JSON.stringify(normalised.success ? normalised.data : row.json),
    };
  };

  /** Self, or an admin-kind caller managing the user (the users feature answers 404 outside scope). */
  async function assertManages(principal: Principal, userId: string) {
    if (principal.userId === userId) return;
    if (!isAdminKind(principal)) throw forbidden();
    await deps.users.get(principal, userId);
  }

  return {
    async views(principal: Principal): Promise<ViewItemDto[]> {
      const kinds: ('dashboard' | 'report')[] = readOnly(principal) ? ['dashboard'] : ['dashboard', 'report'];
      const language = await languageOf(principal);
      return (await selectOwnedDashboards(db, principal.userId, kinds)).map((r) =>
        presentView(r, readOnly(principal), language),
      );
    },

    async get(principal: Principal, id: string): Promise<DashboardDto> {
      return present(await load(principal, id), principal);
    },

    async create(principal: Principal, body: CreateDashboardBody): Promise<DashboardDto> {
      assertWritable(principal);
      let json: DashboardJson = body.json === undefined ? DashboardJson.parse({}) : checkJson(body.json);
      let linkedTemplateName: string | null = null;
      if (body.useDefaultTemplate) {
        const template = await deps.templates.defaultTemplateOf(principal, false);
        if (template) {
          json = template.json;
          linkedTemplateName = template.name;
        }
      }
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertDashboard(db, {
          ownerId: principal.userId,
          kind: body.kind,
          name: body.name,
          json,
          linkedTemplateName,
        });
        await eventLog.record(tx, principal, 'Dashboard.Create', body.name, {
          id,
          kind: body.kind,
          linkedTemplateName,
        });
        return id;
      });
      return present(await load(principal, id), principal);
    },

    async update(principal: Principal, id: string, body: UpdateDashboardBody): Promise<DashboardDto> {
      assertWritable(principal);
      if (body.id !== id) throw badRequest('The id of the body differs from the path', 'id');
      const row = await load(principal, id);
      const json = checkJson(body.json);
      await eventLog.withAudit(async (tx) => {
        await updateDashboard(db, row.id, {
          name: body.name,
          json,
          linkedTemplateName: body.linkedTemplateName,
        });
        await eventLog.record(tx, principal, 'Dashboard.Update', body.name, {
          id,
          linkedTemplateName: body.linkedTemplateName,
        });
      });
      return present(await load(principal, id), principal);
    },

    async remove(principal: Principal, id: string) {
      assertWritable(principal);
      const row = await load(principal, id);
      await eventLog.withAudit(async (tx) => {
        await deleteDashboard(db, row.id);
        await eventLog.record(tx, principal, 'Dashboard.Delete', row.name, { id });
      });
      return { deleted: true as const };
    },

    /** A user's dashboards (not reports), for the users screen's default choices: self or a managing admin. */
    async userViews(principal: Principal, userId: string): Promise<ViewItemDto[]> {
      await assertManages(principal, userId);
      return (await selectOwnedDashboards(db, userId, ['dashboard'])).map((r) => presentView(r, false));
    },

    async getDefault(
      principal: Principal,
      userId: string,
      dashboardId: string,
      mobile: boolean,
    ): Promise<UserDefaultDashboardDto> {
      await assertManages(principal, userId);
      const current = await selectDefaultDashboardId(db, userId, mobile);
      return { userId, dashboardId: current, isDefault: current === dashboardId };
    },

    /** The user is left with no default (or default mobile) dashboard: they get the first one. */
    async clearDefault(
      principal: Principal,
      userId: string,
      mobile: boolean,
    ): Promise<UserDefaultDashboardDto> {
      await assertManages(principal, userId);
      await eventLog.withAudit(async (tx) => {
        const cleared = await clearDefaultDashboard(tx, userId, mobile);
        if (cleared.length > 0)
          await eventLog.record(
            tx,
            principal,
            mobile ? 'Dashboard.ClearDefaultMobile' : 'Dashboard.ClearDefault',
            cleared[0]!.name,
            { userId, dashboardId: cleared[0]!.id },
          );
      });
      return { userId, dashboardId: null, isDefault: false };
    },

    /** Setting a default clears the previous one (spec section 4); the dashboard must be the user's. */
    async setDefault(
      principal: Principal,
      userId: string,
      dashboardId: string,
      mobile: boolean,
    ): Promise<UserDefaultDashboardDto> {
      await assertManages(principal, userId);
      const row = await selectOwnedDashboard(db, userId, dashboardId);
      if (!row || row.kind !== 'dashboard') throw notFound('Dashboard');
      await eventLog.withAudit(async (tx) => {
        await setDefaultDashboard(db, userId, dashboardId, mobile);
        await eventLog.record(
          tx,
          principal,
          mobile ? 'Dashboard.SetDefaultMobile' : 'Dashboard.SetDefault',
          row.name,
          { userId, dashboardId },
        );
      });
      return { userId, dashboardId, isDefault: true };
    },

    /** For the templates feature: a push overwrites the linked dashboards of a group's users. */
    overwriteLinked(
      group: { id: string; includeUngrouped: boolean; ownerScopeNodeId: string | null },
      templateName: string,
      json: DashboardJson,
    ) {
      return overwriteLinkedDashboards(db, group, templateName, json);
    },

    /** For the templates feature: a renamed template keeps its linked dashboards linked. */
    renameLinked(
      group: { id: string; includeUngrouped: boolean; ownerScopeNodeId: string | null },
      oldName: string,
      newName: string,
    ) {
      return renameLinkedDashboards(db, group, oldName, newName);
    },

    /** For the demo: a dashboard for a user, made default when asked. */
    async createForUser(userId: string, name: string, json: DashboardJson, makeDefault: boolean) {
      const id = await insertDashboard(db, {
        ownerId: userId,
        kind: 'dashboard',
        name,
        json,
        linkedTemplateName: null,
      });
      if (makeDefault) await setDefaultDashboard(db, userId, id, false);
      return id;
    },

    async createFromTemplate(
      userId: string,
      template: { name: string; json: DashboardJson; linked: boolean },
      defaults: { desktop: boolean; mobile: boolean },
    ) {
      const id = await insertDashboard(db, {
        ownerId: userId,
        kind: 'dashboard',
        name: template.name,
        json: template.json,
        linkedTemplateName: template.linked ? template.name : null,
      });
      if (defaults.desktop) await setDefaultDashboard(db, userId, id, false);
      if (defaults.mobile) await setDefaultDashboard(db, userId, id, true);
      return id;
    },

    /**
     * Demo data: a default dashboard for each demo account that has no dashboard yet, over the demo
     * locations of the account's scope (all of them for an unscoped account). Returns how many it made.
     */
    async seedDemo(demo: {
      accounts: { username: string }[];
      locations: { id: string; groupId: string }[];
    }): Promise<number> {
      const users = await userIdsByUsername(
        db,
        demo.accounts.map((a) => a.username),
      );
      let made = 0;
      for (const u of users) {
        if ((await countOwned(db, u.id)) > 0) continue;
        const scope = (await deps.users.scopeOf(u.id))?.scopeNodeId ?? null;
        const ids = demo.locations.filter((l) => scope === null || l.groupId === scope).map((l) => l.id);
        // the demo dashboard is written in the account's language (its titles are user content)
        await this.createForUser(
          u.id,
          demoDashboardName(u.language),
          demoDashboardJson(ids, u.language),
          true,
        );
        made++;
      }
      return made;
    },

    /** Demo data: the demo dashboard over these locations (its first `widgets` widgets), for templates. */
    demoJson(locationIds: string[], widgets?: number): DashboardJson {
      const json = demoDashboardJson(locationIds);
      return widgets === undefined ? json : { ...json, widgets: json.widgets.slice(0, widgets) };
    },

    /** For snapshots: the caller's dashboard with its parsed json. */
    async loadParsed(principal: Principal, id: string) {
      const row = await load(principal, id);
      return { id: row.id, name: row.name, json: DashboardJson.parse(row.json) };
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
