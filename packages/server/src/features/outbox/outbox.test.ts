import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader } from '../../test/factories.js';

describe('GET /api/outbox', () => {
  it('shows a superAdmin the mails written to the outbox, newest first; nobody else', async () => {
    const t = await createTestApp();
    const root = await makeUser(t.db, { username: 'root-o', roles: ['superAdmin'] });
    const client = await makeNode(t.db);
    const admin = await makeUser(t.db, {
      username: 'admin-o',
      roles: ['admin'],
      scopeNodeId: client.id,
      email: 'a@example.com',
    });
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/outbox',
      headers: await authHeader(t.ctx, root),
    });
    expect(empty.json()).toEqual({ transport: 'outbox', items: [] });

    await t.app.inject({
      method: 'POST',
      url: '/authentication/forgot-password',
      payload: { username: 'admin-o' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/outbox',
      headers: await authHeader(t.ctx, root),
    });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      to: ['a@example.com'],
      subject: 'Reset your password',
      attachments: [],
    });
    expect(items[0].text).toContain('https://footfall.example.com/recover-password?token=');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/outbox', headers: await authHeader(t.ctx, admin) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
  });

  it('is empty with transport smtp when mails leave by SMTP', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const root = await makeUser(t.db, { username: 'root-o2', roles: ['superAdmin'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/outbox',
      headers: await authHeader(t.ctx, root),
    });
    expect(res.json()).toEqual({ transport: 'smtp', items: [] });
  });
});
