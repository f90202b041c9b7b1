import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader, type MadeUser } from '../../test/factories.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('token attacks: every forged, stale or revoked token answers 401', () => {
  let t: TestApp;
  let admin: MadeUser, victim: MadeUser;
  /** the server's own signing key, to build tokens that differ from real ones in one respect only */
  let key: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp();
    const client = await makeNode(t.db);
    admin = await makeUser(t.db, { username: 'admin-ta', roles: ['admin'], scopeNodeId: client.id });
    victim = await makeUser(t.db, { username: 'victim-ta', scopeNodeId: client.id });
    key = (t.ctx.tokens as unknown as { key: Uint8Array }).key;
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/User/Current', headers: { authorization: `Bearer ${token}` } });
  const login = async (u: MadeUser) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/authentication',
        payload: { username: u.username, password: u.password },
      })
    ).json() as { token: string; refreshToken: string };
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/authentication/refreshToken', payload: { refreshToken } });
  /** a token like the server's, with some part replaced */
  const forge = async (opts: {
    alg?: string;
    typ?: string;
    aud?: string;
    secret?: Uint8Array;
    sub?: string;
  }) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ ver: 0, name: victim.username })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: opts.typ ?? 'at+jwt' })
      .setSubject(opts.sub ?? victim.id)
      .setAudience(opts.aud ?? 'footfall-api')
      .setIssuer('footfall')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(opts.secret ?? key);
  };

  it('accepts the genuine article (control)', async () => {
    expect((await me(await forge({}))).statusCode).toBe(200);
  });

  it('alg none', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const payload = {
      sub: victim.id,
      ver: 0,
      name: victim.username,
      aud: 'footfall-api',
      iss: 'footfall',
      iat: now,
      exp: now + 600,
    };
    for (const alg of ['none', 'None', 'NONE']) {
      expect((await me(`${b64({ alg, typ: 'at+jwt' })}.${b64(payload)}.`)).statusCode).toBe(401);
    }
  });

  it('wrong signature, tampered payload, other algorithm, audience or type', async () => {
    expect((await me(await forge({ secret: randomBytes(32) }))).statusCode).toBe(401);
    const [h, , s] = (await forge({})).split('.');
    const tampered = `${h}.${b64({ ...decodeJwt(await forge({})), sub: admin.id })}.${s}`;
    expect((await me(tampered)).statusCode).toBe(401);
    expect((await me(await forge({ alg: 'HS512' }))).statusCode).toBe(401);
    expect((await me(await forge({ aud: 'another-api' }))).statusCode).toBe(401);
    expect((await me(await forge({ typ: 'JWT' }))).statusCode).toBe(401);
    expect((await me('not.a.token')).statusCode).toBe(401);
  });

  it('validly signed, but the subject or the actor is not a user id', async () => {
    for (const sub of ['not-a-uuid', '', "1' or '1'='1", '\u0000']) {
      expect((await me(await forge({ sub }))).statusCode).toBe(401);
    }
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const withActor = (act: unknown) =>
      new SignJWT({ ver: 0, name: victim.username, act })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(victim.id)
        .setAudience('footfall-api')
        .setIssuer('footfall')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    for (const act of [{ sub: 'x', name: 'a', ver: 0 }, { sub: admin.id, name: 'a' }, 'admin', null]) {
      expect((await me(await withActor(act))).statusCode).toBe(401);
    }
  });

  it('expired', async () => {
    const { token } = await login(victim);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refresh token used as an access token', async () => {
    const { refreshToken } = await login(victim);
    expect((await me(refreshToken)).statusCode).toBe(401);
  });

  it('reused refresh token: the whole family is revoked', async () => {
    const first = await login(victim);
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    // the thief replays the first token...
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    // ...and the owner's newer token dies with it
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401);
    const hash = createHash('sha256').update(first.refreshToken).digest('hex');
    const { family_id } = await t.db
      .selectFrom('refresh_token')
      .select('family_id')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    const family = await t.db
      .selectFrom('refresh_token')
      .selectAll()
      .where('family_id', '=', family_id)
      .execute();
    expect(family).toHaveLength(2);
    expect(family.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
  });

  it('token of a disabled user', async () => {
    const user = await makeUser(t.db, { username: 'disabled-ta', scopeNodeId: victim.scopeNodeId });
    const { token, refreshToken } = await login(user);
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/User/${user.id}`,
      payload: { disabled: true },
      headers: await authHeader(t.ctx, admin),
    });
    expect(disable.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('token of a deleted user', async () => {
    const user = await makeUser(t.db, { username: 'deleted-ta', scopeNodeId: victim.scopeNodeId });
    const { token, refreshToken } = await login(user);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/User/${user.id}`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(del.json()).toMatchObject({ deleted: true });
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});
