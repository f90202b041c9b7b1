import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

describe('impersonation', () => {
  let t: TestApp;
  let root: MadeUser, adminA: MadeUser, imperA: MadeUser, userA: MadeUser, adminA2: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await makeNode(t.db, { name: 'Client A' });
    const b = await makeNode(t.db, { name: 'Client B' });
    const store = await makeNode(t.db, { name: 'Store A1', type: 'location', parentId: a.id });
    root = await makeUser(t.db, { username: 'root-imp', roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { username: 'admin-imp-a', roles: ['admin'], scopeNodeId: a.id });
    adminA2 = await makeUser(t.db, { username: 'admin-imp-a2', roles: ['admin'], scopeNodeId: store.id });
    imperA = await makeUser(t.db, { username: 'imper-a', roles: ['Impersonator'], scopeNodeId: a.id });
    userA = await makeUser(t.db, { username: 'user-imp-a', roles: ['User'], scopeNodeId: store.id });
    await makeUser(t.db, { username: 'user-imp-b', roles: ['User'], scopeNodeId: b.id });
  });

  const impersonate = async (actor: MadeUser, targetUsername: string, url = '/authentication/impersonate') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: { targetUsername },
      headers: await authHeader(t.ctx, actor),
    });
  const stop = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authentication/stop-impersonate',
      headers: { authorization: `Bearer ${token}` },
    });

  it('gives an admin a token for a user of their scope, carrying the actor, and logs both names', async () => {
    const res = await impersonate(adminA, 'USER-IMP-A');
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims.sub).toBe(userA.id);
    expect(claims.act).toMatchObject({ sub: adminA.id, name: 'admin-imp-a' });
    // the token grants only the subject's rights: a User may not read the event log
    const asUser = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/EventLog', headers: asUser })).statusCode).toBe(
      403,
    );
    const entry = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'Authentication.Impersonate')
      .executeTakeFirstOrThrow();
    expect(entry.requester).toBe('admin-imp-a');
    expect(entry.on_behalf_of).toBe('user-imp-a');
    // the refresh token keeps impersonating
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/authentication/refreshToken',
      payload: { refreshToken: res.json().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().token).act).toMatchObject({ sub: adminA.id });
  });

  it('stop-impersonate returns a fresh token for the actor and ends the impersonation session', async () => {
    const imp = (await impersonate(adminA, 'user-imp-a', '/api/authentication/impersonate')).json();
    const res = await stop(imp.token);
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims.sub).toBe(adminA.id);
    expect(claims.act).toBeUndefined();
    const entry = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'Authentication.StopImpersonate')
      .executeTakeFirstOrThrow();
    expect([entry.requester, entry.on_behalf_of]).toEqual(['admin-imp-a', 'user-imp-a']);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/authentication/refreshToken',
      payload: { refreshToken: imp.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // stopping when not impersonating is a bad request
    expect((await stop(res.json().token)).statusCode).toBe(400);
  });

  it('answers 404 for a user outside the scope, exactly as for an unknown one', async () => {
    const outside = await impersonate(adminA, 'user-imp-b');
    const unknown = await impersonate(adminA, 'no-such-user');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    // a superAdmin without scope reaches everyone
    expect((await impersonate(root, 'user-imp-b')).statusCode).toBe(200);
  });

  it('never lets anyone act as someone more privileged', async () => {
    expect((await impersonate(imperA, 'user-imp-a')).statusCode).toBe(200);
    expect((await impersonate(imperA, 'admin-imp-a2')).statusCode).toBe(403);
    expect((await impersonate(adminA, 'admin-imp-a2')).statusCode).toBe(200);
    expect((await impersonate(adminA, 'root-imp')).statusCode).toBe(404);
  });

  it('refuses roles without impersonation, nested impersonation and oneself', async () => {
    expect((await impersonate(userA, 'user-imp-a')).statusCode).toBe(403);
    const imp = (await impersonate(root, 'admin-imp-a')).json();
    const nested = await t.app.inject({
      method: 'POST',
      url: '/authentication/impersonate',
      payload: { targetUsername: 'user-imp-a' },
      headers: { authorization: `Bearer ${imp.token}` },
    });
    expect(nested.statusCode).toBe(403);
    expect((await impersonate(adminA, 'admin-imp-a')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/authentication/impersonate',
      payload: { targetUsername: 'user-imp-a' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an impersonation token dies when the actor is disabled', async () => {
    const imp = (await impersonate(adminA2, 'user-imp-a')).json();
    await t.db
      .updateTable('app_user')
      .set({ disabled_at: new Date() })
      .where('id', '=', adminA2.id)
      .execute();
    expect((await stop(imp.token)).statusCode).toBe(401);
  });
});
