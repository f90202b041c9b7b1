import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardJson, EVERYONE_GROUP } from '@footfall/domain';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { assignGroupOwners } from '../../platform/db/migrations/0012_group_owner_scope.js';
import { authHeader, makeGroup, makeLocation, makeUser, type MadeUser } from '../../test/factories.js';

/**
 * Issue 11: user groups and templates belong to an owner scope (a tree node). Two client groups as in
 * the demo (Retail and Venues): what one tenant's admin made is invisible (404) to the other's users
 * and admins, `_EVERYONE_` is per client group, and a push never reaches the other tenant's users.
 */
let t: TestApp;
let retail: string, venues: string, retailStore: string;
let adminA: MadeUser, userA: MadeUser, adminB: MadeUser, userB: MadeUser, superAdmin: MadeUser;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function req(u: MadeUser, method: Method, url: string, payload?: object) {
  const headers = await authHeader(t.ctx, u);
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}
const dash = (refreshRate: number) => JSON.stringify({ widgets: [], refreshRate });
const tpl = (groupId: string, name: string) => `/api/Template/${groupId}/${encodeURIComponent(name)}`;
const groupRow = (id: string) =>
  t.db.selectFrom('user_group').selectAll().where('id', '=', id).executeTakeFirst();
const templateRows = (groupId: string) =>
  t.db.selectFrom('dashboard_template').selectAll().where('user_group_id', '=', groupId).execute();
const refreshRateOf = async (dashboardId: string) =>
  (
    (
      await t.db
        .selectFrom('dashboard')
        .select('json')
        .where('id', '=', dashboardId)
        .executeTakeFirstOrThrow()
    ).json as { refreshRate: number }
  ).refreshRate;
async function linkedDashboard(owner: MadeUser, templateName: string) {
  const id = await t.app.services.dashboards.createForUser(
    owner.id,
    `Linked ${templateName}`,
    DashboardJson.parse({ refreshRate: 1 }),
    false,
  );
  await t.db
    .updateTable('dashboard')
    .set({ linked_template_name: templateName })
    .where('id', '=', id)
    .execute();
  return id;
}
const currentGroupId = async (u: MadeUser) =>
  (await req(u, 'GET', '/api/UserGroup/current')).json().id as string;

beforeAll(async () => {
  t = await createTestApp();
  retail = (await makeGroup(t.db, { name: 'Demo Retail' })).id;
  retailStore = (await makeLocation(t.db, { name: 'Retail store', parentId: retail })).id;
  venues = (await makeGroup(t.db, { name: 'Demo Venues' })).id;
  adminA = await makeUser(t.db, { roles: ['admin'], scopeNodeId: retail });
  userA = await makeUser(t.db, { roles: ['User'], scopeNodeId: retailStore });
  adminB = await makeUser(t.db, { roles: ['admin'], scopeNodeId: venues });
  userB = await makeUser(t.db, { roles: ['User'], scopeNodeId: venues });
  superAdmin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
});

describe('user groups and templates across tenants', () => {
  it("does not list one tenant's _EVERYONE_ templates to the other tenant's users", async () => {
    const everyoneA = await currentGroupId(adminA);
    const saved = await req(adminA, 'POST', '/api/Template', {
      name: 'Retail view',
      userGroupId: everyoneA,
      dashboard: JSON.stringify({ widgets: [], refreshRate: 5, name: `nodes ${retailStore}` }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // the Retail user (no group: Retail's _EVERYONE_) sees it
    const mine = await req(userA, 'GET', '/api/Template');
    expect(mine.json().map((x: { name: string }) => x.name)).toContain('Retail view');
    // the Venues user does not, nor any Retail node id
    const theirs = await req(userB, 'GET', '/api/Template');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().map((x: { name: string }) => x.name)).not.toContain('Retail view');
    expect(theirs.body).not.toContain(retailStore);
    expect((await req(userB, 'GET', '/api/User/hasTemplates')).json()).toEqual({ hasTemplates: false });
    expect((await req(userB, 'GET', tpl(everyoneA, 'Retail view'))).statusCode).toBe(404);
    expect((await req(adminB, 'GET', tpl(everyoneA, 'Retail view'))).statusCode).toBe(404);
    const adminList = await req(adminB, 'GET', '/api/Template');
    expect(adminList.json().map((x: { name: string }) => x.name)).not.toContain('Retail view');
  });

  it("a push from the other tenant's _EVERYONE_ never reaches a Retail user's linked dashboard", async () => {
    const retailLinked = await linkedDashboard(userA, 'Retail view');
    const venuesLinked = await linkedDashboard(userB, 'Retail view');
    const everyoneB = await currentGroupId(adminB);
    const saved = await req(adminB, 'POST', '/api/Template', {
      name: 'Retail view',
      userGroupId: everyoneB,
      dashboard: dash(42),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await req(adminB, 'POST', `${tpl(everyoneB, 'Retail view')}/push`);
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toEqual({ updated: 1 });
    expect(await refreshRateOf(retailLinked)).toBe(1);
    expect(await refreshRateOf(venuesLinked)).toBe(42);
    // nor through Retail's own _EVERYONE_: 404, nothing rewritten
    const everyoneA = await currentGroupId(adminA);
    expect((await req(adminB, 'POST', `${tpl(everyoneA, 'Retail view')}/push`)).statusCode).toBe(404);
    expect(await refreshRateOf(retailLinked)).toBe(1);
  });

  it("answers 404 to the other tenant's admin for every route naming a group, and changes nothing", async () => {
    const created = await req(adminA, 'POST', '/api/UserGroup', { name: 'Retail managers' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await req(adminA, 'POST', '/api/Template', {
      name: 'Managers view',
      userGroupId: id,
      dashboard: dash(5),
    });

    expect((await req(adminB, 'GET', `/api/UserGroup/${id}`)).statusCode).toBe(404);
    expect((await req(adminB, 'PUT', `/api/UserGroup/${id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await req(adminB, 'DELETE', `/api/UserGroup/${id}`)).statusCode).toBe(404);
    expect((await groupRow(id))?.name).toBe('Retail managers');
    const listB = (await req(adminB, 'GET', '/api/UserGroup')).json() as { id: string }[];
    expect(listB.map((g) => g.id)).not.toContain(id);

    const path = tpl(id, 'Managers view');
    expect((await req(adminB, 'GET', path)).statusCode).toBe(404);
    expect(
      (
        await req(adminB, 'PUT', `/api/Template/defaults/${id}`, {
          defaultDashboardTemplate: 'Managers view',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req(adminB, 'PUT', `${path}/userCreationAction`, { userCreationAction: 'link' })).statusCode,
    ).toBe(404);
    expect(
      (await req(adminB, 'POST', '/api/Template', { name: 'Planted', userGroupId: id, dashboard: dash(3) }))
        .statusCode,
    ).toBe(404);
    expect((await req(adminB, 'POST', `${path}/push`)).statusCode).toBe(404);
    expect((await req(adminB, 'DELETE', path)).statusCode).toBe(404);
    const rows = await templateRows(id);
    expect(rows.map((r) => [r.name, r.user_creation_action])).toEqual([['Managers view', 'none']]);
    expect((await groupRow(id))?.default_dashboard_template).toBeNull();

    // copying out of Retail's group (named, or found by name) and into it
    const everyoneB = await currentGroupId(adminB);
    const copyOut = await req(adminB, 'POST', '/api/Template/copy', {
      templateName: 'Managers view',
      sourceUserGroupId: id,
      targetUserGroupId: everyoneB,
    });
    expect(copyOut.statusCode).toBe(404);
    const byName = await req(adminB, 'POST', '/api/Template/copy', {
      templateName: 'Managers view',
      targetUserGroupId: everyoneB,
    });
    expect(byName.statusCode).toBe(404);
    expect((await templateRows(everyoneB)).map((r) => r.name)).not.toContain('Managers view');
    await req(adminB, 'POST', '/api/Template', {
      name: 'Venues view',
      userGroupId: everyoneB,
      dashboard: dash(3),
    });
    const copyIn = await req(adminB, 'POST', '/api/Template/copy', {
      templateName: 'Venues view',
      sourceUserGroupId: everyoneB,
      targetUserGroupId: id,
    });
    expect(copyIn.statusCode).toBe(404);
    expect((await templateRows(id)).map((r) => r.name)).toEqual(['Managers view']);

    // the user-creation action: a Venues user cannot be put in Retail's group
    const made = await req(adminB, 'POST', '/api/User', {
      username: 'venues-into-retail',
      firstName: 'V',
      lastName: 'R',
      email: 'v.r@example.com',
      roles: ['User'],
      scope: venues,
      userGroupId: id,
      password: 'A-long-enough-password-1',
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().field).toBe('userGroupId');
    const none = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'venues-into-retail')
      .execute();
    expect(none).toEqual([]);

    // the unscoped superAdmin sees and manages it
    expect((await req(superAdmin, 'GET', `/api/UserGroup/${id}`)).statusCode).toBe(200);
    expect((await req(superAdmin, 'GET', path)).statusCode).toBe(200);
  });

  it('gives each client group its own _EVERYONE_, counting only its users', async () => {
    const listB = (await req(adminB, 'GET', '/api/UserGroup')).json() as {
      id: string;
      name: string;
      userCount: number;
    }[];
    const everyoneB = listB.filter((g) => g.name === EVERYONE_GROUP);
    expect(everyoneB).toHaveLength(1);
    // adminB and userB: the ungrouped users of Demo Venues
    expect(everyoneB[0]!.userCount).toBe(2);
    expect(everyoneB[0]!.id).toBe(await currentGroupId(userB));
    expect(everyoneB[0]!.id).not.toBe(await currentGroupId(userA));
    const listA = (await req(adminA, 'GET', '/api/UserGroup')).json() as {
      name: string;
      userCount: number;
    }[];
    expect(listA.find((g) => g.name === EVERYONE_GROUP)?.userCount).toBe(2);
  });

  it('lets an admin own a group lower in their scope, never outside it; names are unique per owner', async () => {
    const inside = await req(adminA, 'POST', '/api/UserGroup', {
      name: 'Store team',
      ownerScopeNodeId: retailStore,
    });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().ownerScopeNodeId).toBe(retailStore);
    const outside = await req(adminA, 'POST', '/api/UserGroup', {
      name: 'Store team',
      ownerScopeNodeId: venues,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().field).toBe('ownerScopeNodeId');
    const deployment = await req(adminA, 'POST', '/api/UserGroup', {
      name: 'Everywhere',
      ownerScopeNodeId: null,
    });
    expect(deployment.statusCode).toBe(400);
    // the same name in the other tenant is no conflict (and tells nothing about Retail's)
    expect((await req(adminB, 'POST', '/api/UserGroup', { name: 'Store team' })).statusCode).toBe(201);
    expect(
      (await req(adminA, 'POST', '/api/UserGroup', { name: 'STORE TEAM', ownerScopeNodeId: retailStore }))
        .statusCode,
    ).toBe(409);
    // the unscoped superAdmin makes deployment groups by default and sees every tenant's
    const mine = await req(superAdmin, 'POST', '/api/UserGroup', { name: 'Deployment group' });
    expect(mine.json().ownerScopeNodeId).toBeNull();
    const all = (await req(superAdmin, 'GET', '/api/UserGroup')).json() as { id: string; name: string }[];
    expect(all.map((g) => g.id)).toEqual(expect.arrayContaining([inside.json().id, mine.json().id]));
    expect(all.filter((g) => g.name === EVERYONE_GROUP).length).toBeGreaterThanOrEqual(3);
    const listA = (await req(adminA, 'GET', '/api/UserGroup')).json() as { id: string }[];
    expect(listA.map((g) => g.id)).not.toContain(mine.json().id);
    expect((await req(adminA, 'GET', `/api/UserGroup/${mine.json().id}`)).statusCode).toBe(404);
  });

  it('migration 0012 gives existing groups the scope holding their members, else their creator’s', async () => {
    const regionEast = (await makeGroup(t.db, { name: 'East', parentId: retail })).id;
    const east1 = (await makeLocation(t.db, { parentId: regionEast })).id;
    const east2 = (await makeLocation(t.db, { parentId: regionEast })).id;
    const west = (await makeLocation(t.db, { parentId: retail })).id;
    const legacy = async (name: string, memberScopes: (string | null)[]) => {
      const g = await t.db
        .insertInto('user_group')
        .values({ name, owner_scope_node_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const scopeNodeId of memberScopes) {
        const u = await makeUser(t.db, { scopeNodeId });
        await t.db.updateTable('app_user').set({ user_group_id: g.id }).where('id', '=', u.id).execute();
      }
      return g.id;
    };
    const eastOnly = await legacy('Legacy east', [east1, east2, regionEast]);
    const spread = await legacy('Legacy spread', [east1, west]);
    const one = await legacy('Legacy one', [east2]);
    const withUnscoped = await legacy('Legacy unscoped', [east1, null]);
    const empty = await legacy('Legacy empty', []);
    const orphan = await legacy('Legacy orphan', []);
    await t.db
      .insertInto('event_log')
      .values({
        requester: adminB.username,
        requester_id: adminB.id,
        command: 'UserGroup.Create',
        details: JSON.stringify({}),
        target: 'Legacy empty',
      })
      .execute();
    await assignGroupOwners(t.db as unknown as Kysely<unknown>);
    const owners = await t.db
      .selectFrom('user_group')
      .select(['id', 'owner_scope_node_id'])
      .where('id', 'in', [eastOnly, spread, one, withUnscoped, empty, orphan])
      .execute();
    const ownerOf = (id: string) => owners.find((o) => o.id === id)?.owner_scope_node_id;
    expect([ownerOf(eastOnly), ownerOf(spread), ownerOf(one)]).toEqual([regionEast, retail, east2]);
    expect([ownerOf(withUnscoped), ownerOf(empty), ownerOf(orphan)]).toEqual([null, venues, null]);
  });
});
