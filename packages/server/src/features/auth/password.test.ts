import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeUser, type MadeUser } from '../../test/factories.js';

describe('forgot, recover and change password', () => {
  let t: TestApp;
  let dora: MadeUser;
  let usedToken = '';

  beforeAll(async () => {
    t = await createTestApp();
    dora = await makeUser(t.db, { username: 'dora', email: 'dora@example.com' });
    await t.db
      .updateTable('app_user')
      .set({ language: 'fr', first_name: 'Dora' })
      .where('id', '=', dora.id)
      .execute();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const login = (username: string, password: string) => post('/authentication', { username, password });
  const linkToken = (text: string) => /recover-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('answers the same for a known and an unknown user, and mails only the known one', async () => {
    const known = await post(
      '/authentication/forgot-password',
      { username: 'DORA' },
      { host: 'evil.example.net' },
    );
    const unknown = await post('/authentication/forgot-password', { username: 'nobody' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await t.ctx.mailer.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['dora@example.com']);
    // in the user's language, with a link built from PUBLIC_URL, never from the Host header
    expect(mails[0]!.subject).toBe('Réinitialisez votre mot de passe');
    expect(mails[0]!.text).toContain('https://footfall.example.com/recover-password?token=');
    expect(mails[0]!.text).not.toContain('evil.example.net');
  });

  it('recovers with a single-use token and enforces the password rule', async () => {
    const token = linkToken((await t.ctx.mailer.outbox())[0]!.text)!;
    usedToken = token;
    const weak = await post('/authentication/recover-password', { token, newPassword: 'weakpassword' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: 'password_rule',
      field: 'newPassword',
      missing: ['upper', 'digit', 'special'],
      classesShort: 2,
    });
    const before = await login('dora', dora.password);
    expect(before.statusCode).toBe(200);
    const ok = await post('/authentication/recover-password', { token, newPassword: 'Brand-new-pass-1' });
    expect(ok.statusCode).toBe(200);
    expect((await login('dora', 'Brand-new-pass-1')).statusCode).toBe(200);
    expect((await login('dora', dora.password)).statusCode).toBe(401);
    // sessions from before the recovery are dead
    const oldRefresh = await post('/authentication/refreshToken', {
      refreshToken: before.json().refreshToken,
    });
    expect(oldRefresh.statusCode).toBe(401);
    const again = await post('/authentication/recover-password', { token, newPassword: 'Another-pass-22' });
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('token');
    dora.password = 'Brand-new-pass-1';
  });

  it('expires the link after one hour and sends at most one mail a minute', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    await post('/authentication/forgot-password', { username: 'dora' });
    expect(await t.ctx.mailer.outbox()).toHaveLength(1);
    t.clock.advance(61_000);
    await post('/authentication/forgot-password', { username: 'dora' });
    const mails = await t.ctx.mailer.outbox();
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => linkToken(m.text)!);
    const token = tokens.find((tk) => tk !== usedToken)!;
    expect(token).toBeDefined();
    t.clock.advance(60 * 60_000 + 1000);
    const late = await post('/authentication/recover-password', { token, newPassword: 'Another-pass-22' });
    expect(late.statusCode).toBe(400);
    expect(late.json().field).toBe('token');
  });

  it('changes the password for a signed-in user and clears reset-at-next-login', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    await t.db
      .updateTable('app_user')
      .set({ reset_password_at_next_login: true })
      .where('id', '=', dora.id)
      .execute();
    const session = (await login('dora', dora.password)).json();
    const auth = { authorization: `Bearer ${session.token}` };
    const wrongOld = await post(
      '/authentication/password-change',
      { oldPassword: 'nope', newPassword: 'Changed-pass-33' },
      auth,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().field).toBe('oldPassword');
    const weak = await post(
      '/authentication/password-change',
      { oldPassword: dora.password, newPassword: 'short' },
      auth,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().missing).toContain('length');
    const ok = await post(
      '/authentication/password-change',
      { oldPassword: dora.password, newPassword: 'Changed-pass-33' },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', dora.id)
      .executeTakeFirstOrThrow();
    expect(row.reset_password_at_next_login).toBe(false);
    // the old token is dead, the new one works
    const oldToken = await post(
      '/authentication/password-change',
      { oldPassword: 'x', newPassword: 'y' },
      auth,
    );
    expect(oldToken.statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${ok.json().token}` };
    const back = await post(
      '/authentication/password-change',
      { oldPassword: 'Changed-pass-33', newPassword: 'Changed-pass-44' },
      fresh,
    );
    expect(back.statusCode).toBe(200);
    expect(
      (await post('/authentication/password-change', { oldPassword: 'a', newPassword: 'b' })).statusCode,
    ).toBe(401);
  });

  it('refuses password change to single-sign-on users', async () => {
    const sso = await makeUser(t.db, { username: 'sso-user', isSsoUser: true });
    const { token } = await t.ctx.tokens.signAccess({ sub: sso.id, ver: 0, name: sso.username });
    const res = await post(
      '/authentication/password-change',
      { oldPassword: sso.password, newPassword: 'Changed-pass-33' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(403);
    // and they cannot sign in with a password either
    expect((await login('sso-user', sso.password)).statusCode).toBe(401);
  });
});
