import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { createAdmin, parseCreateAdminArgs } from './create-admin.js';
import { PasswordRuleError } from '../platform/http/password-rule.error.js';

describe('npm run create-admin', () => {
  it('parses its flags and insists on username, email and password', () => {
    expect(
      parseCreateAdminArgs(['--username', 'x', '--email', 'x@example.com', '--password', 'p']),
    ).toMatchObject({
      username: 'x',
      email: 'x@example.com',
      password: 'p',
    });
    expect(() => parseCreateAdminArgs(['--username', 'x'])).toThrow(/usage/);
    expect(() => parseCreateAdminArgs(['--bogus', 'x'])).toThrow();
  });

  it('creates an unscoped superAdmin who can sign in and see every user', async () => {
    const { app, db } = await createTestApp();
    await createAdmin(db, {
      username: 'first-admin',
      email: 'first@example.com',
      password: 'First-admin-pass-1',
    });
    const row = await db
      .selectFrom('app_user')
      .selectAll()
      .where('username', '=', 'first-admin')
      .executeTakeFirstOrThrow();
    expect(row.roles).toEqual(['superAdmin']);
    expect(row.scope_node_id).toBeNull();
    const login = await app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: 'first-admin', password: 'First-admin-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/User',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(list.statusCode).toBe(200);
    await expect(
      createAdmin(db, { username: 'second', email: 's@example.com', password: 'weak' }),
    ).rejects.toBeInstanceOf(PasswordRuleError);
    await expect(
      createAdmin(db, { username: 'FIRST-ADMIN', email: 'f@example.com', password: 'First-admin-pass-1' }),
    ).rejects.toThrow(/taken/);
  });
});
