import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader } from '../../test/factories.js';

describe('/api/Setting/WarningMessage', () => {
  it('answers the configured message without a token, until a superAdmin sets or clears it', async () => {
    const t = await createTestApp({ WARNING_MESSAGE: 'Maintenance tonight at 22:00' });
    const get = () => t.app.inject({ method: 'GET', url: '/api/Setting/WarningMessage' });
    expect((await get()).json()).toEqual({ message: 'Maintenance tonight at 22:00' });

    const root = await makeUser(t.db, { username: 'root-s', roles: ['superAdmin'] });
    const put = async (message: string | null, user = root) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/Setting/WarningMessage',
        payload: { message },
        headers: await authHeader(t.ctx, user),
      });
    const set = await put('  Upgrade on Sunday  ');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Upgrade on Sunday' });
    expect((await get()).json()).toEqual({ message: 'Upgrade on Sunday' });
    expect((await put('   ')).json()).toEqual({ message: null });
    // cleared stays cleared: the configured message does not come back
    expect((await get()).json()).toEqual({ message: null });
    const log = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'Setting.WarningMessage')
      .execute();
    expect(log).toHaveLength(2);

    const client = await makeNode(t.db);
    const admin = await makeUser(t.db, { username: 'admin-s', roles: ['admin'], scopeNodeId: client.id });
    expect((await put('nope', admin)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/Setting/WarningMessage', payload: { message: 'x' } }))
        .statusCode,
    ).toBe(401);
    const tooLong = await put('x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('message');
    expect((await get()).json()).toEqual({ message: null });
  });

  it('answers null when nothing is configured', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/Setting/WarningMessage' })).json()).toEqual({
      message: null,
    });
  });
});
