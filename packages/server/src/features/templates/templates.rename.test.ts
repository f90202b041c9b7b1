import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardJson } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeNode, makeUser, type MadeUser } from '../../test/factories.js';

let t: TestApp;
let admin: MadeUser;
let otherAdmin: MadeUser;
let member: MadeUser;
let outsider: MadeUser;
let groupA: string;
let groupB: string;

const dash = JSON.stringify({ widgets: [], refreshRate: 5 });

async function req(u: MadeUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const headers = await authHeader(t.ctx, u);
  return payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });
}
const rename = (u: MadeUser, groupId: string, name: string, payload: object) =>
  req(u, 'PUT', `/api/Template/${groupId}/${encodeURIComponent(name)}/rename`, payload);
const namesOf = async (groupId: string) =>
  (
    await t.db
      .selectFrom('dashboard_template')
      .select('name')
      .where('user_group_id', '=', groupId)
      .orderBy('name')
      .execute()
  ).map((r) => r.name);
const linkOf = async (dashboardId: string) =>
  (
    await t.db
      .selectFrom('dashboard')
      .select('linked_template_name')
      .where('id', '=', dashboardId)
      .executeTakeFirstOrThrow()
  ).linked_template_name;

beforeAll(async () => {
  t = await createTestApp();
  const clientA = await makeNode(t.db, { name: 'Rename client A' });
  const clientB = await makeNode(t.db, { name: 'Rename client B' });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: clientA.id });
  otherAdmin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: clientB.id });
  groupA = (await req(admin, 'POST', '/api/UserGroup', { name: 'Rename A' })).json().id;
  groupB = (await req(admin, 'POST', '/api/UserGroup', { name: 'Rename B' })).json().id;
  member = await makeUser(t.db, { scopeNodeId: clientA.id });
  outsider = await makeUser(t.db, { scopeNodeId: clientA.id });
  await t.db.updateTable('app_user').set({ user_group_id: groupA }).where('id', '=', member.id).execute();
  await t.db.updateTable('app_user').set({ user_group_id: groupB }).where('id', '=', outsider.id).execute();
  for (const [name, groupId] of [
    ['Store view', groupA],
    ['Regional', groupA],
    ['Store view', groupB],
  ] as const) {
    const saved = await req(admin, 'POST', '/api/Template', { name, userGroupId: groupId, dashboard: dash });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await req(admin, 'PUT', `/api/Template/defaults/${groupA}`, {
    defaultDashboardTemplate: 'Store view',
    defaultMobileDashboardTemplate: 'Regional',
  });
});

describe('template rename', () => {
  it('renames with a trimmed name; the group defaults and linked dashboards of its users follow', async () => {
    const svc = t.app.services.dashboards;
    const json = DashboardJson.parse({});
    const linked = await svc.createForUser(member.id, 'Linked', json, false);
    const otherGroup = await svc.createForUser(outsider.id, 'Theirs', json, false);
    await t.db
      .updateTable('dashboard')
      .set({ linked_template_name: 'Store view' })
      .where('id', 'in', [linked, otherGroup])
      .execute();

    const res = await rename(admin, groupA, 'store VIEW', { name: '  Flagship view  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Flagship view', userGroupId: groupA, isDefault: true });
    expect(await namesOf(groupA)).toEqual(['Flagship view', 'Regional']);
    expect(await namesOf(groupB)).toEqual(['Store view']);
    const group = (await req(admin, 'GET', `/api/UserGroup/${groupA}`)).json();
    expect([group.defaultDashboardTemplate, group.defaultMobileDashboardTemplate]).toEqual([
      'Flagship view',
      'Regional',
    ]);
    // the member's dashboard stays linked (a push still reaches it); group B's user is not touched
    expect(await linkOf(linked)).toBe('Flagship view');
    expect(await linkOf(otherGroup)).toBe('Store view');
    const push = await req(
      admin,
      'POST',
      `/api/Template/${groupA}/${encodeURIComponent('Flagship view')}/push`,
    );
    expect(push.json()).toEqual({ updated: 1 });

    const log = await t.db
      .selectFrom('event_log')
      .select(['target', 'details', 'requester'])
      .where('command', '=', 'Template.Rename')
      .execute();
    expect(log).toEqual([
      {
        target: 'Flagship view',
        requester: admin.username,
        details: { userGroupId: groupA, from: 'Store view', relinked: 1 },
      },
    ]);
  });

  it('changes only the case of a name; refuses a name another template of the group holds (409)', async () => {
    const recased = await rename(admin, groupA, 'Regional', { name: 'REGIONAL' });
    expect(recased.statusCode).toBe(200);
    expect(await namesOf(groupA)).toEqual(['Flagship view', 'REGIONAL']);

    const taken = await rename(admin, groupA, 'REGIONAL', { name: ' flagship VIEW ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'name' });
    expect(await namesOf(groupA)).toEqual(['Flagship view', 'REGIONAL']);
  });

  it('answers 400 naming the field for an empty name, 404 for a missing template or another tenant', async () => {
    const empty = await rename(admin, groupA, 'REGIONAL', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('name');
    expect((await rename(admin, groupA, 'Nope', { name: 'Other' })).statusCode).toBe(404);
    expect((await rename(otherAdmin, groupA, 'REGIONAL', { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await rename(member, groupA, 'REGIONAL', { name: 'Mine' })).statusCode).toBe(403);
    expect(await namesOf(groupA)).toEqual(['Flagship view', 'REGIONAL']);
  });
});
