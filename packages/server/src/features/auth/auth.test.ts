import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeNode, makeUser, type MadeUser } from '../../test/factories.js';
import { loadConfig } from '../../config/config.js';
import { THROTTLE } from './login-throttle.service.js';

describe('POST /authentication and /authentication/refreshToken', () => {
  let t: TestApp;
  let alice: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    const client = await makeNode(t.db, { name: 'Client' });
    alice = await makeUser(t.db, { username: 'Alice', roles: ['User'], scopeNodeId: client.id });
  });

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username, password },
      remoteAddress: ip,
    });
  const current = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/EventLog', headers: { authorization: `Bearer ${token}` } });

  it('signs in (username case-insensitive) and the token authenticates', async () => {
    const res = await login('alice', alice.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'refreshToken', 'token']);
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    // a User may not read the event log, but the token is accepted (403, not 401)
    expect((await current(body.token)).statusCode).toBe(403);
    const rows = await t.db.selectFrom('refresh_token').selectAll().where('user_id', '=', alice.id).execute();
    expect(rows).toHaveLength(1);
    // stored hashed, never as given
    expect(rows[0]!.token_hash).not.toBe(body.refreshToken);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const logged = await t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', 'Authentication.Login')
      .execute();
    expect(logged.map((l) => l.requester)).toContain('Alice');
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await login('Alice', 'Wrong-password-1', '10.0.0.2');
    const unknown = await login('nobody-here', 'Wrong-password-1', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).not.toMatch(/password is|user(name)? (is|not)/i);
    await t.db.deleteFrom('login_throttle').execute();
  });

  it('rejects malformed bodies with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/authentication', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
  });

  it('rotates refresh tokens within the family lifetime', async () => {
    const first = (await login('Alice', alice.password)).json();
    t.clock.advance(20 * 60_000);
    expect((await current(first.token)).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/authentication/refreshToken',
      payload: { refreshToken: first.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await current(second.token)).statusCode).toBe(403);
    // the family keeps its absolute lifetime: after REFRESH_TOKEN_DAYS a refresh fails
    t.clock.advance(t.config.REFRESH_TOKEN_DAYS * 24 * 3600_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/authentication/refreshToken',
      payload: { refreshToken: second.refreshToken },
    });
    expect(late.statusCode).toBe(401);
  });

  it('backs off failed sign-ins per account with Retry-After, and a success clears it', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    const bob = await makeUser(t.db, { username: 'bob-throttle' });
    for (let i = 0; i < THROTTLE.account.free; i++) {
      expect((await login(bob.username, 'Wrong-password-1', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    // the next attempt, even with the right password and from another address, must wait
    const locked = await login(bob.username, bob.password, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(1);
    t.clock.advance(1000);
    expect((await login(bob.username, 'Wrong-password-1', '10.2.0.2')).statusCode).toBe(401);
    const again = await login(bob.username, bob.password, '10.2.0.3');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(2);
    t.clock.advance(2000);
    expect((await login(bob.username, bob.password, '10.2.0.4')).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', 'account:bob-throttle')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('never makes the real user wait more than the cap, and caps failures per hour', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    const carol = await makeUser(t.db, { username: 'carol-throttle' });
    const start = t.clock.now().getTime();
    let failures = 0;
    let maxWait = 0;
    // an attacker hammering for an hour, waiting exactly as told
    while (t.clock.now().getTime() - start < THROTTLE.windowMs) {
      const res = await login(carol.username, 'Wrong-password-1', `10.3.${failures % 200}.1`);
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']) * 1000;
        maxWait = Math.max(maxWait, wait);
        t.clock.advance(wait);
      } else {
        expect(res.statusCode).toBe(401);
        failures++;
      }
    }
    // 3 free + 1, 2, 4, 8, 16, 32 s + one every 40 s: under 100 an hour
    expect(failures).toBeLessThan(100);
    expect(failures).toBeGreaterThan(50);
    expect(maxWait).toBeLessThanOrEqual(THROTTLE.capMs);
    // the owner, after waiting at most the cap, gets in
    t.clock.advance(THROTTLE.capMs);
    expect((await login(carol.username, carol.password, '10.9.9.9')).statusCode).toBe(200);
  }, 120_000);

  it('throttles per IP address across accounts', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    for (let i = 0; i < THROTTLE.ip.free; i++) {
      expect((await login(`ghost-${i}`, 'Wrong-password-1', '10.4.0.1')).statusCode).toBe(401);
    }
    const res = await login('ghost-new', 'Wrong-password-1', '10.4.0.1');
    expect(res.statusCode).toBe(429);
    expect((await login('ghost-new', 'Wrong-password-1', '10.4.0.2')).statusCode).toBe(401);
  });

  it('counts concurrent wrong passwords atomically: the owner waits at most the cap, then gets in', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    const dave = await makeUser(t.db, { username: 'dave-throttle' });
    // 120 wrong passwords at once from 6 addresses
    const attack = await Promise.all(
      Array.from({ length: 120 }, (_, i) => login(dave.username, 'Wrong-password-1', `10.5.0.${i % 6}`)),
    );
    const statuses = attack.map((r) => r.statusCode);
    // only the free attempts and the one that took the first back-off slot reached the password check
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.account.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - THROTTLE.account.free);
    for (const r of attack.filter((x) => x.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE.capMs / 1000);
    }
    const row = await t.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', 'account:dave-throttle')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(THROTTLE.account.free);
    // the owner, from a fresh address with the right password: told to wait within the cap, then in
    const owner = await login(dave.username, dave.password, '10.6.0.1');
    expect(owner.statusCode).toBe(429);
    const wait = Number(owner.headers['retry-after']);
    console.info(`after 120 concurrent wrong passwords from 6 addresses the owner is told to wait ${wait} s`);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(THROTTLE.capMs / 1000);
    t.clock.advance(wait * 1000);
    expect((await login(dave.username, dave.password, '10.6.0.1')).statusCode).toBe(200);
  });

  it('does not charge successful sign-ins to the address: one attacker cannot block the others', async () => {
    await t.db.deleteFrom('login_throttle').execute();
    const proxy = '10.8.8.8';
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) => makeUser(t.db, { username: `shared-ip-${i}` })),
    );
    // an attacker behind the same address uses up the address's free failures
    for (let i = 0; i < THROTTLE.ip.free; i++) {
      expect((await login(`ghost-ip-${i}`, 'Wrong-password-1', proxy)).statusCode).toBe(401);
    }
    expect((await login(users[0]!.username, users[0]!.password, proxy)).statusCode).toBe(429);
    t.clock.advance(1000);
    // every user behind it then signs in, one after the other, with no wait in between
    for (const u of users) expect((await login(u.username, u.password, proxy)).statusCode).toBe(200);
    // and concurrently
    const together = await Promise.all(users.map((u) => login(u.username, u.password, proxy)));
    // the first takes the address's next slot while its password is checked; those refused meanwhile wait
    // at most that slot's back-off, not an hour
    expect(together.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of together.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(2);
    }
    const row = await t.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', `ip:${proxy}`)
      .executeTakeFirstOrThrow();
    // only the failures count against the address
    expect(row.failures).toBe(THROTTLE.ip.free);
    expect(row.locked_until === null || row.locked_until <= t.clock.now()).toBe(true);
    // failures still do: the next wrong password locks the address again
    expect((await login('ghost-ip-x', 'Wrong-password-1', proxy)).statusCode).toBe(401);
    expect((await login('ghost-ip-y', 'Wrong-password-1', proxy)).statusCode).toBe(429);
  });

  it('behind a trusted proxy throttles the forwarded client address, not the proxy’s', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.8.0.1' });
    let n = 0;
    // a different account each time: only the per-address throttle can stop these
    const via = (client: string, from = '10.8.0.1') =>
      proxied.app.inject({
        method: 'POST',
        url: '/authentication',
        payload: { username: `ghost-${n++}`, password: 'Wrong-password-1' },
        remoteAddress: from,
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < THROTTLE.ip.free; i++) expect((await via('192.0.2.7')).statusCode).toBe(401);
    expect((await via('192.0.2.7')).statusCode).toBe(429);
    // another client behind the same proxy is not locked out
    expect((await via('192.0.2.8')).statusCode).toBe(401);
    // an untrusted sender cannot choose its address by the header: it is throttled as itself
    for (let i = 0; i < THROTTLE.ip.free; i++)
      expect((await via(`198.51.100.${i}`, '10.9.0.9')).statusCode).toBe(401);
    expect((await via('198.51.100.250', '10.9.0.9')).statusCode).toBe(429);
  });

  it('with a hop count believes the nearest proxy’s X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    let n = 0;
    const via = (forwarded: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/authentication',
        payload: { username: `hop-${n++}`, password: 'Wrong-password-1' },
        remoteAddress: '10.7.0.1',
        headers: { 'x-forwarded-for': forwarded },
      });
    // the client named by the nearest proxy (the last entry) is throttled, whatever precedes it
    for (let i = 0; i < THROTTLE.ip.free; i++)
      expect((await via(`203.0.113.${i}, 192.0.2.50`)).statusCode).toBe(401);
    expect((await via('203.0.113.99, 192.0.2.50')).statusCode).toBe(429);
    expect((await via('192.0.2.51')).statusCode).toBe(401);
  });

  it('refuses a TRUST_PROXY that is neither a flag, a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
  });
});
