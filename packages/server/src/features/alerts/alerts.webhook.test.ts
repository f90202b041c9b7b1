import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeGroup, makeLocation, makeUser, type MadeUser } from '../../test/factories.js';
import { createWebhookPoster, isPublicAddress, refusalOf, WebhookRefusedError } from './webhook-target.js';

/**
 * Webhook targets (SSRF) with the default settings, which refuse private, loopback and link-local
 * addresses: a rule pointing at one is a 400 on `channels.webhook.url` and nothing is written; a name is
 * resolved and every address it resolves to is checked; at sending time a refused address is never
 * contacted (a real local receiver counts what reaches it) and the delivery fails without retries.
 */
const SECRET = 'a-very-secret-webhook-key';
let t: TestApp;
let admin: MadeUser;
let store: { id: string };
let server: http.Server;
let local = '';
let received = 0;

const rule = (url: string) => ({
  name: 'Crowded',
  nodeIds: [store.id],
  condition: { kind: 'occupancy', unit: 'people', threshold: 5 },
  severity: 'warning',
  recipients: [{ email: 'duty@example.com', language: 'en' }],
  channels: { email: false, webhook: { url, secret: SECRET } },
});
const save = async (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Alert',
    headers: await authHeader(t.ctx, admin),
    payload: rule(url),
  });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received++;
    req.resume();
    res.end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  t = await createTestApp(); // WEBHOOK_ALLOW_PRIVATE left at its default (false)
  const group = await makeGroup(t.db);
  store = await makeLocation(t.db, { parentId: group.id });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
});
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

describe('webhook addresses, by default', () => {
  it('refuses private, loopback, link-local and other non-public targets with 400 naming the field, writing nothing', async () => {
    const port = (server.address() as AddressInfo).port;
    const cases: [string, string][] = [
      [local, 'webhook_address_not_public'],
      [`http://localhost:${port}/hook`, 'webhook_address_not_public'], // a name resolving to loopback
      ['http://10.1.2.3/hook', 'webhook_address_not_public'],
      ['https://172.20.0.1/hook', 'webhook_address_not_public'],
      ['http://192.168.1.10/hook', 'webhook_address_not_public'],
      ['http://169.254.169.254/latest/meta-data', 'webhook_address_not_public'], // cloud metadata
      ['http://100.64.0.1/', 'webhook_address_not_public'], // carrier-grade NAT
      ['http://0.0.0.0:8080/', 'webhook_address_not_public'],
      ['http://[::1]/hook', 'webhook_address_not_public'],
      ['http://[fe80::1]/hook', 'webhook_address_not_public'],
      ['http://[fd00::5]/hook', 'webhook_address_not_public'],
      ['http://[::ffff:127.0.0.1]/hook', 'webhook_address_not_public'], // IPv4-mapped loopback
      ['http://2130706433/hook', 'webhook_address_not_public'], // 127.0.0.1 as one number
      ['http://no-such-host.invalid/hook', 'webhook_address_unresolved'],
    ];
    for (const [url, code] of cases) {
      const res = await save(url);
      expect([url, res.statusCode, res.json().field, res.json().error]).toEqual([
        url,
        400,
        'channels.webhook.url',
        code,
      ]);
    }
    // not http(s) at all: refused by the contract, same field
    const ftp = await save('ftp://files.example.com/hook');
    expect([ftp.statusCode, ftp.json().field]).toEqual([400, 'channels.webhook.url']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from alert_rule`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    expect(received).toBe(0);
  });

  it('accepts a public address, keeping its secret sealed', async () => {
    const res = await save('https://93.184.215.14/hook');
    expect(res.statusCode).toBe(200);
    expect(res.json().channels.webhook).toEqual({ url: 'https://93.184.215.14/hook', hasSecret: true });
    const { rows } = await sql<{
      sealed: string;
    }>`select webhook_secret_sealed as sealed from alert_rule`.execute(t.db);
    expect(rows[0]!.sealed).not.toContain(SECRET);
  });
});

describe('the address check', () => {
  it('judges addresses by their range, IPv4-mapped IPv6 as the IPv4 it maps', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '169.254.1.1', '::1', 'fe80::1', '::ffff:10.0.0.1', 'junk'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
  });

  it('lets an installation allow private targets', async () => {
    expect(await refusalOf(local, true)).toBeNull();
    expect(await refusalOf('file:///etc/passwd', true)).toBe('webhook_address_scheme');
  });
});

describe('sending', () => {
  it('never contacts a refused address, and fails it without retrying', async () => {
    const post = createWebhookPoster({ allowPrivate: false });
    await expect(post(local, '{}', { 'content-type': 'application/json' })).rejects.toBeInstanceOf(
      WebhookRefusedError,
    );
    expect(received).toBe(0);
  });

  it('fails at once, contacting nothing, a saved rule whose address is no longer public', async () => {
    // saved when the name pointed elsewhere (or the setting allowed it): its address is now loopback
    const { rows } = await sql<{ id: string }>`select id from alert_rule`.execute(t.db);
    await sql`update alert_rule set webhook_url = ${local} where id = ${rows[0]!.id}`.execute(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Alert/${rows[0]!.id}/test-notification`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveries).toMatchObject([
      { channel: 'webhook', status: 'failed', attempts: 1, lastError: 'webhook_address_not_public' },
    ]);
    expect(received).toBe(0);
  });

  it('posts to a private receiver once the installation allows it', async () => {
    const post = createWebhookPoster({ allowPrivate: true });
    expect(await post(local, '{}', { 'content-type': 'application/json' })).toBe(200);
    expect(received).toBe(1);
  });
});
