import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

describe('/api/UserGroup', () => {
  let t: TestApp;
  let admin: MadeUser, user: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    const client = await makeNode(t.db, { name: 'Client' });
    admin = await makeUser(t.db, { username: 'admin-ug', roles: ['admin'], scopeNodeId: client.id });
    user = await makeUser(t.db, { username: 'user-ug', roles: ['User'], scopeNodeId: client.id });
  });

  const call = async (
    actor: MadeUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: await authHeader(t.ctx, actor), ...(payload ? { payload } : {}) });

  it('has _EVERYONE_ from the migration, listed first, holding users without a group', async () => {
    await call(admin, 'POST', '/api/UserGroup', { name: 'Aaa first by name' });
    const res = await call(admin, 'GET', '/api/UserGroup');
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json();
    expect(first).toMatchObject({
      name: '_EVERYONE_',
      isEveryone: true,
      userCount: 2,
      supportChatEnabled: true,
    });
    expect(second.name).toBe('Aaa first by name');
    const current = await call(user, 'GET', '/api/UserGroup/current');
    expect(current.statusCode).toBe(200);
    expect(current.json().name).toBe('_EVERYONE_');
  });

  it('creates, updates and deletes a group; its users fall back to _EVERYONE_', async () => {
    const created = await call(admin, 'POST', '/api/UserGroup', {
      name: '  Managers ',
      userRetentionPolicyDays: 30,
      defaultDashboardTemplate: 'Store overview',
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      name: 'Managers',
      userRetentionPolicyDays: 30,
      isEveryone: false,
      userCount: 0,
    });
    await t.db.updateTable('app_user').set({ user_group_id: group.id }).where('id', '=', user.id).execute();
    expect((await call(user, 'GET', '/api/UserGroup/current')).json().name).toBe('Managers');

    const updated = await call(admin, 'PUT', `/api/UserGroup/${group.id}`, {
      supportChatEnabled: false,
      name: 'Leads',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Leads', supportChatEnabled: false, userCount: 1 });
    const row = await t.db
      .selectFrom('user_group')
      .selectAll()
      .where('id', '=', group.id)
      .executeTakeFirstOrThrow();
    expect([row.name, row.support_chat_enabled]).toEqual(['Leads', false]);

    const deleted = await call(admin, 'DELETE', `/api/UserGroup/${group.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, usersMoved: 1 });
    const moved = await t.db
      .selectFrom('app_user')
      .select('user_group_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(moved.user_group_id).toBeNull();
    expect((await call(user, 'GET', '/api/UserGroup/current')).json().name).toBe('_EVERYONE_');
    expect((await call(admin, 'GET', `/api/UserGroup/${group.id}`)).statusCode).toBe(404);
    const log = await t.db
      .selectFrom('event_log')
      .select('command')
      .where('command', 'like', 'UserGroup.%')
      .execute();
    expect(log.map((l) => l.command)).toEqual(
      expect.arrayContaining(['UserGroup.Create', 'UserGroup.Update', 'UserGroup.Delete']),
    );
  });

  it('protects _EVERYONE_ and unique names', async () => {
    const everyone = (await call(admin, 'GET', '/api/UserGroup')).json()[0];
    expect((await call(admin, 'DELETE', `/api/UserGroup/${everyone.id}`)).statusCode).toBe(400);
    const rename = await call(admin, 'PUT', `/api/UserGroup/${everyone.id}`, { name: 'Everybody' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().field).toBe('name');
    expect(
      (await call(admin, 'PUT', `/api/UserGroup/${everyone.id}`, { userRetentionPolicyDays: 7 })).statusCode,
    ).toBe(200);
    expect((await call(admin, 'POST', '/api/UserGroup', { name: '_everyone_' })).statusCode).toBe(409);
    await call(admin, 'POST', '/api/UserGroup', { name: 'Unique' });
    const dup = await call(admin, 'POST', '/api/UserGroup', { name: 'UNIQUE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('name');
    const bad = await call(admin, 'POST', '/api/UserGroup', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('name');
  });

  it('is for admin-kind only, except the caller own group', async () => {
    expect((await call(user, 'GET', '/api/UserGroup')).statusCode).toBe(403);
    expect((await call(user, 'POST', '/api/UserGroup', { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/UserGroup/current' })).statusCode).toBe(401);
    const none = await t.db.selectFrom('user_group').select('id').where('name', '=', 'Nope').execute();
    expect(none).toEqual([]);
  });
});
