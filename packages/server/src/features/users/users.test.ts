import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

describe('user management /api/User', () => {
  let t: TestApp;
  let root: MadeUser, adminA: MadeUser, userA: MadeUser, userB: MadeUser, scopedSuper: MadeUser;
  let a: { id: string }, b: { id: string }, storeA: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await makeNode(t.db, { name: 'Client A' });
    b = await makeNode(t.db, { name: 'Client B' });
    storeA = await makeNode(t.db, { name: 'Store A1', type: 'location', parentId: a.id });
    root = await makeUser(t.db, { username: 'root-u', roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { username: 'admin-u-a', roles: ['admin'], scopeNodeId: a.id });
    userA = await makeUser(t.db, { username: 'user-u-a', roles: ['User'], scopeNodeId: storeA.id });
    userB = await makeUser(t.db, { username: 'user-u-b', roles: ['User'], scopeNodeId: b.id });
    scopedSuper = await makeUser(t.db, {
      username: 'super-in-a',
      roles: ['superAdmin'],
      scopeNodeId: storeA.id,
    });
  });

  const call = async (
    actor: MadeUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: await authHeader(t.ctx, actor), ...(payload ? { payload } : {}) });
  const newUser = (over: object = {}) => ({
    username: `new-${Math.random().toString(36).slice(2, 8)}`,
    firstName: 'New',
    lastName: 'Person',
    email: 'new@example.com',
    language: 'fr-CA',
    roles: ['User'],
    scope: storeA.id,
    password: 'Fresh-password-1',
    ...over,
  });

  it('lists all users for an unscoped superAdmin and only in-scope users for an admin', async () => {
    const all = await call(root, 'GET', '/api/User');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['root-u', 'admin-u-a', 'user-u-a', 'user-u-b']),
    );
    const scoped = await call(adminA, 'GET', '/api/User');
    const names = scoped.json().map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin-u-a', 'user-u-a', 'super-in-a']));
    expect(names).not.toContain('user-u-b');
    expect(names).not.toContain('root-u');
    const one = scoped.json().find((u: { username: string }) => u.username === 'user-u-a');
    expect(one).toMatchObject({ scope: storeA.id, scopeName: 'Store A1', disabled: false, language: 'en' });
    expect((await call(userA, 'GET', '/api/User')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/User' })).statusCode).toBe(401);
  });

  it('gets one user; outside the scope is 404 like an unknown id; a bad id is 400', async () => {
    expect((await call(adminA, 'GET', `/api/User/${userA.id}`)).json().username).toBe('user-u-a');
    const outside = await call(adminA, 'GET', `/api/User/${userB.id}`);
    const unknown = await call(adminA, 'GET', '/api/User/00000000-0000-4000-8000-000000000000');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    const bad = await call(adminA, 'GET', '/api/User/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('shows a user with the whole tree only to a caller who sees the whole tree', async () => {
    expect((await call(root, 'GET', `/api/User/${root.id}`)).statusCode).toBe(200);
    expect((await call(root, 'GET', `/api/User/${scopedSuper.id}`)).statusCode).toBe(200);
    // an admin, and even a superAdmin with a scope, get 404 as for an unknown user
    expect((await call(adminA, 'GET', `/api/User/${root.id}`)).statusCode).toBe(404);
    expect((await call(scopedSuper, 'GET', `/api/User/${root.id}`)).statusCode).toBe(404);
    expect((await call(scopedSuper, 'GET', `/api/User/${userA.id}`)).statusCode).toBe(200);
    expect((await call(scopedSuper, 'GET', `/api/User/${adminA.id}`)).statusCode).toBe(404);
  });

  it('creates a user who can then sign in; language kept as two letters; logged', async () => {
    const body = newUser();
    const res = await call(adminA, 'POST', '/api/User', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: body.username,
      language: 'fr',
      scope: storeA.id,
      roles: ['User'],
    });
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('fr');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: body.username, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const logged = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'User.Create')
      .execute();
    expect(logged.some((l) => l.target === body.username && l.requester === 'admin-u-a')).toBe(true);
  });

  it('refuses what an admin may not grant and bad input, naming the field', async () => {
    expect((await call(adminA, 'POST', '/api/User', newUser({ roles: ['superAdmin'] }))).statusCode).toBe(
      403,
    );
    const outside = await call(adminA, 'POST', '/api/User', newUser({ scope: b.id }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().field).toBe('scope');
    expect((await call(adminA, 'POST', '/api/User', newUser({ scope: null }))).json().field).toBe('scope');
    const dup = await call(adminA, 'POST', '/api/User', newUser({ username: 'USER-U-A' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('username');
    const weak = await call(adminA, 'POST', '/api/User', newUser({ password: 'weak' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      error: 'password_rule',
      message: 'password: the password does not follow the rule (missing: length, upper, digit, special)',
      field: 'password',
      statusCode: 400,
      missing: ['length', 'upper', 'digit', 'special'],
      classesShort: 2,
    });
    const email = await call(adminA, 'POST', '/api/User', newUser({ email: 'a@b@c' }));
    expect(email.statusCode).toBe(400);
    expect(email.json().field).toBe('email');
    const lang = await call(adminA, 'POST', '/api/User', newUser({ language: 'de' }));
    expect(lang.json().field).toBe('language');
    const group = await call(
      adminA,
      'POST',
      '/api/User',
      newUser({ userGroupId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(group.json().field).toBe('userGroupId');
    // a superAdmin may create another unscoped superAdmin
    const sa = await call(root, 'POST', '/api/User', newUser({ roles: ['superAdmin'], scope: null }));
    expect(sa.statusCode).toBe(201);
    expect(
      await t.db.selectFrom('app_user').select('id').where('username', '=', 'USER-U-A').execute(),
    ).toEqual([]);
  });

  it('updates a user; an admin cannot manage someone above them nor move a scope outside', async () => {
    const res = await call(adminA, 'PUT', `/api/User/${userA.id}`, {
      firstName: 'Renamed',
      timeout: 30,
      mobileSettings: { hasAccessOccupancy: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Renamed', timeout: 30 });
    expect(res.json().mobileSettings).toMatchObject({ hasAccessOccupancy: true, hasAccessDashboard: true });
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userA.id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Renamed');
    expect((await call(adminA, 'PUT', `/api/User/${scopedSuper.id}`, { firstName: 'x' })).statusCode).toBe(
      403,
    );
    const move = await call(adminA, 'PUT', `/api/User/${userA.id}`, { scope: b.id });
    expect(move.statusCode).toBe(400);
    expect((await call(adminA, 'PUT', `/api/User/${userA.id}`, { roles: ['superAdmin'] })).statusCode).toBe(
      403,
    );
    expect((await call(adminA, 'PUT', `/api/User/${userB.id}`, { firstName: 'x' })).statusCode).toBe(404);
  });

  it('keeps the reports a user may use: set on create, replaced and cleared on update, bad names 400', async () => {
    const created = await call(
      adminA,
      'POST',
      '/api/User',
      newUser({ reports: ['trafficReport', 'dwellReport', 'trafficReport'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // each once, in the list's order
    expect(created.json().reports).toEqual(['dwellReport', 'trafficReport']);
    const stored = async () =>
      (await t.db.selectFrom('app_user').select('reports').where('id', '=', id).executeTakeFirstOrThrow())
        .reports;
    expect(await stored()).toEqual(['dwellReport', 'trafficReport']);
    // a user created without reports has none
    const plain = await call(adminA, 'POST', '/api/User', newUser());
    expect(plain.json().reports).toEqual([]);

    const bad = await call(adminA, 'PUT', `/api/User/${id}`, { reports: ['trafficReport', 'secretReport'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/^reports/);
    expect(await stored()).toEqual(['dwellReport', 'trafficReport']);

    const replaced = await call(adminA, 'PUT', `/api/User/${id}`, { reports: ['queueReport'] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().reports).toEqual(['queueReport']);
    // a change of something else leaves them alone
    await call(adminA, 'PUT', `/api/User/${id}`, { firstName: 'Still' });
    expect(await stored()).toEqual(['queueReport']);
    const cleared = await call(adminA, 'PUT', `/api/User/${id}`, { reports: [] });
    expect(cleared.json().reports).toEqual([]);
    expect(await stored()).toEqual([]);
    expect((await call(adminA, 'GET', `/api/User/${id}`)).json().reports).toEqual([]);
  });

  it('disabling a user kills their access and refresh tokens at once', async () => {
    const victim = await makeUser(t.db, { username: 'to-disable', scopeNodeId: storeA.id });
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/authentication',
        payload: { username: victim.username, password: victim.password },
      })
    ).json();
    const me = { authorization: `Bearer ${session.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/User/Current', headers: me })).statusCode).toBe(
      200,
    );
    const res = await call(adminA, 'PUT', `/api/User/${victim.id}`, { disabled: true });
    expect(res.json().disabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/User/Current', headers: me })).statusCode).toBe(
      401,
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/authentication/refreshToken',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: victim.username, password: victim.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await call(adminA, 'PUT', `/api/User/${adminA.id}`, { disabled: true })).statusCode).toBe(400);
  });

  it('lists affected users: those whose scope lies inside the user scope', async () => {
    const res = await call(root, 'GET', `/api/User/${adminA.id}/affected-users`);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((u: { username: string }) => u.username);
    expect(names).toContain('user-u-a');
    expect(names).not.toContain('admin-u-a');
    expect(names).not.toContain('user-u-b');
    expect((await call(adminA, 'GET', `/api/User/${userB.id}/affected-users`)).statusCode).toBe(404);
  });

  it('deletes with validate (no change) and force (owned rows go too)', async () => {
    // a resource of another feature pointing at its owner, as dashboards do
    await sql`create table test_owned (id serial primary key, owner_id uuid not null references app_user(id))`.execute(
      t.db,
    );
    const owner = await makeUser(t.db, { username: 'owner-u', scopeNodeId: storeA.id });
    await sql`insert into test_owned (owner_id) values (${owner.id}), (${owner.id})`.execute(t.db);
    const validate = await call(adminA, 'DELETE', `/api/User/${owner.id}?validate=true`);
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toMatchObject({
      validateOnly: true,
      deleted: false,
      blocked: true,
      owned: [{ resource: 'test_owned', count: 2, onDelete: 'deleted' }],
    });
    expect(await t.db.selectFrom('app_user').select('id').where('id', '=', owner.id).execute()).toHaveLength(
      1,
    );
    const blocked = await call(adminA, 'DELETE', `/api/User/${owner.id}`);
    expect(blocked.statusCode).toBe(409);
    // the 409 body is the validate report plus the error fields
    expect(blocked.json()).toEqual({
      ...validate.json(),
      validateOnly: false,
      error: 'conflict',
      message: 'The user owns 2 test_owned; delete with force=true to delete them too',
      statusCode: 409,
    });
    expect(await t.db.selectFrom('app_user').select('id').where('id', '=', owner.id).execute()).toHaveLength(
      1,
    );
    const forced = await call(adminA, 'DELETE', `/api/User/${owner.id}?force=true`);
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ deleted: true, blocked: false });
    expect(await t.db.selectFrom('app_user').select('id').where('id', '=', owner.id).execute()).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_owned`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    // a deleted user's token is dead
    const token = await authHeader(t.ctx, owner);
    expect((await t.app.inject({ method: 'GET', url: '/api/User/Current', headers: token })).statusCode).toBe(
      401,
    );
  });

  it('deletes a user who owns nothing without force; refuses oneself and superiors', async () => {
    const plain = await makeUser(t.db, { username: 'plain-u', scopeNodeId: storeA.id });
    const res = await call(adminA, 'DELETE', `/api/User/${plain.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, owned: [] });
    const logged = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'User.Delete')
      .execute();
    expect(logged.map((l) => l.target)).toContain('plain-u');
    expect((await call(adminA, 'DELETE', `/api/User/${adminA.id}`)).statusCode).toBe(400);
    expect((await call(adminA, 'DELETE', `/api/User/${scopedSuper.id}`)).statusCode).toBe(403);
    expect((await call(adminA, 'DELETE', `/api/User/${userB.id}`)).statusCode).toBe(404);
  });
});
