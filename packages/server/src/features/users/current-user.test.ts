import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

describe('GET /api/User/Current and PUT /api/User/profile', () => {
  let t: TestApp;
  let admin: MadeUser, eve: MadeUser;
  let store: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    const client = await makeNode(t.db, { name: 'Client' });
    store = await makeNode(t.db, { name: 'Store One', type: 'location', parentId: client.id });
    admin = await makeUser(t.db, { username: 'admin-cu', roles: ['admin'], scopeNodeId: client.id });
    eve = await makeUser(t.db, {
      username: 'eve',
      roles: ['User', 'OccupancyOperator'],
      scopeNodeId: store.id,
    });
    const group = await t.db
      .insertInto('user_group')
      .values({ name: 'Managers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('app_user')
      .set({
        user_group_id: group.id,
        timeout_minutes: 20,
        language: 'es',
        mobile_settings: JSON.stringify({ hasAccessRanking: true }),
      })
      .where('id', '=', eve.id)
      .execute();
  });

  const put = async (user: MadeUser, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/User/profile',
      payload,
      headers: await authHeader(t.ctx, user),
    });
  const profile = (over: object = {}) => ({
    id: eve.id,
    firstName: 'Eve',
    lastName: 'Martin',
    email: 'eve@example.com',
    language: 'fr',
    ...over,
  });

  it('answers the signed-in user on both paths', async () => {
    for (const url of ['/api/User/Current', '/user/current', '/api/user/current']) {
      const res = await t.app.inject({ method: 'GET', url, headers: await authHeader(t.ctx, eve) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: eve.id,
        username: 'eve',
        firstName: 'Test',
        lastName: 'eve',
        email: 'eve@example.com',
        language: 'es',
        roles: ['User', 'OccupancyOperator'],
        scope: store.id,
        scopeName: 'Store One',
        userGroupId: expect.any(String),
        userGroupName: 'Managers',
        mobileSettings: {
          hasAccessRanking: true,
          hasAccessPerformance: false,
          hasAccessOccupancy: false,
          hasAccessDashboard: true,
          hasAccessOrganizationalTreeEvent: false,
          defaultOccupancyLiveViewId: null,
        },
        timeout: 20,
        resetPasswordAtNextLogin: false,
        isSsoUser: false,
        reports: [],
        impersonator: null,
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/User/Current' })).statusCode).toBe(401);
  });

  it('names the impersonator while impersonating', async () => {
    const imp = await t.app.inject({
      method: 'POST',
      url: '/authentication/impersonate',
      payload: { targetUsername: 'eve' },
      headers: await authHeader(t.ctx, admin),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/User/Current',
      headers: { authorization: `Bearer ${imp.json().token}` },
    });
    expect(res.json()).toMatchObject({ username: 'eve', impersonator: 'admin-cu' });
  });

  it('saves the profile with the language as two letters', async () => {
    const res = await put(eve, profile({ language: 'fr-CA', firstName: '  Eve  ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Eve', lastName: 'Martin', language: 'fr' });
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', eve.id)
      .executeTakeFirstOrThrow();
    expect([row.first_name, row.email, row.language]).toEqual(['Eve', 'eve@example.com', 'fr']);
  });

  it('answers 400 naming the field, with the message key as the error code', async () => {
    const cases: [object, string, string][] = [
      [{ firstName: '   ' }, 'firstName', 'required'],
      [{ lastName: '' }, 'lastName', 'required'],
      [{ email: 'eve@@example.com' }, 'email', 'email_invalid_message'],
      [{ language: '' }, 'language', 'required'],
      [{ newPasswordConfirmation: 'Abcdef-ghij-1', newPassword: 'Abcdef-ghij-1' }, 'oldPassword', 'required'],
      [{ oldPassword: eve.password }, 'newPassword', 'required'],
      [
        { oldPassword: eve.password, newPassword: 'Abcdef-ghij-1', newPasswordConfirmation: 'other' },
        'newPasswordConfirmation',
        'new_password_confirmation_not_match',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await put(eve, profile(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      // the web translates `error` (the code); `message` keeps the key it always carried
      expect(res.json()).toEqual({ error: message, message, field, statusCode: 400 });
    }
    const weak = await put(
      eve,
      profile({ oldPassword: eve.password, newPassword: 'weak', newPasswordConfirmation: 'weak' }),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      error: 'password_rule',
      message: 'newPassword: the password does not follow the rule (missing: length, upper, digit, special)',
      field: 'newPassword',
      statusCode: 400,
      missing: ['length', 'upper', 'digit', 'special'],
      classesShort: 2,
    });
  });

  it('changes the password when the old one is right', async () => {
    const wrong = await put(
      eve,
      profile({
        oldPassword: 'Wrong-pass-000',
        newPassword: 'Profile-pass-1',
        newPasswordConfirmation: 'Profile-pass-1',
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'old_password_invalid',
      message: 'old_password_invalid',
      field: 'oldPassword',
      statusCode: 400,
    });
    const ok = await put(
      eve,
      profile({
        oldPassword: eve.password,
        newPassword: 'Profile-pass-1',
        newPasswordConfirmation: 'Profile-pass-1',
      }),
    );
    expect(ok.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: 'eve', password: 'Profile-pass-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses single-sign-on users and someone else profile', async () => {
    const sso = await makeUser(t.db, { username: 'sso-cu', isSsoUser: true, scopeNodeId: store.id });
    expect((await put(sso, profile({ id: sso.id }))).statusCode).toBe(403);
    expect((await put(admin, profile())).statusCode).toBe(403);
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', sso.id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Test');
  });
});
