import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  REPORT_NAMES,
  type GetRowsResponse,
  type ReportDocument,
  type ReportViewerGetResponse,
  type ViewItemDto,
} from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';

/**
 * The spec's ReportViewer calls (Get, PostReportAction, GetResource, PostFormReportAction) over the
 * traffic report of two stores counted hourly for a week: each answer is the reports API's for the same
 * parameters (the figures are checked there against the aggregated query); the key carries no right
 * (another user's scope and reports are checked again); bad input answers 400 naming the field. And the
 * Views list (GET /api/Dashboard) with a saved report's customTitle and defaultTitle.
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
let outside: { id: string };
const WEEK = { from: '2024-03-04 00:00', to: '2024-03-11 00:00' };
const HOUR = 3_600_000;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

async function inject(method: 'GET' | 'POST', url: string, payload?: unknown, h = headers) {
  return t.app.inject({
    method,
    url,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok<T>(method: 'GET' | 'POST', url: string, payload?: unknown, h = headers): Promise<T> {
  const res = await inject(method, url, payload, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function expect400(method: 'GET' | 'POST', url: string, payload: unknown, field: string) {
  const res = await inject(method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().field).toBe(field);
}
const badAction = (payload: unknown, field: string) =>
  expect400('POST', '/api/ReportViewer/PostReportAction', payload, field);
const action = (payload: unknown, h = headers) =>
  inject('POST', '/api/ReportViewer/PostReportAction', payload, h);

async function userWithReports(
  roles: ('User' | 'dashboardOnly' | 'admin')[],
  scopeNodeId: string,
  reports: string[],
) {
  const user = await makeUser(t.db, { roles, scopeNodeId });
  await t.db.updateTable('app_user').set({ reports }).where('id', '=', user.id).execute();
  return { user, headers: await authHeader(t.ctx, user) };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2024-12-01T12:00:00Z');
  group = await makeGroup(t.db, { name: 'Viewer group' });
  let k = 1;
  for (const name of ['Store North', 'Store South']) {
    const loc = await makeLocation(t.db, {
      parentId: group.id,
      name,
      attributes: { timezone: 'Europe/Paris' },
    });
    const device = await makeDevice(t.db, { parentId: loc.id });
    for (const protocol of ['TrafficIn', 'TrafficOut']) {
      const series = await t.app.services.series.ensureSeries({
        nodeId: device.id,
        measurementProtocol: protocol,
      });
      const times: number[] = [];
      const values: number[] = [];
      for (let ms = Date.parse('2024-02-25T00:00:00Z'); ms < Date.parse('2024-03-11T00:00:00Z'); ms += HOUR) {
        times.push(ms);
        values.push(1 + ((times.length * k) % 11));
      }
      await t.app.services.ingest.store({ keys: times.map(() => series.key), times, values });
    }
    k += 3;
  }
  outside = await makeLocation(t.db, { parentId: (await makeGroup(t.db)).id, name: 'Elsewhere' });
  ({ headers } = await userWithReports(['admin'], group.id, [...REPORT_NAMES]));
}, 120_000);

const params = (extra: Record<string, unknown> = {}) => ({
  nodeIds: [group.id],
  ...WEEK,
  aggregation: 'P1D',
  ...extra,
});

describe('Get', () => {
  it('answers the definition in the language asked, and no instance without parameters', async () => {
    const r = await ok<ReportViewerGetResponse>(
      'GET',
      '/api/ReportViewer/trafficComparativeReport?language=fr',
    );
    expect(r.instance).toBeNull();
    expect(r.definition).toMatchObject({
      name: 'trafficComparativeReport',
      comparative: true,
      layout: 'comparativeBucket',
    });
    expect(r.definition.title).toMatch(/Achalandage/);
    const names = r.definition.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['nodeIds', 'nodeIds2', 'from2', 'to2', 'from', 'to']));
    expect(r.definition.parameters.find((p) => p.name === 'nodeIds2')).toMatchObject({
      required: false,
      requiredWith: 'nodeIds2 or from2 and to2',
    });
    const plain = await ok<ReportViewerGetResponse>('GET', '/api/ReportViewer/trafficReport?language=es');
    expect(plain.definition.title).toBe('Tráfico');
    expect(plain.definition.parameters.map((p) => p.name)).not.toContain('nodeIds2');
  });

  it('with parameters: the first page of the reports API for the same parameters, and the instance key', async () => {
    const r = await ok<ReportViewerGetResponse>(
      'GET',
      `/api/ReportViewer/trafficReport?pageSize=3&parameters=${b64(params({ language: 'fr' }))}`,
    );
    const direct = await ok<ReportDocument>(
      'POST',
      '/api/Report/trafficReport?pageSize=3',
      params({ language: 'fr' }),
    );
    const doc = r.instance!.document;
    expect(doc.title).toBe('Achalandage');
    expect(r.definition.title).toBe('Achalandage');
    expect(doc.sections.map((s) => ({ rows: s.rows, totals: s.totals, rowCount: s.rowCount }))).toEqual(
      direct.sections.map((s) => ({ rows: s.rows, totals: s.totals, rowCount: s.rowCount })),
    );
    expect(doc.sections[0]!.rows).toHaveLength(3);
    expect(doc.sections[0]!.rowCount).toBe(14); // two stores x seven days
    expect(doc.sections[0]!.totals!.trafficIn).toBeGreaterThan(0);
    // the key is the instance: the same parameters give the same key
    const again = await ok<ReportViewerGetResponse>(
      'GET',
      `/api/ReportViewer/trafficReport?parameters=${b64(params({ language: 'fr' }))}`,
    );
    expect(again.instance!.key).toBe(r.instance!.key);
  });
});

describe('PostReportAction and GetResource', () => {
  let key: string;
  beforeAll(async () => {
    const r = await ok<ReportViewerGetResponse>(
      'GET',
      `/api/ReportViewer/trafficReport?parameters=${b64(params())}`,
    );
    key = r.instance!.key;
  });

  it('getPage and sort are the server-side row model of get-rows', async () => {
    const sortModel = [{ colId: 'trafficIn', sort: 'desc' }];
    const page = await ok<{
      rows: unknown[];
      pageCount: number;
      rowCount: number;
      pageIndex: number;
      sectionId: string;
    }>('POST', '/api/ReportViewer/PostReportAction', {
      reportAction: 'getPage',
      key,
      pageIndex: 1,
      pageSize: 4,
      sortModel,
    });
    const rows = await ok<GetRowsResponse>('POST', '/api/AgGrid/get-rows', {
      reportName: 'trafficReport',
      parameters: params(),
      startRow: 4,
      endRow: 8,
      sortModel,
    });
    expect(page.rows).toEqual(rows.rows);
    expect(page).toMatchObject({ pageIndex: 1, pageCount: 4, rowCount: 14 });
    expect(page.sectionId).toBeTruthy();
    const sorted = await ok<{ rows: { trafficIn: number }[]; pageIndex: number; reportAction: string }>(
      'POST',
      '/api/ReportViewer/PostReportAction',
      { reportAction: 'sort', key, pageSize: 14, sortModel: [{ colId: 'trafficIn', sort: 'asc' }] },
    );
    expect(sorted).toMatchObject({ reportAction: 'sort', pageIndex: 0 });
    const values = sorted.rows.map((r) => r.trafficIn);
    expect(values).toHaveLength(14);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[0]).toBeLessThan(values[13]!);
  });

  it('export answers where to fetch the file; GetResource hands out the same file as /api/Report/{name}/file', async () => {
    const prepared = await ok<{ url: string; fileName: string; contentType: string }>(
      'POST',
      '/api/ReportViewer/PostReportAction',
      { reportAction: 'export', key, format: 'csv' },
    );
    expect(prepared.fileName).toBe('traffic-report_2024-03-04_2024-03-11.csv');
    expect(prepared.contentType).toMatch(/^text\/csv/);
    const file = await inject('GET', prepared.url);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${prepared.fileName}"`);
    const direct = await inject('POST', '/api/Report/trafficReport/file?format=csv', params());
    expect(file.body).toBe(direct.body);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const xlsx = await inject(
      'GET',
      `/api/ReportViewer/GetResource?key=${key}&resourceType=export&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const doc = await ok<ReportDocument>('POST', '/api/Report/trafficReport?pageSize=1', params());
    expect(book.worksheets[0]!.getRow(6).getCell(3).value).toBe(
      doc.sections[0]!.rows[0]![doc.sections[0]!.columns[2]!.key],
    );
    const pdf = await inject(
      'GET',
      `/api/ReportViewer/GetResource?key=${key}&resourceType=export&format=pdf`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('GetResource draws a chart as SVG; a chart the report lacks is a 400 naming index', async () => {
    const svg = await inject('GET', `/api/ReportViewer/GetResource?key=${key}&resourceType=chart&index=0`);
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // the chart of the document: its buckets on the axis, its series in the legend, one bar a bucket
    const doc = await ok<ReportDocument>('POST', '/api/Report/trafficReport?pageSize=1', params());
    const chart = doc.charts[0]!;
    expect(chart.categories).toHaveLength(7);
    for (const c of chart.categories) expect(svg.body).toContain(`>${c}</text>`);
    for (const s of chart.series) expect(svg.body).toContain(`>${s.name}</text>`);
    await expect400(
      'GET',
      `/api/ReportViewer/GetResource?key=${key}&resourceType=chart&index=3`,
      undefined,
      'index',
    );
  });

  it('PostFormReportAction takes a form-encoded body and answers the file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ReportViewer/PostFormReportAction',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key, reportAction: 'export', format: 'csv' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const direct = await inject('POST', '/api/Report/trafficReport/file?format=csv', params());
    expect(res.body).toBe(direct.body);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ReportViewer/PostFormReportAction',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key, format: 'docx' }).toString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
  });

  it('answers 400 naming the field for bad input', async () => {
    await badAction({ reportAction: 'getPage', key: 'not!base64' }, 'key');
    await badAction({ reportAction: 'getPage', key: b64('nope') + 'x' }, 'key');
    await badAction(
      {
        reportAction: 'getPage',
        key: b64({ reportName: 'trafficReport', parameters: params({ from: '2024-02-30 00:00' }) }),
      },
      'key.parameters.from',
    );
    await badAction(
      {
        reportAction: 'getPage',
        key: b64({ reportName: 'trafficReport', parameters: params({ to: '2024-03-01 00:00' }) }),
      },
      'to',
    );
    await badAction({ reportAction: 'print', key }, 'reportAction');
    await badAction({ reportAction: 'sort', key, sortModel: [] }, 'sortModel');
    await badAction(
      { reportAction: 'getPage', key, sortModel: [{ colId: 'nope', sort: 'asc' }] },
      'sortModel.0.colId',
    );
    await expect400(
      'GET',
      `/api/ReportViewer/GetResource?key=${key}&resourceType=export`,
      undefined,
      'format',
    );
    await expect400(
      'GET',
      `/api/ReportViewer/trafficReport?parameters=${b64({ nodeIds: [], ...WEEK })}`,
      undefined,
      'parameters.nodeIds',
    );
    await expect400('GET', '/api/ReportViewer/trafficReport?parameters=e30', undefined, 'parameters.nodeIds');
    const unknown = await inject('GET', '/api/ReportViewer/nopeReport');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('reportName');
  });

  it("the key carries no right: outside the scope 404, a report not among the user's or a dashboard-only user 403", async () => {
    const foreign = b64({ reportName: 'trafficReport', parameters: params({ nodeIds: [outside.id] }) });
    expect((await action({ reportAction: 'getPage', key: foreign })).statusCode).toBe(404);
    expect(
      (await inject('GET', `/api/ReportViewer/GetResource?key=${foreign}&resourceType=export&format=csv`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await inject(
          'GET',
          `/api/ReportViewer/trafficReport?parameters=${b64(params({ nodeIds: [outside.id] }))}`,
        )
      ).statusCode,
    ).toBe(404);

    // a user of another client group given this user's key
    const other = await userWithReports(['User'], (await makeGroup(t.db)).id, [...REPORT_NAMES]);
    expect((await action({ reportAction: 'getPage', key }, other.headers)).statusCode).toBe(404);
    expect((await action({ reportAction: 'export', key, format: 'pdf' }, other.headers)).statusCode).toBe(
      404,
    );
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/ReportViewer/PostFormReportAction',
      headers: { ...other.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `key=${key}&format=csv`,
    });
    expect(form.statusCode).toBe(404);

    const lacking = await userWithReports(['User'], group.id, ['executiveReport']);
    expect(
      (await inject('GET', '/api/ReportViewer/trafficReport', undefined, lacking.headers)).statusCode,
    ).toBe(403);
    expect((await action({ reportAction: 'getPage', key }, lacking.headers)).statusCode).toBe(403);
    expect(
      (await inject('GET', '/api/ReportViewer/executiveReport', undefined, lacking.headers)).statusCode,
    ).toBe(200);

    const dashboardOnly = await userWithReports(['dashboardOnly'], group.id, [...REPORT_NAMES]);
    expect(
      (await inject('GET', '/api/ReportViewer/trafficReport', undefined, dashboardOnly.headers)).statusCode,
    ).toBe(403);
    expect((await action({ reportAction: 'getPage', key }, dashboardOnly.headers)).statusCode).toBe(403);
    expect(
      (
        await inject(
          'GET',
          `/api/ReportViewer/GetResource?key=${key}&resourceType=chart`,
          undefined,
          dashboardOnly.headers,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('Views list (GET /api/Dashboard): customTitle and defaultTitle', () => {
  it("a saved report carries its custom title and the report title in the user's language; dashboards neither", async () => {
    const { user, headers: h } = await userWithReports(['User'], group.id, [...REPORT_NAMES]);
    await t.db.updateTable('app_user').set({ language: 'fr-CA' }).where('id', '=', user.id).execute();
    const json = JSON.stringify({ fullTreeViewSelection: [group.id], report: { name: 'executiveReport' } });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard',
      headers: h,
      payload: { name: 'Lundi, direction', kind: 'report', json },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ customTitle: 'Lundi, direction', defaultTitle: 'Exécutif' });
    await t.app.inject({ method: 'POST', url: '/api/Dashboard', headers: h, payload: { name: 'Tableau' } });
    const views = await ok<ViewItemDto[]>('GET', '/api/Dashboard', undefined, h);
    expect(views.find((v) => v.kind === 'report')).toMatchObject({
      name: 'Lundi, direction',
      customTitle: 'Lundi, direction',
      defaultTitle: 'Exécutif',
    });
    expect(views.find((v) => v.name === 'Tableau')).toMatchObject({ customTitle: null, defaultTitle: null });
    const one = await ok<ViewItemDto>('GET', `/api/Dashboard/${saved.json().id}`, undefined, h);
    expect(one.defaultTitle).toBe('Exécutif');

    // in English for an English user
    await t.db.updateTable('app_user').set({ language: 'en' }).where('id', '=', user.id).execute();
    const en = await ok<ViewItemDto[]>('GET', '/api/Dashboard', undefined, h);
    expect(en.find((v) => v.kind === 'report')!.defaultTitle).toBe('Executive');
  });
});
