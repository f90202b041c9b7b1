import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeOrganisation,
  makeUser,
  type Organisation,
} from '../../test/factories.js';

/**
 * The monitoring API over real incidents: three devices (client A region 1 and 2, client B) go offline
 * on a Monday morning in Toronto (open 09:00-17:00), the detection pass raises their incidents, and
 * the tickets go through their transitions with audit, mails (the outbox) and scope checks.
 */
const MIN = 60_000;
let t: TestApp;
let org: Organisation;
let root: Record<string, string>;
const H: Record<string, Record<string, string>> = {};
const inc: Record<string, string> = {};
let extraDevice: string;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function withData(deviceId: string) {
  const s = t.app.services.series;
  const a = await s.ensureSeries({ nodeId: deviceId, measurementProtocol: 'TrafficIn' });
  const b = await s.ensureSeries({ nodeId: deviceId, measurementProtocol: 'TrafficOut' });
  const keys: number[] = [];
  const times: number[] = [];
  const values: number[] = [];
  // 09:00-10:00 in Toronto (13:00Z), one in and one out a minute
  for (let i = 0; i < 60; i++) {
    const at = Date.parse('2025-06-02T13:00:00Z') + i * MIN;
    keys.push(a.key, b.key);
    times.push(at, at);
    values.push(1, 1);
  }
  await t.app.services.ingest.store({ keys, times, values });
}

const openIncidentOf = async (nodeId: string) =>
  (
    await t.db
      .selectFrom('monitoring_incident')
      .select('id')
      .where('node_id', '=', nodeId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
  ).id;

const events = (command: string) =>
  t.db.selectFrom('event_log').selectAll().where('command', '=', command).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t.db);
  root = await authHeader(t.ctx, await makeUser(t.db, { roles: ['superAdmin'] }));
  const user = async (name: string, roles: Parameters<typeof makeUser>[1]['roles'], scopeNodeId: string) =>
    (H[name] = await authHeader(t.ctx, await makeUser(t.db, { roles, scopeNodeId })));
  await user('dmA1', ['deviceManagerAdmin'], org.regionA1.id);
  await user('adminA1', ['admin'], org.regionA1.id);
  await user('userA1', ['User'], org.regionA1.id);
  await user('userA2', ['User'], org.regionA2.id);
  await user('userB', ['User'], org.clientB.id);
  extraDevice = (await makeDevice(t.db, { name: 'Door A1 bis', parentId: org.storeA1.id })).id;
  t.clock.set('2025-06-02T14:00:00Z');
  for (const d of [org.deviceA1.id, org.deviceA2.id, org.deviceB.id, extraDevice]) await withData(d);
  t.clock.set('2025-06-02T15:00:00Z'); // 11:00 in Toronto: an hour without data
  await t.app.services.monitoring.detect();
  inc.A1 = await openIncidentOf(org.deviceA1.id);
  inc.A2 = await openIncidentOf(org.deviceA2.id);
  inc.B = await openIncidentOf(org.deviceB.id);
  inc.extra = await openIncidentOf(extraDevice);
});

describe('incidents', () => {
  it('lists incidents within the scope, filtered by MAC address, open only, scope type, rule', async () => {
    const all = (await call('GET', '/api/Monitoring/Incidents?openOnly=true&limit=50', root)).json();
    const mine = [inc.A1, inc.A2, inc.B, inc.extra];
    expect(all.items.filter((i: { id: string }) => mine.includes(i.id))).toHaveLength(4);
    const scoped = (await call('GET', '/api/Monitoring/Incidents?limit=50', H.dmA1!)).json();
    expect(scoped.items.map((i: { id: string }) => i.id).sort()).toEqual([inc.A1, inc.extra].sort());
    expect(scoped.fullCount).toBe(2);
    const first = scoped.items.find((i: { id: string }) => i.id === inc.A1);
    expect(first).toMatchObject({
      rule: 'offline',
      severity: 'error',
      status: 'open',
      scopeType: 0,
      nodeId: org.deviceA1.id,
      deviceName: 'Door A1',
      locationId: org.storeA1.id,
      locationName: 'Store A1',
      clientGroupId: org.clientA.id,
      firstSeenAt: '2025-06-02T15:00:00.000Z',
      ticketNumber: null,
      review: null,
    });
    expect(first.details).toMatchObject({ missingMinutes: 60 });
    const mac = first.macAddress as string;
    const byMac = (
      await call('GET', `/api/Monitoring/Incidents?macAddresses=${mac.toLowerCase()}`, root)
    ).json();
    expect(byMac.items.map((i: { id: string }) => i.id)).toEqual([inc.A1]);
    expect((await call('GET', '/api/Monitoring/Incidents?scopeType=1', H.dmA1!)).json().fullCount).toBe(0);
    expect((await call('GET', '/api/Monitoring/Incidents?rule=blocked', H.dmA1!)).json().fullCount).toBe(0);
    const paged = (await call('GET', '/api/Monitoring/Incidents?limit=1&page=2', H.dmA1!)).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.fullCount).toBe(2);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const res = await call('GET', '/api/Monitoring/Incidents?macAddresses=AA:BB,zz', root);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(/^macAddresses/);
    const st = await call('GET', '/api/Monitoring/Incidents?scopeType=3', root);
    expect(st.statusCode).toBe(400);
    expect(st.json().field).toBe('scopeType');
  });
});

describe('tickets', () => {
  let ticketA1 = '';
  let ticketA2 = '';

  it('sets the mail recipients of a client group (superAdmin; its users or addresses)', async () => {
    const fr = await makeUser(t.db, {
      roles: ['admin'],
      scopeNodeId: org.regionA1.id,
      email: 'chef@example.com',
    });
    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', fr.id).execute();
    const outsider = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientB.id });
    const bad = await call('PUT', `/api/Monitoring/recipients/${org.clientA.id}`, root, {
      recipients: [{ email: 'ops@example.com' }, { userId: outsider.id }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('recipients.1.userId');
    const res = await call('PUT', `/api/Monitoring/recipients/${org.clientA.id}`, root, {
      recipients: [{ userId: fr.id }, { email: 'ops@example.com', language: 'es' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().recipients).toEqual([
      { userId: fr.id, name: `Test ${fr.username}`, email: 'chef@example.com', language: 'fr' },
      { userId: null, name: null, email: 'ops@example.com', language: 'es' },
    ]);
    expect(await events('Monitoring.RecipientsUpdate')).toHaveLength(1);
    expect(
      (await call('PUT', `/api/Monitoring/recipients/${org.storeA1.id}`, root, { recipients: [] }))
        .statusCode,
    ).toBe(404);
  });

  it('approve opens a numbered ticket, audits it and mails the recipients in their languages', async () => {
    const before = (await t.ctx.mailer.outbox()).length;
    const res = await call('POST', `/api/Incident/${inc.A1}/approve`, H.dmA1!, {
      comment: 'Sending a technician',
    });
    expect(res.statusCode).toBe(200);
    const ticket = res.json();
    expect(ticket.ticketNumber).toMatch(/^T-\d{6}$/);
    expect(ticket).toMatchObject({ status: 'open', commentCount: 1, closedAt: null });
    expect(ticket.incident).toMatchObject({ id: inc.A1, ticketNumber: ticket.ticketNumber });
    expect(ticket.incident.review).toMatchObject({ decision: 'approved', text: 'Sending a technician' });
    ticketA1 = ticket.ticketNumber;
    const [event] = await events('Monitoring.IncidentApprove');
    expect(event).toMatchObject({ target: inc.A1 });
    expect(event!.details).toMatchObject({ ticketNumber: ticketA1, rule: 'offline' });

    const mails = (await t.ctx.mailer.outbox()).slice(0, (await t.ctx.mailer.outbox()).length - before);
    const bySubject = mails.map((m) => [m.to[0], m.subject]).sort();
    expect(bySubject).toEqual([
      ['chef@example.com', `Ticket ${ticketA1} ouvert : Hors ligne sur Door A1`],
      ['ops@example.com', `Ticket ${ticketA1} abierto: Sin conexión en Door A1`],
    ]);
    const fr = mails.find((m) => m.to[0] === 'chef@example.com')!;
    expect(fr.text).toContain('Site : Store A1');
    expect(fr.text).toContain('https://footfall.example.com/fr/monitoring/tickets');

    // approving again, or discarding an approved incident, is a conflict
    expect((await call('POST', `/api/Incident/${inc.A1}/approve`, H.dmA1!, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/Incident/${inc.A1}/discard`, H.dmA1!, { reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('numbers tickets in sequence across the deployment', async () => {
    const res = await call('POST', `/api/Incident/${inc.A2}/approve`, root, {});
    ticketA2 = res.json().ticketNumber;
    expect(Number(ticketA2.slice(2))).toBe(Number(ticketA1.slice(2)) + 1);
  });

  it('answers 404 outside the scope, 403 to roles that may not act', async () => {
    expect((await call('POST', `/api/Incident/${inc.B}/approve`, H.dmA1!, {})).statusCode).toBe(404);
    expect((await call('GET', `/api/Monitoring/Tickets/${ticketA2}`, H.userA1!)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/Incident/ticket/${ticketA1}/comments`, H.userA2!, { text: 'hi' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/Monitoring/Tickets/T-999999', root)).statusCode).toBe(404);
    expect((await call('POST', `/api/Incident/${inc.extra}/approve`, H.userA1!, {})).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/Incident/ticket/${ticketA1}/close`, H.userA1!, { note: 'x' })).statusCode,
    ).toBe(403);
  });

  it('counts the open tickets of the caller scope (the badge)', async () => {
    const count = async (h: Record<string, string>) =>
      (await call('GET', '/api/Monitoring/GetNbOpenTickets', h)).json().count as number;
    expect(await count(H.userA1!)).toBe(1);
    expect(await count(H.userA2!)).toBe(1);
    expect(await count(H.userB!)).toBe(0);
    const all = await count(root);
    await call('POST', `/api/Incident/${inc.B}/approve`, root, {});
    expect(await count(H.userB!)).toBe(1);
    expect(await count(root)).toBe(all + 1);
    const open = (
      await call('GET', `/api/Monitoring/OpenTickets?nodeIds=${org.regionA1.id}`, H.userA1!)
    ).json();
    expect(open.map((x: { ticketNumber: string }) => x.ticketNumber)).toEqual([ticketA1]);
  });

  it('comments, closes with a note (mails again), and keeps the history and timeline', async () => {
    const c = await call('POST', `/api/Incident/ticket/${ticketA1}/comments`, H.userA1!, {
      text: 'Door blocked by a rack',
    });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({ ticketNumber: ticketA1, text: 'Door blocked by a rack' });
    const empty = await call('POST', `/api/Incident/ticket/${ticketA1}/close`, H.adminA1!, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('note');
    const before = (await t.ctx.mailer.outbox()).length;
    t.clock.advance(5 * MIN);
    const res = await call('POST', `/api/Incident/ticket/${ticketA1}/close`, H.adminA1!, {
      note: 'Rack moved',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'closed',
      closeNote: 'Rack moved',
      closedAt: '2025-06-02T15:05:00.000Z',
    });
    expect((await t.ctx.mailer.outbox()).length - before).toBe(2);
    expect(
      (await t.ctx.mailer.outbox()).some(
        (m) => m.subject === `Ticket ${ticketA1} clos : Hors ligne sur Door A1`,
      ),
    ).toBe(true);
    expect(
      (await call('POST', `/api/Incident/ticket/${ticketA1}/close`, H.adminA1!, { note: 'again' }))
        .statusCode,
    ).toBe(409);
    expect(await events('Monitoring.TicketClose')).toHaveLength(1);
    expect(await events('Monitoring.TicketComment')).toHaveLength(1);

    const history = (await call('GET', '/api/Monitoring/HistoryTicket', H.userA1!)).json();
    expect(history.fullCount).toBe(1);
    expect(history.items[0]).toMatchObject({
      ticketNumber: ticketA1,
      status: 'closed',
      closedBy: expect.any(String),
    });
    const detail = (await call('GET', `/api/Monitoring/Tickets/${ticketA1}`, H.userA1!)).json();
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'detected',
      'approved',
      'commented',
      'commented',
      'closed',
    ]);
    expect(detail.comments.map((x: { text: string }) => x.text)).toEqual([
      'Sending a technician',
      'Door blocked by a rack',
    ]);
    expect((await call('GET', `/api/Incident/ticket/${ticketA1}/comments`, H.userA1!)).json()).toHaveLength(
      2,
    );
    expect(
      await (async () => (await call('GET', '/api/Monitoring/GetNbOpenTickets', H.userA1!)).json().count)(),
    ).toBe(0);
  });

  it('discards a false alarm with a reason; it is not raised again while its condition lasts', async () => {
    const missing = await call('POST', `/api/Incident/${inc.extra}/discard`, H.dmA1!, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('reason');
    const res = await call('POST', `/api/Incident/${inc.extra}/discard`, H.dmA1!, {
      reason: 'Door closed for works',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'discarded',
      review: { decision: 'discarded', text: 'Door closed for works' },
    });
    expect(await events('Monitoring.IncidentDiscard')).toHaveLength(1);
    t.clock.advance(MIN);
    await t.app.services.monitoring.detect();
    const rows = await t.db
      .selectFrom('monitoring_incident')
      .selectAll()
      .where('node_id', '=', extraDevice)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['discarded']);
  });
});

describe('rule thresholds', () => {
  it('reads the defaults and sets a client group override (superAdmin), 400 naming the field', async () => {
    const url = `/api/Monitoring/rules/${org.clientB.id}`;
    const get = (await call('GET', url, root)).json();
    expect(get.thresholds.offlineMinutes).toBe(30);
    expect(get.overrides).toEqual({});
    const put = await call('PUT', url, root, { offlineMinutes: 90 });
    expect(put.json().thresholds.offlineMinutes).toBe(90);
    expect(put.json().overrides).toEqual({ offlineMinutes: 90 });
    const bad = await call('PUT', url, root, { imbalanceRatio: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('imbalanceRatio');
    expect((await call('PUT', url, H.dmA1!, { offlineMinutes: 60 })).statusCode).toBe(403);
    const reset = await call('PUT', url, root, { offlineMinutes: null });
    expect(reset.json().overrides).toEqual({});
    expect(await events('Monitoring.RulesUpdate')).toHaveLength(2);
  });
});

describe('devices, activity and completeness', () => {
  it('lists the devices of the scope with status, last data and completeness', async () => {
    const res = await call('GET', '/api/Monitoring/devices', H.dmA1!);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { deviceId: string; [k: string]: unknown }[];
    expect(list.map((d) => d.deviceId).sort()).toEqual([org.deviceA1.id, extraDevice].sort());
    const a1 = list.find((d) => d.deviceId === org.deviceA1.id)!;
    expect(a1).toMatchObject({
      status: 'offline',
      lastIntervalAt: '2025-06-02T13:59:00.000Z',
      lastArrivalAt: '2025-06-02T14:00:00.000Z',
      locationName: 'Store A1',
      timeZone: 'America/Toronto',
    });
    const days = a1.completenessDays as { date: string; expectedMinutes: number; minutesWithData: number }[];
    expect(days).toHaveLength(7);
    // today (Monday) up to 11:06 local: 126 open minutes, 60 with data; Tuesday-Sunday before: closed but Tuesday
    expect(days.at(-1)).toMatchObject({ date: '2025-06-02', expectedMinutes: 126, minutesWithData: 60 });
    expect(a1.completenessToday).toBeCloseTo(60 / 126, 3);
    expect(days[0]).toMatchObject({ date: '2025-05-27', expectedMinutes: 480, minutesWithData: 0 });
    const search = (await call('GET', '/api/Monitoring/devices?search=bis', H.dmA1!)).json();
    expect(search.map((d: { deviceId: string }) => d.deviceId)).toEqual([extraDevice]);
    expect((await call('GET', '/api/Monitoring/devices?status=online', H.dmA1!)).json()).toEqual([]);
  });

  it('shows a device with status history, series and thresholds; 404 outside the scope', async () => {
    const res = await call('GET', `/api/Monitoring/devices/${org.deviceA1.id}`, H.dmA1!);
    const d = res.json();
    expect(d.statusHistory[0]).toMatchObject({
      status: 'offline',
      from: '2025-06-02T15:00:00.000Z',
      to: null,
    });
    expect(d.series.map((s: { measurementProtocol: string }) => s.measurementProtocol)).toEqual([
      'TrafficIn',
      'TrafficOut',
    ]);
    expect(d.thresholds.offlineMinutes).toBe(30);
    expect((await call('GET', `/api/Monitoring/devices/${org.deviceB.id}`, H.dmA1!)).statusCode).toBe(404);
  });

  it('answers the activity per local hour with gaps', async () => {
    const res = await call(
      'GET',
      `/api/DeviceActivity?deviceId=${org.deviceA1.id}&from=2025-06-02&to=2025-06-03`,
      H.dmA1!,
    );
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.timeZone).toBe('America/Toronto');
    // 00:00 to 11:00 local (now is 11:06): 12 hours
    expect(a.hours).toHaveLength(12);
    expect(a.hours[9]).toMatchObject({
      hour: '2025-06-02 09:00',
      start: '2025-06-02T13:00:00.000Z',
      in: 60,
      out: 60,
      minutesWithData: 60,
      expectedMinutes: 60,
    });
    expect(a.hours[9].maxDelaySeconds).toBe(3540); // the 09:00 interval arrived at 10:00
    expect(a.hours[10]).toMatchObject({
      hour: '2025-06-02 10:00',
      in: null,
      minutesWithData: 0,
      expectedMinutes: 60,
    });
    expect(a.hours[0]).toMatchObject({ expectedMinutes: 0 });
    expect(a.gaps).toEqual([
      { from: '2025-06-02T14:00:00.000Z', to: '2025-06-02T16:00:00.000Z', missingMinutes: 66 },
    ]);
    const bad = await call(
      'GET',
      `/api/DeviceActivity?deviceId=${org.deviceA1.id}&from=2025-06-03&to=2025-06-02`,
      H.dmA1!,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('from');
  });

  it('reports completeness per requested node in the aggregated query (includeCompleteness)', async () => {
    const body = {
      nodeIds: [org.storeA1.id, org.storeA2.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2025-06-02 00:00',
      to: '2025-06-03 00:00',
      aggregation: 'P1D',
    };
    const plain = (await call('POST', '/api/TimeSeries/AggregatedTimeSeries', root, body)).json();
    expect(plain[0].completeness).toBeUndefined();
    const res = await call('POST', '/api/TimeSeries/AggregatedTimeSeries', root, {
      ...body,
      includeCompleteness: true,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json();
    expect(entry.summary).toBe(180);
    // store A1: two doors, 126 open minutes each so far today, 60 with data each
    expect(entry.completeness).toEqual([
      { nodeId: org.storeA1.id, ratio: 0.476, expectedMinutes: 252, missingMinutes: 132, devices: 2 },
      { nodeId: org.storeA2.id, ratio: 0.476, expectedMinutes: 126, missingMinutes: 66, devices: 1 },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the monitoring routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs.json' })).json();
    for (const path of [
      '/api/Monitoring/GetNbOpenTickets',
      '/api/Monitoring/OpenTickets',
      '/api/Monitoring/HistoryTicket',
      '/api/Monitoring/Incidents',
      '/api/Monitoring/devices',
      '/api/Monitoring/RefreshDevices',
      '/api/DeviceActivity',
      '/api/Incident/{incidentId}/approve',
      '/api/Incident/{incidentId}/discard',
      '/api/Incident/ticket/{ticketNumber}/close',
      '/api/Incident/ticket/{ticketNumber}/comments',
      '/api/Monitoring/rules/{clientGroupId}',
      '/api/Monitoring/recipients/{clientGroupId}',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths['/api/Monitoring/GetNbOpenTickets'].get.responses['200']).toBeDefined();
  });
});
