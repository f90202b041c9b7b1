import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  AggregatedQueryBody,
  formatKpiValue,
  ScheduleBody,
  type ScheduleDto,
  type ScheduleInput,
} from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  asPrincipal,
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import { createReportSchedulesService } from './report-schedules.service.js';
import { reportScheduleJobs } from './report-schedules.jobs.js';
import type { ReportRenderer, ScheduledReportParameters } from './report-schedules.types.js';

const MIN = 60_000;
const JOB = 'report-schedules.run-due';

/** The mails of the outbox (raw .eml text with its summary), newest first. */
function mails(t: TestApp) {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
        to: string[];
        subject: string;
        text: string;
        attachments: string[];
      }),
      eml: fs.readFileSync(path.join(dir, f.replace(/\.json$/, '.eml')), 'utf8'),
    }));
}

/** An attachment of a mail (base64 part of the given content type). */
function attachment(eml: string, contentType: string): Buffer {
  const part = eml.split(/\r?\n--/).find((p) => p.includes(contentType))!;
  return Buffer.from(
    part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, ''),
    'base64',
  );
}

/** Minute counts of TrafficIn at a door, returned as utc ms -> value (for the independent sums). */
async function count(t: TestApp, deviceId: string, fromIso: string, toIso: string, value: number) {
  const key = (
    await t.app.services.series.ensureSeries({ nodeId: deviceId, measurementProtocol: 'TrafficIn' })
  ).key;
  const times: number[] = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += MIN) times.push(ms);
  await t.app.services.ingest.store({ keys: times.map(() => key), times, values: times.map(() => value) });
  return new Map(times.map((ms) => [ms, value]));
}

/** The sum of the minutes whose wall clock in `zone` lies in [from, to) (Intl, independent of the engine). */
function localSum(minutes: Map<number, number>, zone: string, from: string, to: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  let sum = 0;
  for (const [ms, v] of minutes) {
    const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    const stamp = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    if (stamp >= from && stamp < to) sum += v;
  }
  return sum;
}

let t: TestApp;
let owner: MadeUser;
let headers: Record<string, string>;
let group: { id: string };
let paris: { id: string; name: string };
let lyon: { id: string; name: string };
let parisMinutes: Map<number, number>;
let lyonMinutes: Map<number, number>;

const base = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  kind: 'report',
  title: 'Weekly traffic',
  reportName: 'trafficReport',
  frequency: 'daily',
  time: '07:00',
  timeZone: 'Europe/Paris',
  relativePeriod: 'yesterday',
  formats: ['xlsx'],
  recipients: [{ email: 'finance@example.com' }],
  language: 'en',
  nodes1: [paris.id],
  ...over,
});

async function post(payload: object, h = headers) {
  return t.app.inject({ method: 'POST', url: '/api/Schedule/automated-reports', headers: h, payload });
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.scheduler.register(...reportScheduleJobs(t.app.services));
  // Saturday 2025-03-29, the day before Paris springs forward
  t.clock.set('2025-03-29T12:00:00Z');
  group = await makeGroup(t.db);
  paris = await makeLocation(t.db, {
    parentId: group.id,
    name: 'Paris Opéra',
    attributes: { timezone: 'Europe/Paris' },
  });
  lyon = await makeLocation(t.db, {
    parentId: group.id,
    name: 'Lyon Part-Dieu',
    attributes: { timezone: 'Europe/Paris' },
  });
  const parisDoor = await makeDevice(t.db, { parentId: paris.id });
  const lyonDoor = await makeDevice(t.db, { parentId: lyon.id });
  // whole days around the spring-forward Sunday (23 hours in Paris)
  parisMinutes = await count(t, parisDoor.id, '2025-03-28T20:00:00Z', '2025-03-31T06:00:00Z', 2);
  lyonMinutes = await count(t, lyonDoor.id, '2025-03-28T20:00:00Z', '2025-03-31T06:00:00Z', 3);
  owner = await makeUser(t.db, { scopeNodeId: group.id, email: 'owner@example.com' });
  headers = await authHeader(t.ctx, owner);
});

describe('automated reports: validation and tenancy', () => {
  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const cases: [object, string][] = [
      [base({ frequency: 'weekly', weekdays: [] }), 'weekdays'],
      [base({ frequency: 'monthly' }), 'dayOfMonth'],
      [base({ timeZone: 'Mars/Olympus' }), 'timeZone'],
      [base({ time: '24:00' }), 'time'],
      [base({ recipients: [{ email: 'not-an-address' }] }), 'recipients.0.email'],
      [base({ recipients: [] }), 'recipients'],
      [base({ formats: [] }), 'formats'],
      [base({ kind: 'dashboard', formats: ['pdf'] }), 'dashboardId'],
      [base({ nodes1: [] }), 'nodes1'],
      [base({ reportName: 'nope' as never }), 'reportName'],
      [{ ...base(), extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/Schedule/automated-reports', headers });
    expect(list.json()).toEqual([]);
  });

  it('answers 404 for nodes, users and schedules outside the owner', async () => {
    const other = await makeLocation(t.db);
    expect((await post(base({ nodes1: [other.id] }))).statusCode).toBe(404);
    const stranger = await makeUser(t.db, { email: 'stranger@example.com' });
    expect((await post(base({ recipients: [{ userId: stranger.id }] }))).statusCode).toBe(404);
    // another user of the same scope: a recipient the owner may name, but their schedule is theirs
    const colleague = await makeUser(t.db, { scopeNodeId: group.id });
    const created = await post(base({ recipients: [{ userId: colleague.id }] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as ScheduleDto).id;
    const theirs = await authHeader(t.ctx, colleague);
    for (const [method, url] of [
      ['GET', `/api/Schedule/automated-reports/${id}`],
      ['DELETE', `/api/Schedule/${id}`],
      ['DELETE', `/api/Dashboard/snapshot-schedule/${id}`],
    ] as const)
      expect((await t.app.inject({ method, url, headers: theirs })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Dashboard/execute',
          headers: theirs,
          payload: { scheduleId: id },
        })
      ).statusCode,
    ).toBe(404);
    const dashboardOnly = await authHeader(
      t.ctx,
      await makeUser(t.db, { scopeNodeId: group.id, roles: ['dashboardOnly'] }),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/Schedule/automated-reports', headers: dashboardOnly }))
        .statusCode,
    ).toBe(403);
    // a report schedule is not a snapshot schedule
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/Dashboard/snapshot-schedule/${id}`, headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Schedule/${id}`, headers })).json()).toEqual({
      deleted: true,
    });
  });

  it('computes the next run in the owner zone, disables and enables through disabledOn, lists nodes by schedule', async () => {
    const res = await post(base({ nodes1: [paris.id, lyon.id], groups1: ['Malls'], nodes2: [lyon.id] }));
    const s = res.json() as ScheduleDto;
    // Saturday 12:00Z: the next 07:00 in Paris is Sunday 07:00 CEST (05:00Z), the clocks having sprung forward
    expect(s.nextRunAt).toBe('2025-03-30T05:00:00.000Z');
    expect(s.schedule).toEqual({ id: s.id, disabledOn: null });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/Schedule/automated-reports/${s.id}/disabled-on`,
      headers,
      payload: { disabledOn: '2025-03-29T12:00:00Z' },
    });
    expect(off.json()).toMatchObject({ disabledOn: '2025-03-29T12:00:00.000Z', nextRunAt: null });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/Schedule/automated-reports/${s.id}/disabled-on`,
      headers,
      payload: { disabledOn: null },
    });
    expect(on.json()).toMatchObject({ disabledOn: null, nextRunAt: '2025-03-30T05:00:00.000Z' });
    const nodes = await t.app.inject({
      method: 'GET',
      url: `/api/Schedule/nodes?scheduleIds=${s.id}`,
      headers,
    });
    expect(nodes.json()).toEqual({
      nodes1BySchedules: {
        [s.id]: [
          { id: paris.id, name: 'Paris Opéra' },
          { id: lyon.id, name: 'Lyon Part-Dieu' },
        ],
      },
      nodes2BySchedules: { [s.id]: [{ id: lyon.id, name: 'Lyon Part-Dieu' }] },
      groups1BySchedules: { [s.id]: ['Malls'] },
      groups2BySchedules: { [s.id]: [] },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/Schedule/${s.id}`, headers });
  });
});

describe('dashboard snapshot schedules, end to end', () => {
  it('runs once at 07:00 Paris time through the scheduler, mails the PDF, records Success; run now too', async () => {
    const dash = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard',
      headers,
      payload: {
        name: 'Stores daily',
        json: JSON.stringify({
          widgets: [
            {
              layout: { i: 'a', x: 0, y: 0, w: 100, h: 10 },
              type: { name: 'kpiCard', vueComponent: 'K' },
              kpis: ['TrafficIn'],
            },
          ],
          fullTreeViewSelection: [paris.id, lyon.id],
        }),
      },
    });
    expect(dash.statusCode, dash.body).toBe(201);
    const created = await post({
      kind: 'dashboard',
      title: 'Stores daily',
      dashboardId: dash.json().id,
      frequency: 'daily',
      time: '07:00',
      timeZone: 'Europe/Paris',
      relativePeriod: 'yesterday',
      formats: ['pdf'],
      recipients: [{ email: 'boss@example.com' }, { userId: owner.id }],
      language: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json() as ScheduleDto;
    expect(s.nextRunAt).toBe('2025-03-30T05:00:00.000Z');

    const before = mails(t).length;
    t.clock.set('2025-03-30T04:59:30Z');
    expect(await t.app.scheduler.tick([JOB])).toMatchObject([{ status: 'succeeded' }]);
    expect(mails(t).length).toBe(before);
    t.clock.set('2025-03-30T05:00:10Z');
    expect(await t.app.scheduler.tick([JOB])).toMatchObject([{ status: 'succeeded' }]);
    const sent = mails(t).filter((m) => m.subject.startsWith('Stores daily'));
    expect(sent.map((m) => m.to[0]).sort()).toEqual(['boss@example.com', 'owner@example.com']);
    const mail = sent[0]!;
    // Saturday in Paris: 24 hours of both stores (2 and 3 a minute), counted here with Intl
    const expected =
      localSum(parisMinutes, 'Europe/Paris', '2025-03-29 00:00', '2025-03-30 00:00') +
      localSum(lyonMinutes, 'Europe/Paris', '2025-03-29 00:00', '2025-03-30 00:00');
    expect(expected).toBe(24 * 60 * 5);
    expect(mail.subject).toBe('Stores daily (2025-03-29 00:00 - 2025-03-30 00:00)');
    expect(mail.text).toContain(`Traffic in: ${formatKpiValue('TrafficIn', expected)}`);
    expect(mail.attachments).toEqual(['Stores_daily.pdf']);
    expect(attachment(mail.eml, 'application/pdf').subarray(0, 4).toString()).toBe('%PDF');
    // the same minute ticked again, by this instance or by a second service on the database: no second mail
    await t.app.scheduler.tick([JOB]);
    expect(await t.app.services.reportSchedules.runDue()).toEqual({ ran: 0, failed: 0 });
    headers = await authHeader(t.ctx, owner); // the clock moved past the first token's life
    expect(mails(t).filter((m) => m.subject.startsWith('Stores daily'))).toHaveLength(2);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/Schedule/automated-reports/history?reportIds=${s.id}`,
      headers,
    });
    expect(history.json()).toMatchObject([
      {
        automatedReportId: s.id,
        executionResult: 'Success',
        trigger: 'schedule',
        occurredOn: '2025-03-30T05:00:10.000Z',
        periodFrom: '2025-03-29 00:00',
        periodTo: '2025-03-30 00:00',
        recipients: 2,
        files: ['Stores_daily.pdf'],
      },
    ]);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/Schedule/automated-reports/${s.id}`,
      headers,
    });
    expect(after.json()).toMatchObject({
      nextRunAt: '2025-03-31T05:00:00.000Z',
      lastRun: { executionResult: 'Success' },
    });

    // run now: Sunday (23 hours) is yesterday on Monday
    t.clock.set('2025-03-31T09:00:00Z');
    headers = await authHeader(t.ctx, owner);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard/execute',
      headers,
      payload: { scheduleId: s.id },
    });
    expect(run.json()).toMatchObject({
      executionResult: 'Success',
      run: { trigger: 'manual', periodFrom: '2025-03-30 00:00' },
    });
    const sunday =
      localSum(parisMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00') +
      localSum(lyonMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00');
    expect(sunday).toBe(23 * 60 * 5);
    const manual = mails(t).find((m) => m.subject === 'Stores daily (2025-03-30 00:00 - 2025-03-31 00:00)')!;
    expect(manual.text).toContain(`Traffic in: ${formatKpiValue('TrafficIn', sunday)}`);

    const snapshots = await t.app.inject({
      method: 'GET',
      url: `/api/Dashboard/schedules?dashboardId=${dash.json().id}`,
      headers,
    });
    expect(snapshots.json().map((x: ScheduleDto) => x.id)).toEqual([s.id]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/Dashboard/snapshot-schedule/${s.id}`,
      headers,
    });
    expect(gone.json()).toEqual({ deleted: true });
    // the history went with it
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/Schedule/automated-reports/history?reportIds=${s.id}`,
      headers,
    });
    expect(none.json()).toEqual([]);
  });
});

describe('report schedules with a renderer (exports feature, aggregated query)', () => {
  /** A traffic table per location for the run's parameters: the engine's query, written by the exports feature. */
  const calls: ScheduledReportParameters[] = [];
  let failuresLeft = 0;
  const renderer: ReportRenderer = {
    async renderFile(principal, req) {
      calls.push(req.parameters);
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('report engine unavailable');
      }
      const [series] = await t.app.services.query.aggregated(
        principal,
        AggregatedQueryBody.parse({
          nodeIds: req.parameters.nodes1,
          aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }],
          from: req.parameters.from,
          to: req.parameters.to,
          aggregation: 'P1D',
          breakdownByNode: true,
        }),
      );
      const body = await t.app.services.exports.tableXlsx({
        sheetName: 'Traffic',
        columns: [{ title: 'Location' }, { title: 'Traffic in', kind: 'number' }],
        rows: series!.nodes!.map((n) => [n.nodeId, n.summary]),
      });
      return {
        fileName: `${req.reportName}.${req.format}`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body,
      };
    },
  };
  let service: ReturnType<typeof createReportSchedulesService>;

  beforeAll(() => {
    const s = t.app.services;
    service = createReportSchedulesService({
      db: t.db,
      clock: t.clock,
      log: t.ctx.log,
      mailer: t.ctx.mailer,
      publicUrl: t.config.PUBLIC_URL,
      eventLog: s.eventLog,
      scope: s.scope,
      users: s.users,
      dashboards: s.dashboards,
      snapshots: s.snapshots,
      reportRenderer: renderer,
    });
  });

  const readXlsx = async (buffer: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const rows: Record<string, number> = {};
    wb.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) rows[String(row.getCell(1).value)] = Number(row.getCell(2).value);
    });
    return rows;
  };

  it('mails the XLSX of the 23-hour Sunday, retries a failure, then drops a node that left the scope', async () => {
    t.clock.set('2025-03-30T12:00:00Z');
    const owner2 = await makeUser(t.db, { scopeNodeId: group.id, email: 'analyst@example.com' });
    const p = { userId: owner2.id, username: owner2.username, roles: owner2.roles, scopeNodeId: group.id };
    const s = await service.create(
      p,
      ScheduleBody.parse(
        base({ title: 'Sunday traffic', nodes1: [paris.id, lyon.id], recipients: [{ userId: owner2.id }] }),
      ),
    );
    expect(s.nextRunAt).toBe('2025-03-31T05:00:00.000Z');

    // Monday 07:00 Paris: the first attempt fails, the next one 5 minutes later succeeds
    failuresLeft = 1;
    t.clock.set('2025-03-31T05:00:00Z');
    expect(await service.runDue()).toEqual({ ran: 1, failed: 1 });
    expect(await service.history(p, { reportIds: [s.id], limit: 10 })).toEqual([]);
    expect((await service.get(p, s.id)).retryAttempt).toBe(1);
    t.clock.set('2025-03-31T05:04:00Z');
    expect(await service.runDue()).toEqual({ ran: 0, failed: 0 });
    t.clock.set('2025-03-31T05:05:00Z');
    expect(await service.runDue()).toEqual({ ran: 1, failed: 0 });
    const [ok] = await service.history(p, { reportIds: [s.id], limit: 10 });
    expect(ok).toMatchObject({
      executionResult: 'Success',
      attempts: 2,
      periodFrom: '2025-03-30 00:00',
      periodTo: '2025-03-31 00:00',
    });
    expect((await service.get(p, s.id)).nextRunAt).toBe('2025-04-01T05:00:00.000Z');
    const mail = mails(t).find((m) => m.subject === 'Sunday traffic (2025-03-30 00:00 - 2025-03-31 00:00)')!;
    expect(mail.to).toEqual(['analyst@example.com']);
    const figures = await readXlsx(attachment(mail.eml, 'spreadsheetml'));
    expect(figures).toEqual({
      [paris.id]: localSum(parisMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00'),
      [lyon.id]: localSum(lyonMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00'),
    });
    expect(figures[paris.id]).toBe(23 * 60 * 2);

    // Lyon leaves the owner's scope: the next run reports Paris alone
    const elsewhere = await makeGroup(t.db);
    await t.db.updateTable('node').set({ parent_id: elsewhere.id }).where('id', '=', lyon.id).execute();
    calls.length = 0;
    t.clock.set('2025-04-01T05:00:30Z');
    expect(await service.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(calls.map((c) => c.nodes1)).toEqual([[paris.id]]);
    await t.db.updateTable('node').set({ parent_id: group.id }).where('id', '=', lyon.id).execute();

    // failing every time: 3 attempts, then one Failure with the error, and the schedule goes on
    failuresLeft = 10;
    const attempts = [];
    for (const at of ['2025-04-02T05:00:00Z', '2025-04-02T05:05:00Z', '2025-04-02T05:10:00Z']) {
      t.clock.set(at);
      attempts.push(await service.runDue());
    }
    expect(attempts).toEqual([1, 2, 3].map(() => ({ ran: 1, failed: 1 })));
    const [failed] = await service.history(p, { reportIds: [s.id], limit: 10 });
    expect(failed).toMatchObject({
      executionResult: 'Failure',
      attempts: 3,
      error: 'Error: report engine unavailable',
      periodFrom: '2025-04-01 00:00',
    });
    expect((await service.get(p, s.id)).nextRunAt).toBe('2025-04-03T05:00:00.000Z');
    failuresLeft = 0;

    // a disabled owner stops the schedule: one Failure, no mail, disabled
    await t.db.updateTable('app_user').set({ disabled_at: new Date() }).where('id', '=', owner2.id).execute();
    const count = mails(t).length;
    t.clock.set('2025-04-03T05:00:00Z');
    expect(await service.runDue()).toEqual({ ran: 1, failed: 1 });
    expect(mails(t).length).toBe(count);
    const [stopped] = await service.history(p, { reportIds: [s.id], limit: 10 });
    expect(stopped!.error).toMatch(/disabled or deleted/);
    const row = await service.get(p, s.id);
    expect(row.disabledOn).not.toBeNull();
    expect(row.nextRunAt).toBeNull();
  });
});

describe('demo schedules', () => {
  it('seeds the demo admins their schedules once, with a history of past runs and one failure', async () => {
    t.clock.set('2025-06-18T15:00:00Z');
    const admin = await makeUser(t.db, { username: 'admin', roles: ['admin'], scopeNodeId: group.id });
    const adminB = await makeUser(t.db, { username: 'admin-b', roles: ['admin'], scopeNodeId: group.id });
    for (const u of [admin, adminB])
      await t.app.services.dashboards.createForUser(
        u.id,
        'Demo',
        t.app.services.dashboards.demoJson([paris.id], 1),
        true,
      );
    const demo = {
      locations: [{ id: paris.id, groupId: group.id, timezone: 'America/Toronto' }],
      groups: { retail: group.id, venues: group.id },
    };
    // the table already holds the tests' schedules: the demo seeds only an empty one
    expect(await t.app.services.reportSchedules.seedDemo(demo)).toBe(0);
    await t.db.deleteFrom('report_schedule').execute();
    expect(await t.app.services.reportSchedules.seedDemo(demo)).toBe(4);
    expect(await t.app.services.reportSchedules.seedDemo(demo)).toBe(0);

    const h = await authHeader(t.ctx, admin);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/Schedule/automated-reports', headers: h })
    ).json() as ScheduleDto[];
    expect(list.map((s) => s.title)).toEqual([
      'Daily traffic for finance',
      'Monday store snapshot',
      'Month-end executive summary',
    ]);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/Schedule/automated-reports/history?reportIds=${list[0]!.id}`,
        headers: h,
      })
    ).json() as { executionResult: string; occurredOn: string }[];
    expect(history).toHaveLength(7);
    expect(history.filter((r) => r.executionResult === 'Failure')).toHaveLength(1);
    // the runs are the rule's own: 06:30 in Toronto (10:30Z in June), each before now
    expect(history.every((r) => r.occurredOn.endsWith('T10:30:00.000Z'))).toBe(true);
    expect(history[0]!.occurredOn).toBe('2025-06-18T10:30:00.000Z');
    expect(list[1]!.nextRunAt).toBe('2025-06-23T11:00:00.000Z');
  });
});

describe('send-report', () => {
  it("mails one snapshot of the caller's dashboard for a relative period, without a schedule", async () => {
    t.clock.set('2025-03-31T09:00:00Z');
    const h = await authHeader(t.ctx, owner);
    const dashboardId = await t.app.services.dashboards.createForUser(
      owner.id,
      'Once',
      t.app.services.dashboards.demoJson([paris.id], 1),
      false,
    );
    const payload = {
      relativePeriod: 'yesterday',
      timeZone: 'Europe/Paris',
      language: 'fr',
      recipients: [{ email: 'once@example.com' }],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard/send-report',
      headers: h,
      payload: { dashboardId, payload },
    });
    expect(res.json()).toEqual({ sent: 1, files: ['Once.pdf'] });
    const mail = mails(t).find((m) => m.to.includes('once@example.com'))!;
    expect(mail.subject).toBe('Once (2025-03-30 00:00 - 2025-03-31 00:00)');
    expect(mail.text).toContain('Période : 2025-03-30 00:00 - 2025-03-31 00:00');
    expect(await t.app.services.reportSchedules.list(asPrincipal(owner), { dashboardId })).toEqual([]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard/send-report',
      headers: h,
      payload: { dashboardId, payload: { ...payload, relativePeriod: 'someday' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('payload.relativePeriod');
  });
});

describe('report schedules through the app: the reports feature renders the files', () => {
  it("mails the traffic report's CSV and XLSX for yesterday, its total the stores' counted minutes", async () => {
    const analyst = await makeUser(t.db, { scopeNodeId: group.id, email: 'wired@example.com' });
    await t.db
      .updateTable('app_user')
      .set({ reports: ['trafficReport'] })
      .where('id', '=', analyst.id)
      .execute();
    t.clock.set('2025-03-31T09:00:00Z');
    const h = await authHeader(t.ctx, analyst);
    const created = await post(
      base({
        title: 'Wired traffic',
        nodes1: [paris.id, lyon.id],
        formats: ['csv', 'xlsx'],
        recipients: [{ userId: analyst.id }],
      }),
      h,
    );
    expect(created.statusCode, created.body).toBe(201);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard/execute',
      headers: h,
      payload: { scheduleId: created.json().id },
    });
    expect(run.json()).toMatchObject({
      executionResult: 'Success',
      run: { periodFrom: '2025-03-30 00:00', periodTo: '2025-03-31 00:00' },
    });
    const mail = mails(t).find((m) => m.subject.startsWith('Wired traffic'))!;
    expect(mail.to).toEqual(['wired@example.com']);
    expect(mail.attachments).toHaveLength(2);
    // Sunday 30 March in Paris has 23 hours: 2 and 3 visitors a minute at the two stores, counted with Intl
    const total =
      localSum(parisMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00') +
      localSum(lyonMinutes, 'Europe/Paris', '2025-03-30 00:00', '2025-03-31 00:00');
    expect(total).toBe(23 * 60 * 5);
    const csv = attachment(mail.eml, 'text/csv').toString('utf8');
    const totalLine = csv.split(/\r?\n/).find((l) => /^"?Total/.test(l))!;
    expect(totalLine.split(',')).toContain(String(total));
    expect(attachment(mail.eml, 'spreadsheetml').subarray(0, 2).toString()).toBe('PK');
  });
});
