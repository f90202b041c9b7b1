import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardJson } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeUser, type MadeUser } from '../../test/factories.js';

let t: TestApp;
let admin: MadeUser;
let member: MadeUser;
let outsider: MadeUser;
let groupA: string;
let groupB: string;

const dash = (refreshRate: number) => JSON.stringify({ widgets: [], refreshRate });

async function req(u: MadeUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const headers = await authHeader(t.ctx, u);
  return payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });
}
const templatesOf = (groupId: string) =>
  t.db
    .selectFrom('dashboard_template')
    .selectAll()
    .where('user_group_id', '=', groupId)
    .orderBy('name')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, { roles: ['admin'] });
  const a = await req(admin, 'POST', '/api/UserGroup', { name: 'Group A' });
  const b = await req(admin, 'POST', '/api/UserGroup', { name: 'Group B' });
  groupA = a.json().id;
  groupB = b.json().id;
  // groups are owned by the admin's scope: their members' scopes lie inside it
  member = await makeUser(t.db, { scopeNodeId: admin.scopeNodeId });
  outsider = await makeUser(t.db, { scopeNodeId: admin.scopeNodeId });
  await t.db.updateTable('app_user').set({ user_group_id: groupA }).where('id', '=', member.id).execute();
  await t.db.updateTable('app_user').set({ user_group_id: groupB }).where('id', '=', outsider.id).execute();
});

describe('templates', () => {
  it('saves with a trimmed name, replaces on the same name, and validates the dashboard (400 naming the field)', async () => {
    const saved = await req(admin, 'POST', '/api/Template', {
      name: '  Store view  ',
      userGroupId: groupA,
      dashboard: dash(5),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Store view',
      userGroupId: groupA,
      userCreationAction: 'none',
    });
    await req(admin, 'POST', '/api/Template', {
      name: 'store VIEW',
      userGroupId: groupA,
      dashboard: dash(9),
    });
    const rows = await templatesOf(groupA);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.dashboard as { refreshRate: number }).refreshRate).toBe(9);

    const bad = await req(admin, 'POST', '/api/Template', {
      name: 'Bad',
      userGroupId: groupA,
      dashboard: dash(0),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('dashboard.refreshRate');
    expect(await templatesOf(groupA)).toHaveLength(1);

    const log = await t.db
      .selectFrom('event_log')
      .select('command')
      .where('command', '=', 'Template.Save')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it('lets members read their group’s templates only; admins read all', async () => {
    const mine = await req(member, 'GET', `/api/Template/${groupA}/${encodeURIComponent('Store view')}`);
    expect(mine.statusCode).toBe(200);
    expect(JSON.parse(mine.json().dashboard).refreshRate).toBe(9);
    expect(
      (await req(outsider, 'GET', `/api/Template/${groupA}/${encodeURIComponent('Store view')}`)).statusCode,
    ).toBe(404);
    expect((await req(member, 'GET', '/api/Template')).json().map((x: { name: string }) => x.name)).toEqual([
      'Store view',
    ]);
    expect((await req(outsider, 'GET', '/api/Template')).json()).toEqual([]);
    expect((await req(member, 'GET', '/api/User/hasTemplates')).json()).toEqual({ hasTemplates: true });
    expect((await req(outsider, 'GET', '/api/User/hasTemplates')).json()).toEqual({ hasTemplates: false });
    expect((await req(admin, 'GET', '/api/Template')).json().length).toBeGreaterThanOrEqual(1);
    expect(
      (await req(member, 'POST', '/api/Template', { name: 'X', userGroupId: groupA, dashboard: dash(1) }))
        .statusCode,
    ).toBe(403);
  });

  it('copies to another group', async () => {
    const res = await req(admin, 'POST', '/api/Template/copy', {
      templateName: 'Store view',
      targetUserGroupId: groupB,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userGroupId: groupB, name: 'Store view' });
    expect((await templatesOf(groupB)).map((r) => r.name)).toEqual(['Store view']);
    const ambiguous = await req(admin, 'POST', '/api/Template/copy', {
      templateName: 'Store view',
      targetUserGroupId: groupA,
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().field).toBe('sourceUserGroupId');
  });

  it('pushes to the linked dashboards of the group’s users only', async () => {
    const svc = t.app.services.dashboards;
    const linked = await svc.createForUser(
      member.id,
      'Linked',
      DashboardJson.parse({ refreshRate: 1 }),
      false,
    );
    const unlinked = await svc.createForUser(
      member.id,
      'Own',
      DashboardJson.parse({ refreshRate: 1 }),
      false,
    );
    const otherGroup = await svc.createForUser(
      outsider.id,
      'Theirs',
      DashboardJson.parse({ refreshRate: 1 }),
      false,
    );
    await t.db
      .updateTable('dashboard')
      .set({ linked_template_name: 'Store view' })
      .where('id', 'in', [linked, otherGroup])
      .execute();
    const res = await req(admin, 'POST', `/api/Template/${groupA}/${encodeURIComponent('Store view')}/push`);
    expect(res.json()).toEqual({ updated: 1 });
    const rate = async (id: string) =>
      (
        (await t.db.selectFrom('dashboard').select('json').where('id', '=', id).executeTakeFirstOrThrow())
          .json as { refreshRate: number }
      ).refreshRate;
    expect([await rate(linked), await rate(unlinked), await rate(otherGroup)]).toEqual([9, 1, 1]);
  });

  it('sets the user creation action and the group defaults', async () => {
    const path = `/api/Template/${groupA}/${encodeURIComponent('Store view')}`;
    const res = await req(admin, 'PUT', `${path}/userCreationAction`, { userCreationAction: 'link' });
    expect(res.json().userCreationAction).toBe('link');
    expect((await templatesOf(groupA))[0]!.user_creation_action).toBe('link');

    const unknown = await req(admin, 'PUT', `/api/Template/defaults/${groupA}`, {
      defaultMobileDashboardTemplate: 'Nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('defaultMobileDashboardTemplate');
    const ok = await req(admin, 'PUT', `/api/Template/defaults/${groupA}`, {
      defaultDashboardTemplate: 'store view',
      defaultMobileDashboardTemplate: 'Store view',
    });
    expect(ok.json()).toMatchObject({
      defaultDashboardTemplate: 'Store view',
      defaultMobileDashboardTemplate: 'Store view',
    });
    expect((await req(admin, 'GET', path)).json()).toMatchObject({ isDefault: true, isDefaultMobile: true });
  });

  it('gives a new user of the group the dashboards of its creation actions, with the group defaults', async () => {
    await req(admin, 'POST', '/api/Template', {
      name: 'Copied view',
      userGroupId: groupA,
      dashboard: dash(7),
    });
    await req(
      admin,
      'PUT',
      `/api/Template/${groupA}/${encodeURIComponent('Copied view')}/userCreationAction`,
      {
        userCreationAction: 'copy',
      },
    );
    await req(admin, 'POST', '/api/Template', { name: 'Not given', userGroupId: groupA, dashboard: dash(3) });
    const newUser = (name: string, userGroupId: string) =>
      req(admin, 'POST', '/api/User', {
        username: `new-${name}-${Date.now()}`,
        firstName: 'New',
        lastName: name,
        email: `new.${name}@example.com`,
        roles: ['User'],
        scope: admin.scopeNodeId,
        userGroupId,
        password: 'A-long-enough-password-1',
      });
    const created = await newUser('member', groupA);
    expect(created.statusCode, created.body).toBe(201);
    const rows = await t.db
      .selectFrom('dashboard')
      .select(['name', 'linked_template_name', 'is_default', 'is_default_mobile', 'json'])
      .where('owner_id', '=', created.json().id)
      .orderBy('name')
      .execute();
    expect(
      rows.map((r) => [
        r.name,
        r.linked_template_name,
        r.is_default,
        r.is_default_mobile,
        (r.json as { refreshRate: number }).refreshRate,
      ]),
    ).toEqual([
      ['Copied view', null, false, false, 7],
      ['Store view', 'Store view', true, true, 9],
    ]);
    // the same user in another group (no templates with an action) gets no dashboard
    const other = await newUser('outsider', groupB);
    expect(other.statusCode, other.body).toBe(201);
    const theirs = await t.db
      .selectFrom('dashboard')
      .select('id')
      .where('owner_id', '=', other.json().id)
      .execute();
    expect(theirs).toEqual([]);
  });

  it('deletes by name and clears the group defaults that named it', async () => {
    const path = `/api/Template/${groupA}/${encodeURIComponent('Store view')}`;
    expect((await req(member, 'DELETE', path)).statusCode).toBe(403);
    expect((await req(admin, 'DELETE', path)).statusCode).toBe(200);
    expect((await templatesOf(groupA)).map((r) => r.name)).toEqual(['Copied view', 'Not given']);
    const g = await t.db
      .selectFrom('user_group')
      .selectAll()
      .where('id', '=', groupA)
      .executeTakeFirstOrThrow();
    expect([g.default_dashboard_template, g.default_mobile_dashboard_template]).toEqual([null, null]);
    expect((await req(admin, 'DELETE', path)).statusCode).toBe(404);
  });
});
