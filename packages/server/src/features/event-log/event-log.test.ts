import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

const asPrincipal = (u: MadeUser): Principal => ({
  userId: u.id,
  username: u.username,
  roles: u.roles,
  scopeNodeId: u.scopeNodeId,
});

describe('event log', () => {
  let t: TestApp;
  let superAdmin: MadeUser, adminA: MadeUser, userA: MadeUser, userB: MadeUser;
  const start = new Date('2024-03-01T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    const a = await makeNode(t.db, { name: 'Client A' });
    const b = await makeNode(t.db, { name: 'Client B' });
    const aStore = await makeNode(t.db, { name: 'Store A1', type: 'location', parentId: a.id });
    superAdmin = await makeUser(t.db, { username: 'root-el', roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { username: 'admin-el-a', roles: ['admin'], scopeNodeId: a.id });
    userA = await makeUser(t.db, { username: 'user-el-a', roles: ['User'], scopeNodeId: aStore.id });
    userB = await makeUser(t.db, { username: 'user-el-b', roles: ['User'], scopeNodeId: b.id });
    const log = t.app.services.eventLog;
    t.clock.set(start);
    const record = (...args: Parameters<typeof log.record> extends [unknown, ...infer R] ? R : never) =>
      log.withAudit((tx) => log.record(tx, ...args));
    await record(asPrincipal(userA), 'Dashboard.Save', 'dash-1', { name: 'Mine' });
    t.clock.advance(60_000);
    await record(asPrincipal(userB), 'Dashboard.Save', 'dash-2', { password: 'secret-value' });
    t.clock.advance(60_000);
    await record(null, 'Occupancy.Reset', 'store-9');
    t.clock.advance(60_000);
    // adminA impersonating userB: requester adminA, on behalf of userB
    await record(
      { ...asPrincipal(userB), actor: { userId: adminA.id, username: adminA.username } },
      'Alert.Create',
      'alert-1',
    );
  });

  const get = async (user: MadeUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/EventLog${query}`, headers: await authHeader(t.ctx, user) });

  it('records requester, on-behalf-of, time from the clock, and never a password', async () => {
    const res = await get(superAdmin, '?sortDesc=false');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fullCount).toBe(4);
    expect(body.items.map((i: { requester: string }) => i.requester)).toEqual([
      'user-el-a',
      'user-el-b',
      'system',
      'admin-el-a',
    ]);
    expect(body.items[0].occurredOn).toBe(start.toISOString());
    expect(body.items[1].details).toEqual({ password: '[redacted]' });
    expect(body.items[3].onBehalfOf).toBe('user-el-b');
    expect(body.items[3].command).toBe('Alert.Create');
  });

  it('sorts newest first by default and pages with fullCount', async () => {
    const res = await get(superAdmin, '?pageSize=2&page=2');
    const body = res.json();
    expect(body.fullCount).toBe(4);
    expect(body.items.map((i: { target: string }) => i.target)).toEqual(['dash-2', 'dash-1']);
    const past = await get(superAdmin, '?pageSize=2&page=9');
    expect(past.json()).toEqual({ items: [], fullCount: 4 });
  });

  it('filters by commands, search, time range and sorts by requester', async () => {
    const cmds = await get(superAdmin, '?commands=Dashboard.Save,Alert.Create');
    expect(cmds.json().fullCount).toBe(3);
    const search = await get(superAdmin, '?search=MINE');
    expect(search.json().items.map((i: { target: string }) => i.target)).toEqual(['dash-1']);
    const like = await get(superAdmin, '?search=%25');
    expect(like.json().fullCount).toBe(0);
    const from = new Date(start.getTime() + 60_000).toISOString();
    const to = new Date(start.getTime() + 120_000).toISOString();
    const range = await get(superAdmin, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(range.json().items.map((i: { target: string }) => i.target)).toEqual(['dash-2']);
    const byRequester = await get(superAdmin, '?sortBy=requester&sortDesc=false');
    expect(byRequester.json().items[0].requester).toBe('admin-el-a');
  });

  it('shows an admin only entries about users inside their scope', async () => {
    const res = await get(adminA);
    expect(res.statusCode).toBe(200);
    const targets = res.json().items.map((i: { target: string }) => i.target);
    // dash-1 by a user in scope; alert-1 by adminA themself (on behalf of userB)
    expect(targets.sort()).toEqual(['alert-1', 'dash-1']);
  });

  it('refuses non-admins, anonymous callers and bad input', async () => {
    expect((await get(userA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/EventLog' })).statusCode).toBe(401);
    const bad = await get(superAdmin, '?sortBy=command');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sortBy');
    expect((await get(superAdmin, '?from=yesterday')).statusCode).toBe(400);
    expect((await get(superAdmin, '?pageSize=100000')).statusCode).toBe(400);
  });
});
