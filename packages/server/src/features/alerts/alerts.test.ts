import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { AlertBody, EMPTY_GUID, type AlertDto, type AlertOccurrence } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeIncident,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import { RETRY_DELAYS_MS } from './alerts.notifier.js';

/**
 * Alerts through the real app and a real PostgreSQL: validation naming the field, tenancy, an
 * occupancy alert raised within the ingest call's background work (no minute job), one alert per
 * rule and node, the reminder, the resolved notice, the history of what was sent to whom; mails in
 * the real outbox; the webhook received by a real local HTTP server that checks the HMAC, failing
 * first so the delivery is retried with back-off; window conditions and reminders on the scheduler's
 * pass, once even when two instances run it together.
 */
const SECRET = 'a-very-secret-webhook-key';
let t: TestApp;
let admin: MadeUser, outsider: MadeUser, root: MadeUser, staff: MadeUser, otherStaff: MadeUser;
let group: { id: string }, store: { id: string }, otherStore: { id: string };
let inS: string, outS: string;

interface Hit {
  body: string;
  signature: string | undefined;
  event: string | undefined;
}
const hits: Hit[] = [];
/** statuses the webhook server answers, in order; 200 once used up */
const answers: number[] = [];
let server: http.Server;
let hookUrl = '';

const call = async (
  who: MadeUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: await authHeader(t.ctx, who), ...(payload ? { payload } : {}) });

const push = async (points: [string, string, number][]) => {
  const res = await call(root, 'POST', '/api/ingest/measurements', {
    measurements: points.map(([timeSeriesId, occurredOn, value]) => ({ timeSeriesId, occurredOn, value })),
  });
  expect(res.statusCode).toBe(200);
  await t.app.services.occupancy.settled();
  await t.app.services.alerts.settled();
};

const outboxTo = async (address: string) =>
  (await t.ctx.mailer.outbox()).filter((m) => m.to.includes(address));

const occupancyRule = (over: object = {}) => ({
  name: 'Store crowded',
  nodeIds: [store.id],
  condition: { kind: 'occupancy', unit: 'people', threshold: 5 },
  severity: 'critical',
  recipients: [{ userId: staff.id }, { email: 'duty@example.com', language: 'fr' }],
  channels: { email: true, webhook: { url: hookUrl, secret: SECRET } },
  reminderMinutes: 30,
  ...over,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({
        body,
        signature: req.headers['x-footfall-signature'] as string | undefined,
        event: req.headers['x-footfall-event'] as string | undefined,
      });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  // the receiver listens on loopback: this installation allows private webhook targets explicitly
  // (WEBHOOK_ALLOW_PRIVATE); alerts.webhook.test.ts covers the default, which refuses them
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  t.clock.set('2025-06-02T15:00:00Z'); // Monday 11:00 in Toronto, inside the store's hours
  group = await makeGroup(t.db);
  store = await makeLocation(t.db, {
    parentId: group.id,
    attributes: {
      timezone: 'America/Toronto',
      capacity: 20,
      businessHours: { '1': [['09:00', '17:00']], '2': [['09:00', '17:00']] },
    },
  });
  const door = await makeDevice(t.db, { parentId: store.id });
  inS = (await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })).id;
  outS = (await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficOut' }))
    .id;
  const otherGroup = await makeGroup(t.db);
  otherStore = await makeLocation(t.db, { parentId: otherGroup.id });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  staff = await makeUser(t.db, { roles: ['User'], scopeNodeId: store.id, email: 'staff@example.com' });
  otherStaff = await makeUser(t.db, { roles: ['User'], scopeNodeId: otherGroup.id });
  outsider = await makeUser(t.db, { roles: ['admin'], scopeNodeId: otherGroup.id });
  root = await makeUser(t.db, { roles: ['superAdmin'] });
  // the store's occupancy config (made on first read), so counts move its occupancy
  expect((await call(admin, 'GET', `/api/Occupancy/config/${store.id}`)).statusCode).toBe(200);
});
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

describe('alert rules', () => {
  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const cases: [object, string][] = [
      [occupancyRule({ name: '' }), 'name'],
      [occupancyRule({ condition: { kind: 'occupancy', threshold: -1 } }), 'condition.threshold'],
      [
        occupancyRule({
          condition: { kind: 'window', kpi: 'QueueLength', threshold: 3, comparison: 'below' },
        }),
        'condition.comparison',
      ],
      [occupancyRule({ recipients: [{ email: 'not-an-address' }] }), 'recipients.0.email'],
      [
        occupancyRule({ channels: { email: true, webhook: { url: 'ftp://x.example.com', secret: SECRET } } }),
        'channels.webhook.url',
      ],
      [occupancyRule({ channels: { email: true, webhook: { url: hookUrl } } }), 'channels.webhook.secret'],
      [occupancyRule({ channels: { email: false, webhook: null } }), 'channels.email'],
      [occupancyRule({ recipients: [{ userId: otherStaff.id }] }), 'recipients.0.userId'],
      [occupancyRule({ linkedAlertId: '11111111-1111-4111-8111-111111111111' }), 'linkedAlertId'],
      [
        occupancyRule({ activeHours: { mode: 'custom', from: '18:00', to: '09:00', days: [1] } }),
        'activeHours.to',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(admin, 'POST', '/api/Alert', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, JSON.stringify(res.json())).toBe(field);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from alert_rule`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });

  it("keeps rules to the scope: nodes outside it and other tenants' rules answer 404", async () => {
    expect(
      (await call(admin, 'POST', '/api/Alert', occupancyRule({ nodeIds: [otherStore.id] }))).statusCode,
    ).toBe(404);
    const theirs = await call(
      outsider,
      'POST',
      '/api/Alert',
      occupancyRule({ nodeIds: [otherStore.id], recipients: [] }),
    );
    expect(theirs.statusCode).toBe(200);
    const id = (theirs.json() as AlertDto).id;
    for (const [method, url] of [
      ['GET', `/api/Alert/${id}`],
      ['GET', `/api/Alert/${id}/history`],
      ['DELETE', `/api/Alert/${id}`],
      ['POST', `/api/Alert/${id}/test-notification`],
    ] as const)
      expect((await call(admin, method, url)).statusCode, `${method} ${url}`).toBe(404);
    expect((await call(admin, 'GET', '/api/Alert')).json()).toEqual([]);
    expect((await call(root, 'GET', '/api/Alert')).json().map((a: AlertDto) => a.id)).toContain(id);
    expect((await call(outsider, 'DELETE', `/api/Alert/${id}`)).statusCode).toBe(200);
  });
});

describe('an occupancy alert', () => {
  let rule: AlertDto;

  it('is created with the empty GUID as linkedAlertId and without sending back the secret', async () => {
    const res = await call(admin, 'POST', '/api/Alert', occupancyRule());
    expect(res.statusCode).toBe(200);
    rule = res.json();
    expect(rule).toMatchObject({
      linkedAlertId: EMPTY_GUID,
      channels: { email: true, webhook: { url: hookUrl, hasSecret: true } },
      recipients: [
        { userId: staff.id, email: 'staff@example.com' },
        { userId: null, email: 'duty@example.com', language: 'fr' },
      ],
    });
    expect(JSON.stringify(rule)).not.toContain(SECRET);
    // kept sealed at rest: the database holds no plain secret, the server's secret box opens it
    const stored = await sql<{ sealed: string | null; plain: string | null }>`
      select webhook_secret_sealed as sealed, webhook_secret_plain as plain from alert_rule
      where id = ${rule.id}`.execute(t.db);
    expect(stored.rows[0]!.plain).toBeNull();
    expect(stored.rows[0]!.sealed).toMatch(/^v1\./);
    expect(stored.rows[0]!.sealed).not.toContain(SECRET);
    expect(t.ctx.tokens.secretBox.open(stored.rows[0]!.sealed!)).toBe(SECRET);
    // an update without a secret keeps the sealed one; GET never shows it either
    const kept = await call(admin, 'PUT', `/api/Alert/${rule.id}`, {
      ...occupancyRule(),
      channels: { email: true, webhook: { url: hookUrl } },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().channels.webhook).toEqual({ url: hookUrl, hasSecret: true });
    const got = await call(admin, 'GET', `/api/Alert/${rule.id}`);
    expect(JSON.stringify(got.json())).not.toContain(SECRET);
    expect(JSON.stringify(got.json())).not.toContain('v1.');
    const log = await sql<{
      command: string;
    }>`select command from event_log where command like 'Alert.%'`.execute(t.db);
    expect(log.rows.map((r) => r.command)).toContain('Alert.Create');
  });

  it('opens once when counts push the occupancy over the threshold, mails everyone, signs the webhook and retries it', async () => {
    answers.push(503); // the receiver fails the first time
    await push([[inS, '2025-06-02T14:58:00Z', 8]]);
    const open = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ nodeId: store.id, value: 8, threshold: 5, resolvedOn: null });
    expect((await outboxTo('staff@example.com')).map((m) => m.subject)).toEqual([
      '[critical] Alert "Store crowded" at ' + open[0]!.nodeName,
    ]);
    const fr = await outboxTo('duty@example.com');
    expect(fr).toHaveLength(1);
    expect(fr[0]!.subject).toContain('Alerte « Store crowded »');
    expect(fr[0]!.text).toContain('/fr/settings/alerts/');
    // the webhook: one failed attempt, retried only once its back-off has passed
    expect(hits).toHaveLength(1);
    const hook = open[0]!.deliveries.find((d) => d.channel === 'webhook')!;
    expect(hook).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503' });
    expect(await t.app.services.alerts.deliverDue(t.clock.now())).toBe(0);
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await t.app.services.alerts.deliverDue(t.clock.now())).toBe(1);
    expect(hits).toHaveLength(2);
    for (const h of hits) {
      const expected = `sha256=${createHmac('sha256', SECRET).update(h.body).digest('hex')}`;
      expect(h.signature).toBe(expected);
      expect(h.event).toBe('opened');
      expect(JSON.parse(h.body)).toMatchObject({
        alertId: rule.id,
        linkedAlertId: EMPTY_GUID,
        value: 8,
        threshold: 5,
      });
    }
    const after = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(after[0]!.deliveries.find((d) => d.channel === 'webhook')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('does not open a second alert nor mail again while it stays over (no storm)', async () => {
    await push([[inS, '2025-06-02T14:59:00Z', 3]]);
    await push([[inS, '2025-06-02T15:00:00Z', 2]]);
    const all = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(all).toHaveLength(1);
    expect(await outboxTo('staff@example.com')).toHaveLength(1);
    expect(hits).toHaveLength(2);
    const menu = (await call(admin, 'GET', '/api/Alert/menu-items')).json();
    expect(menu.openCount).toBe(1);
    expect(menu.items[0]).toMatchObject({ alertId: rule.id, severity: 'critical', resolvedOn: null });
  });

  it('reminds after the delay, once even when two instances run the pass together', async () => {
    t.clock.advance(29 * 60_000);
    expect((await t.app.services.alerts.evaluate(t.clock.now())).reminders).toBe(0);
    t.clock.advance(60_000);
    const [a, b] = await Promise.all([
      t.app.services.alerts.evaluate(t.clock.now()),
      t.app.services.alerts.evaluate(t.clock.now()),
    ]);
    expect(a.reminders + b.reminders).toBe(1);
    const mails = await outboxTo('staff@example.com');
    expect(mails.map((m) => m.subject)).toContain(
      '[critical] Reminder: alert "Store crowded" at ' + mails[0]!.subject.split(' at ')[1],
    );
    expect(mails).toHaveLength(2);
  });

  it('sends a "resolved" notice when the occupancy falls back, and keeps the history of what was sent to whom', async () => {
    await push([[outS, '2025-06-02T15:01:00Z', 10]]);
    const [occ] = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(occ!.resolvedOn).not.toBeNull();
    expect(occ!.value).toBe(3);
    const sent = occ!.deliveries.map((d) => `${d.kind} ${d.channel} ${d.recipient} ${d.status}`).sort();
    expect(sent).toEqual(
      [
        `opened email duty@example.com sent`,
        `opened email staff@example.com sent`,
        `opened webhook ${hookUrl} sent`,
        `reminder email duty@example.com sent`,
        `reminder email staff@example.com sent`,
        `reminder webhook ${hookUrl} sent`,
        `resolved email duty@example.com sent`,
        `resolved email staff@example.com sent`,
        `resolved webhook ${hookUrl} sent`,
      ].sort(),
    );
    expect(hits.at(-1)!.event).toBe('resolved');
    expect(
      (await outboxTo('staff@example.com')).some((m) =>
        m.subject.startsWith('Resolved: alert "Store crowded"'),
      ),
    ).toBe(true);
    // over again: a new alert
    await push([[inS, '2025-06-02T15:02:00Z', 9]]);
    expect((await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json()).toHaveLength(2);
    expect((await call(admin, 'GET', `/api/Alert/${rule.id}/history?openOnly=true`)).json()).toHaveLength(1);
  });

  it('sends a test notification now and answers what was sent, with linkedAlertId', async () => {
    const before = hits.length;
    const res = await call(admin, 'POST', `/api/Alert/${rule.id}/test-notification`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payload).toMatchObject({
      event: 'test',
      alertId: rule.id,
      linkedAlertId: EMPTY_GUID,
      test: true,
    });
    expect(
      body.deliveries
        .map(
          (d: { channel: string; recipient: string; status: string }) =>
            `${d.channel} ${d.recipient} ${d.status}`,
        )
        .sort(),
    ).toEqual(
      [`email duty@example.com sent`, `email staff@example.com sent`, `webhook ${hookUrl} sent`].sort(),
    );
    expect(hits).toHaveLength(before + 1);
    expect(JSON.parse(hits.at(-1)!.body)).toMatchObject({ event: 'test', linkedAlertId: EMPTY_GUID });
    const last = hits.at(-1)!;
    expect(last.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(last.body).digest('hex')}`);
    expect(
      (await outboxTo('staff@example.com')).some((m) => m.subject === '[test] Alert "Store crowded"'),
    ).toBe(true);
  });

  it('seals at start-up a secret saved in plain text before migration 0820, and signs with it', async () => {
    const legacy = 'a-legacy-plain-secret-0720';
    await sql`update alert_rule set webhook_secret_plain = ${legacy}, webhook_secret_sealed = null
      where id = ${rule.id}`.execute(t.db);
    expect(await t.app.services.alerts.sealLegacySecrets()).toBe(1);
    expect(await t.app.services.alerts.sealLegacySecrets()).toBe(0);
    const stored = await sql<{ sealed: string; plain: string | null }>`
      select webhook_secret_sealed as sealed, webhook_secret_plain as plain from alert_rule
      where id = ${rule.id}`.execute(t.db);
    expect(stored.rows[0]!.plain).toBeNull();
    expect(stored.rows[0]!.sealed).not.toContain(legacy);
    const res = await call(admin, 'POST', `/api/Alert/${rule.id}/test-notification`);
    expect(res.statusCode).toBe(200);
    const last = hits.at(-1)!;
    expect(last.signature).toBe(`sha256=${createHmac('sha256', legacy).update(last.body).digest('hex')}`);
    // back to the rule's own secret for the tests that follow
    await call(admin, 'PUT', `/api/Alert/${rule.id}`, occupancyRule());
  });

  it('chains a follow-up alert with linkedAlertId, and the capacity rule judges a % of capacity', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/Alert',
      occupancyRule({
        name: 'Half full',
        linkedAlertId: rule.id,
        condition: { kind: 'occupancy', unit: 'capacityPercent', threshold: 50 },
        channels: { email: true, webhook: null },
        recipients: [{ email: 'half@example.com' }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const half = res.json() as AlertDto;
    expect(half.linkedAlertId).toBe(rule.id);
    // occupancy 12 -> 9; capacity 20 -> 50 % is 10
    await push([[outS, '2025-06-02T15:03:00Z', 3]]);
    expect((await call(admin, 'GET', `/api/Alert/${half.id}/history`)).json()).toHaveLength(0);
    await push([[inS, '2025-06-02T15:04:00Z', 2]]);
    const [o] = (await call(admin, 'GET', `/api/Alert/${half.id}/history`)).json() as AlertOccurrence[];
    expect(o).toMatchObject({ value: 11, threshold: 10 });
    const mail = (await outboxTo('half@example.com'))[0]!;
    expect(mail.text).toContain('occupancy above 50 % of capacity');
  });
});

describe('demo rules', () => {
  it('show their name in the reader language (screens and mails) until renamed', async () => {
    const made = await t.app.services.alerts.createSystem(
      AlertBody.parse({
        ...occupancyRule(),
        name: 'Store near capacity',
        channels: { email: true, webhook: null },
      }),
      'nearCapacity',
    );
    expect(made.nameKey).toBe('nearCapacity');
    const res = await call(admin, 'POST', `/api/Alert/${made.id}/test-notification`);
    expect(res.statusCode).toBe(200);
    const subjects = async (to: string) => (await outboxTo(to)).map((m) => m.subject);
    expect(await subjects('duty@example.com')).toContain('[test] Alerte « Magasin presque plein »');
    expect(await subjects('staff@example.com')).toContain('[test] Alert "Store near capacity"');
    // saved with its stored name: still a demo name; renamed: the customer's own text from then on
    const same = await call(admin, 'PUT', `/api/Alert/${made.id}`, {
      ...occupancyRule(),
      name: 'Store near capacity',
      channels: { email: true, webhook: null },
    });
    expect(same.json().nameKey).toBe('nearCapacity');
    const renamed = await call(admin, 'PUT', `/api/Alert/${made.id}`, {
      ...occupancyRule(),
      name: 'Magasin plein',
      channels: { email: true, webhook: null },
    });
    expect(renamed.json()).toMatchObject({ name: 'Magasin plein', nameKey: null });
    expect((await call(admin, 'DELETE', `/api/Alert/${made.id}`)).statusCode).toBe(200);
  });
});

describe('window conditions on the scheduler', () => {
  it('raises traffic below a value over the window, only inside the active hours, and resolves it', async () => {
    const res = await call(admin, 'POST', '/api/Alert', {
      name: 'Quiet store',
      nodeIds: [store.id],
      condition: { kind: 'window', kpi: 'TrafficIn', comparison: 'below', threshold: 5, windowMinutes: 60 },
      activeHours: { mode: 'businessHours' },
      recipients: [{ email: 'quiet@example.com' }],
    });
    expect(res.statusCode).toBe(200);
    const quiet = res.json() as AlertDto;
    // Monday 18:00 in Toronto: outside the store's hours, nothing opens though no one came in
    t.clock.set('2025-06-02T22:00:00Z');
    await t.app.services.alerts.evaluate(t.clock.now());
    expect((await call(admin, 'GET', `/api/Alert/${quiet.id}/history`)).json()).toHaveLength(0);
    // Tuesday 10:30: the last hour had no traffic
    t.clock.set('2025-06-03T14:30:00Z');
    await t.app.services.alerts.evaluate(t.clock.now());
    const [o] = (await call(admin, 'GET', `/api/Alert/${quiet.id}/history`)).json() as AlertOccurrence[];
    expect(o).toMatchObject({ value: 0, threshold: 5, resolvedOn: null });
    // traffic of the last hour, as the aggregated query reads it, is now 6
    await push([[inS, '2025-06-03T14:20:00Z', 6]]);
    const figure = await call(admin, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2025-06-03 09:31',
      to: '2025-06-03 10:31',
      aggregation: 'PT1M',
    });
    expect(figure.json()[0].summary).toBe(6);
    t.clock.set('2025-06-03T14:31:00Z');
    await t.app.services.alerts.evaluate(t.clock.now());
    const [closed] = (await call(admin, 'GET', `/api/Alert/${quiet.id}/history`)).json() as AlertOccurrence[];
    expect(closed).toMatchObject({ value: 6 });
    expect(closed!.resolvedOn).not.toBeNull();
  });

  it('gives up a webhook after the last retry', async () => {
    const res = await call(admin, 'POST', '/api/Alert', {
      name: 'Broken receiver',
      nodeIds: [store.id],
      condition: { kind: 'occupancy', threshold: 1000 },
      channels: { email: false, webhook: { url: hookUrl, secret: SECRET } },
    });
    const id = (res.json() as AlertDto).id;
    answers.push(...RETRY_DELAYS_MS.map(() => 500), 500);
    const sent = (await call(admin, 'POST', `/api/Alert/${id}/test-notification`)).json();
    expect(sent.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    for (const wait of RETRY_DELAYS_MS) {
      t.clock.advance(wait);
      await t.app.services.alerts.deliverDue(t.clock.now());
    }
    const { rows } = await sql<{ status: string; attempts: number }>`
      select status, attempts from alert_delivery where alert_id = ${id}`.execute(t.db);
    expect(rows).toEqual([{ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 }]);
    answers.length = 0;
  });
});

describe('showtime alerts', () => {
  it('lists who is told when a session runs over capacity at a node (alerts-recipients), 404 outside the scope', async () => {
    const res = await call(admin, 'POST', '/api/Alert', {
      name: 'Show full',
      nodeIds: [group.id],
      condition: { kind: 'showtimeOverCapacity' },
      recipients: [{ userId: staff.id }, { email: 'box-office@example.com' }, { email: 'STAFF@example.com' }],
    });
    expect(res.statusCode).toBe(200);
    const answer = await call(admin, 'GET', `/api/SiteEvent/alerts-recipients?nodeId=${store.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      nodeId: store.id,
      rules: [{ id: res.json().id, name: 'Show full', nameKey: null }],
      recipients: [
        expect.objectContaining({ userId: staff.id, email: 'staff@example.com' }),
        { userId: null, name: null, email: 'box-office@example.com', language: 'en' },
      ],
    });
    expect(
      (await call(admin, 'GET', `/api/SiteEvent/alerts-recipients?nodeId=${otherStore.id}`)).statusCode,
    ).toBe(404);
    const bad = await call(admin, 'GET', '/api/SiteEvent/alerts-recipients?nodeId=nope');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'nodeId']);
  });
});

describe('incident and showtime conditions on the scheduler', () => {
  it('opens an alert per device with an open incident, and resolves it when the incident is no longer open', async () => {
    const door = await makeDevice(t.db, { parentId: store.id });
    const res = await call(admin, 'POST', '/api/Alert', {
      name: 'Sensor trouble',
      nodeIds: [group.id],
      condition: { kind: 'deviceIncident' },
      recipients: [{ email: 'tech@example.com' }],
    });
    const rule = res.json() as AlertDto;
    const incident = await makeIncident(t.db, { nodeId: door.id, at: t.clock.now() });
    await t.app.services.alerts.evaluate(t.clock.now());
    await t.app.services.alerts.evaluate(t.clock.now());
    const open = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(open.map((o) => [o.nodeId, o.resolvedOn])).toEqual([[door.id, null]]);
    expect(await outboxTo('tech@example.com')).toHaveLength(1);
    await t.db
      .updateTable('monitoring_incident')
      .set({ status: 'resolved' })
      .where('id', '=', incident.id)
      .execute();
    await t.app.services.alerts.evaluate(t.clock.now());
    const [closed] = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(closed!.resolvedOn).not.toBeNull();
    expect((await outboxTo('tech@example.com')).map((m) => m.subject.split(':')[0])).toContain('Resolved');
  });

  it('opens an alert while a showtime session runs over its tickets sold, and resolves it after the session', async () => {
    const hall = await makeLocation(t.db, {
      parentId: group.id,
      attributes: { timezone: 'America/Toronto' },
    });
    await t.db
      .insertInto('occupancy_config')
      .values({ node_id: hall.id, floor_values: [0], current_value: 130 })
      .execute();
    const rule = (
      await call(admin, 'POST', '/api/Alert', {
        name: 'Show over capacity',
        nodeIds: [group.id],
        condition: { kind: 'showtimeOverCapacity' },
        recipients: [{ email: 'house@example.com' }],
      })
    ).json() as AlertDto;
    const ev = await call(admin, 'POST', '/api/SiteEvent', { name: 'Hall show', nodeId: hall.id });
    expect(ev.statusCode).toBe(201);
    const session = await call(admin, 'POST', `/api/SiteEvent/${ev.json().id}/sessions`, {
      title: 'Evening',
      start: '2025-06-05 19:00',
      durationMinutes: 120,
      occupancySold: 120,
    });
    expect(session.statusCode).toBe(201);
    t.clock.set('2025-06-05T23:30:00Z'); // 19:30 in Toronto: the session runs, 130 inside for 120 sold
    await t.app.services.alerts.evaluate(t.clock.now());
    const [o] = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(o).toMatchObject({ nodeId: hall.id, value: 130, threshold: 120, resolvedOn: null });
    t.clock.set('2025-06-06T01:30:00Z'); // 21:30: the session is over
    await t.app.services.alerts.evaluate(t.clock.now());
    const [after] = (await call(admin, 'GET', `/api/Alert/${rule.id}/history`)).json() as AlertOccurrence[];
    expect(after!.resolvedOn).toBe('2025-06-06T01:30:00.000Z');
    expect((await outboxTo('house@example.com')).length).toBe(2);
  });
});
