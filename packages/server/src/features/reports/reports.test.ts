import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import {
  REPORT_DEFINITIONS,
  REPORT_NAMES,
  formatReportCell,
  type AggregatedSeries,
  type GetRowsResponse,
  type ReportDocument,
  type ReportName,
  type ReportParametersInput,
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

/**
 * The reports against the engine and against an independent computation. Three stores (two in
 * Toronto, one in Paris) count minutes over Toronto's spring-forward week (Sunday 2024-03-10 has 23
 * hours), the week before (N-1) and 52 weeks earlier (Y-1); every tenth minute is stored, and the
 * traffic report's daily figures are checked against those minutes summed here with Intl's time
 * zones, with and without business hours (store B's hours 01:00-04:00 straddle the missing hour).
 * Every one of the ten reports is checked column by column against POST
 * /api/TimeSeries/AggregatedTimeSeries for the same parameters, and the XLSX, CSV and PDF files
 * against the figures on screen.
 */
let t: TestApp;
let headers: Record<string, string>;
let group: { id: string };
let outside: { id: string };
let adminUser: MadeUser;
type Key = 'A' | 'B' | 'C';
type Hours = Record<string, [string, string][]>;
const stores = {} as Record<Key, { id: string; device: string; zone: string; hours: Hours; name: string }>;
const MIN = 60_000;
const STEP = 10 * MIN;
const stored = new Map<string, Map<number, number>>();

const HOURS: Record<Key, Hours> = {
  A: { '0': [['10:00', '18:00']], '1': [['09:00', '21:00']], '6': [['09:00', '21:00']] },
  B: { '0': [['01:00', '04:00']], '3': [['12:00', '13:00']] },
  C: {
    '0': [
      ['09:00', '12:00'],
      ['14:00', '17:00'],
    ],
    '2': [['09:00', '12:00']],
  },
};
const ZONES: Record<Key, string> = { A: 'America/Toronto', B: 'America/Toronto', C: 'Europe/Paris' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function localParts(zone: string, ms: number) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!),
  };
}

/** Each store's stored TrafficIn points read in its own zone, once. */
const localPoints = new Map<string, { day: string; time: string; weekday: number; value: number }[]>();

/** The independent figure: stored TrafficIn minutes of a store on a local day (within its hours). */
function expectedDay(key: Key, day: string, businessHoursOnly: boolean): number {
  const s = stores[key];
  let points = localPoints.get(s.id);
  if (!points) {
    points = [...stored.get(s.id)!].map(([ms, value]) => ({ ...localParts(s.zone, ms), value }));
    localPoints.set(s.id, points);
  }
  let sum = 0;
  for (const l of points) {
    if (l.day !== day) continue;
    if (businessHoursOnly && !(s.hours[String(l.weekday)] ?? []).some(([a, b]) => l.time >= a && l.time < b))
      continue;
    sum += l.value;
  }
  return sum;
}

async function fill(
  key: Key,
  protocol: string,
  fromIso: string,
  toIso: string,
  step: number,
  value: (i: number) => number,
) {
  const s = stores[key];
  const series = await t.app.services.series.ensureSeries({
    nodeId: s.device,
    measurementProtocol: protocol,
  });
  const times: number[] = [];
  const values: number[] = [];
  for (let ms = Date.parse(fromIso), i = 0; ms < Date.parse(toIso); ms += step, i++) {
    times.push(ms);
    values.push(value(i));
  }
  for (let i = 0; i < times.length; i += 10_000)
    await t.app.services.ingest.store({
      keys: times.slice(i, i + 10_000).map(() => series.key),
      times: times.slice(i, i + 10_000),
      values: values.slice(i, i + 10_000),
    });
  if (protocol === 'TrafficIn') {
    const minutes = stored.get(s.id) ?? new Map<number, number>();
    times.forEach((ms, i) => minutes.set(ms, values[i]!));
    stored.set(s.id, minutes);
  }
}

const WEEK = { from: '2024-03-10 00:00', to: '2024-03-17 00:00' };
const DAYS = [
  '2024-03-10',
  '2024-03-11',
  '2024-03-12',
  '2024-03-13',
  '2024-03-14',
  '2024-03-15',
  '2024-03-16',
];

async function post<T>(url: string, payload: unknown, h = headers): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const run = (name: ReportName, p: ReportParametersInput, pageSize = 1000) =>
  post<ReportDocument>(`/api/Report/${name}?pageSize=${pageSize}`, p);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2024-12-01T12:00:00Z');
  group = await makeGroup(t.db, { name: 'Reports group' });
  for (const key of ['A', 'B', 'C'] as const) {
    const loc = await makeLocation(t.db, {
      parentId: group.id,
      name: `Store ${key}`,
      attributes: { timezone: ZONES[key], businessHours: HOURS[key], capacity: 50 },
    });
    const device = await makeDevice(t.db, { parentId: loc.id });
    stores[key] = {
      id: loc.id,
      device: device.id,
      zone: ZONES[key],
      hours: HOURS[key],
      name: `Store ${key}`,
    };
  }
  const k = { A: 3, B: 5, C: 2 };
  for (const key of ['A', 'B', 'C'] as const) {
    // the spring-forward week and the week before (local Sunday 03-03 to Sunday 03-17 in every zone),
    // and 52 weeks earlier
    await fill(
      key,
      'TrafficIn',
      '2024-03-02T22:00:00Z',
      '2024-03-17T05:00:00Z',
      STEP,
      (i) => 1 + ((i * k[key]) % 7),
    );
    await fill(
      key,
      'TrafficIn',
      '2023-03-11T22:00:00Z',
      '2023-03-19T05:00:00Z',
      STEP,
      (i) => 2 + ((i * k[key]) % 5),
    );
    await fill(
      key,
      'TrafficOut',
      '2024-03-09T22:00:00Z',
      '2024-03-17T05:00:00Z',
      STEP,
      (i) => 1 + ((i * 2) % 5),
    );
    const hourly = (protocol: string, value: (i: number) => number) =>
      fill(key, protocol, '2024-03-09T22:00:00Z', '2024-03-17T05:00:00Z', 60 * MIN, value);
    await hourly('Occupancy', (i) => (i * k[key]) % 60);
    await hourly('Sales', (i) => 100 + ((i * 37) % 250));
    await hourly('Transactions', (i) => 1 + ((i * k[key]) % 4));
    await hourly('ItemsSold', (i) => 2 + ((i * 3) % 6));
    await hourly('StaffHours', () => 2);
    await hourly('DwellTime', (i) => 30 + ((i * 97) % 2000));
    await hourly('QueueLength', (i) => (i * k[key]) % 9);
    await hourly('QueuingTime', (i) => 20 + ((i * 13) % 300));
    await hourly('QueueIn', (i) => 3 + (i % 5));
    await hourly('QueueAbandonmentCount', (i) => i % 2);
  }
  const other = await makeGroup(t.db);
  outside = await makeLocation(t.db, { parentId: other.id, name: 'Elsewhere' });
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  adminUser = admin;
  await t.db
    .updateTable('app_user')
    .set({ reports: [...REPORT_NAMES] })
    .where('id', '=', admin.id)
    .execute();
  headers = await authHeader(t.ctx, admin);
}, 120_000);

describe('traffic report against minutes summed apart', () => {
  for (const businessHoursOnly of [false, true]) {
    it(`daily figures over the spring-forward week${businessHoursOnly ? ', business hours only' : ''}`, async () => {
      const doc = await run('trafficReport', {
        nodeIds: [group.id],
        ...WEEK,
        aggregation: 'P1D',
        businessHoursOnly,
      });
      const rows = doc.sections[0]!.rows;
      expect(rows).toHaveLength(3 * 7);
      let total = 0;
      for (const key of ['A', 'B', 'C'] as const)
        for (const day of DAYS) {
          const row = rows.find((r) => r.location === stores[key].name && r.bucket === `${day} 00:00`);
          const want = expectedDay(key, day, businessHoursOnly);
          expect(row?.trafficIn, `${key} ${day}`).toBe(want);
          total += want;
        }
      expect(doc.sections[0]!.totals!.trafficIn).toBe(total);
      // Sunday in Toronto has 23 hours: a day without business hours of store A holds 23 x 6 points
      if (!businessHoursOnly) expect(stored.get(stores.A.id)!.size).toBeGreaterThan(0);
    });
  }

  it('N-1 and Y-1 are the days a week and 52 weeks before, with their variance', async () => {
    const doc = await run('trafficReport', { nodeIds: [stores.A.id], ...WEEK, aggregation: 'P1D' });
    const sunday = doc.sections[0]!.rows.find((r) => r.bucket === '2024-03-10 00:00')!;
    const n1 = expectedDay('A', '2024-03-03', false);
    const y1 = expectedDay('A', '2023-03-12', false);
    expect(sunday.trafficIn_n1).toBe(n1);
    expect(sunday.trafficIn_y1).toBe(y1);
    const cur = sunday.trafficIn as number;
    expect(sunday.trafficIn_n1Var).toBe(Math.round(((cur - n1) / n1) * 10_000) / 100);
  });
});

/** The engine's answer for a report's measures, asked here from the report definition. */
async function engine(name: ReportName, nodeIds: string[], extra: Record<string, unknown> = {}) {
  const def = REPORT_DEFINITIONS[name];
  const byKpi = new Map<string, string[]>();
  for (const m of def.measures) byKpi.set(m.kpi, [...(byKpi.get(m.kpi) ?? []), m.fn]);
  return post<AggregatedSeries[]>('/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds,
    aggregateFunctionsByKpi: [...byKpi].map(([kpi, aggregateFunctions]) => ({ kpi, aggregateFunctions })),
    ...WEEK,
    aggregation: 'P1D',
    breakdownByNode: true,
    modes: ['current_period', 'compared_last_period', 'compared_last_year'],
    ...extra,
  });
}

describe('every report equals the aggregated query for the same parameters', () => {
  const ids = () => [stores.A.id, stores.B.id, stores.C.id];
  const single = REPORT_NAMES.filter((n) => !REPORT_DEFINITIONS[n].comparative);

  it.each(single)('%s', async (name) => {
    const def = REPORT_DEFINITIONS[name];
    const doc = await run(name, {
      nodeIds: [group.id],
      ...WEEK,
      aggregation: 'P1D',
      businessHoursOnly: true,
    });
    const answer = await engine(name, ids(), { businessHoursOnly: true });
    const main = doc.sections[0]!;
    let checked = 0;
    for (const m of def.measures) {
      const cur = answer.find(
        (e) => e.kpi === m.kpi && e.aggregateFunction === m.fn && e.mode === 'current_period',
      )!;
      for (const key of ['A', 'B', 'C'] as const) {
        const node = cur.nodes!.find((n) => n.nodeId === stores[key].id)!;
        if (def.layout === 'node') {
          const row = main.rows.find((r) => r.location === stores[key].name)!;
          expect(row[m.id], `${m.id} ${key}`).toBe(node.summary);
          checked++;
        } else if (def.layout === 'horizontal') {
          const row = main.rows.find((r) => r.location === stores[key].name)!;
          node.data.forEach((p, i) => expect(row[`b${i}`]).toBe(p.value));
          expect(row.total).toBe(node.summary);
          checked += node.data.length;
        } else {
          for (const p of node.data) {
            const row = main.rows.find((r) => r.location === stores[key].name && r.bucket === p.key)!;
            expect(row[m.id], `${m.id} ${key} ${p.key}`).toBe(p.value);
            checked++;
          }
        }
      }
      if (main.totals && def.layout !== 'horizontal') expect(main.totals[m.id]).toBe(cur.summary);
    }
    expect(checked).toBeGreaterThan(0);
    if (def.extras.includes('occupancyPeak')) {
      const peaks = doc.sections.find((s) => s.id === 'peaks')!;
      const occ = answer.find((e) => e.kpi === 'Occupancy' && e.mode === 'current_period')!;
      for (const key of ['A', 'B', 'C'] as const) {
        const node = occ.nodes!.find((n) => n.nodeId === stores[key].id)!;
        const row = peaks.rows.find((r) => r.location === stores[key].name)!;
        expect(row.occupancyMax).toBe(node.summary);
        const best = node.data.reduce((a, b) => ((b.value ?? -1) > (a.value ?? -1) ? b : a));
        expect(row.peakTime).toBe(best.key);
        if (def.extras.includes('capacityUse'))
          expect(row.capacityUse).toBe(Math.round(((node.summary ?? 0) / 50) * 10_000) / 100);
      }
    }
  });

  it('traffic comparative: two periods side by side, bucket by bucket', async () => {
    const doc = await run('trafficComparativeReport', {
      nodeIds: [group.id],
      ...WEEK,
      from2: '2024-03-03 00:00',
      to2: '2024-03-10 00:00',
      aggregation: 'P1D',
    });
    const a = await post<AggregatedSeries[]>('/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [group.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }],
      ...WEEK,
      aggregation: 'P1D',
    });
    const b = await post<AggregatedSeries[]>('/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [group.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }],
      from: '2024-03-03 00:00',
      to: '2024-03-10 00:00',
      aggregation: 'P1D',
    });
    const rows = doc.sections[0]!.rows;
    expect(rows.map((r) => r.a)).toEqual(a[0]!.data.map((p) => p.value));
    expect(rows.map((r) => r.b)).toEqual(b[0]!.data.map((p) => p.value));
    expect(rows[0]!.variance).toBe((b[0]!.data[0]!.value ?? 0) - (a[0]!.data[0]!.value ?? 0));
    expect(doc.sections[0]!.totals!.a).toBe(a[0]!.summary);
  });

  it('executive comparative: two selections, one row per indicator', async () => {
    const doc = await run('executiveComparativeReport', {
      nodeIds: [stores.A.id],
      nodeIds2: [stores.C.id],
      ...WEEK,
    });
    const ask = (id: string) =>
      post<AggregatedSeries[]>('/api/TimeSeries/AggregatedTimeSeries', {
        nodeIds: [id],
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }, { kpi: 'ConversionRate' }],
        ...WEEK,
        aggregation: 'P1D',
      });
    const [a, b] = [await ask(stores.A.id), await ask(stores.C.id)];
    const rows = doc.sections[0]!.rows;
    const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    expect(rows[0]!.a).toBe(r2(a.find((e) => e.kpi === 'TrafficIn')!.summary));
    expect(rows[0]!.b).toBe(r2(b.find((e) => e.kpi === 'TrafficIn')!.summary));
    expect(rows[1]!.a).toBe(r2(a.find((e) => e.kpi === 'ConversionRate')!.summary));
  });
});

describe('paging, sorting, refusals', () => {
  it('get-rows pages and sorts on the server; totals stay the whole selection', async () => {
    const p: ReportParametersInput = { nodeIds: [group.id], ...WEEK, aggregation: 'P1D' };
    const all = (await run('trafficReport', p)).sections[0]!;
    const page = await post<GetRowsResponse>('/api/AgGrid/get-rows', {
      reportName: 'trafficReport',
      parameters: p,
      startRow: 5,
      endRow: 10,
      sortModel: [{ colId: 'trafficIn', sort: 'desc' }],
    });
    const sorted = [...all.rows].map((r) => r.trafficIn as number).sort((x, y) => y - x);
    expect(page.lastRow).toBe(21);
    expect(page.rows.map((r) => r.trafficIn)).toEqual(sorted.slice(5, 10));
    expect(page.totals).toEqual(all.totals);
  });

  it('the first page, computed alone, is the first rows of the whole report with its count and totals', async () => {
    // a language no other test asks: nothing of the whole report is kept yet, so run computes the page alone
    const p: ReportParametersInput = { nodeIds: [group.id], ...WEEK, aggregation: 'P1D', language: 'es' };
    // 3 rows: within the first store's 7 days; 10 rows: across two stores
    for (const size of [3, 10]) {
      const shown = (
        await run('trafficReport', { ...p, includeDays: size === 3 ? [] : [0, 1, 2, 3, 4, 5, 6] }, size)
      ).sections[0]!;
      const whole = await post<GetRowsResponse>('/api/AgGrid/get-rows', {
        reportName: 'trafficReport',
        parameters: { ...p, includeDays: size === 3 ? [] : [0, 1, 2, 3, 4, 5, 6] },
        startRow: 0,
        endRow: size,
        sortModel: [],
      });
      expect(shown.rows).toHaveLength(size);
      expect(shown.rows).toEqual(whole.rows);
      expect(shown.rowCount).toBe(whole.lastRow);
      expect(shown.rowCount).toBe(21);
      expect(shown.totals).toEqual(whole.totals);
    }
  });

  it('answers 400 naming the field, 404 outside the scope, 403 for a report the user lacks', async () => {
    const bad = async (payload: unknown, field: string, url = '/api/Report/trafficReport') => {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad({ nodeIds: [group.id], from: '2024-03-10 00:00', to: '2024-03-09 00:00' }, 'to');
    await bad({ nodeIds: [group.id], from: '2024-02-30 00:00', to: '2024-03-09 00:00' }, 'from');
    await bad({ nodeIds: [], ...WEEK }, 'nodeIds');
    await bad({ nodeIds: [group.id], ...WEEK, aggregation: 'PT1M' }, 'aggregation');
    await bad({ nodeIds: [group.id], ...WEEK }, 'nodeIds2', '/api/Report/trafficComparativeReport');
    await bad(
      { nodeIds: [group.id], ...WEEK, from2: '2024-03-03 00:00' },
      'to2',
      '/api/Report/trafficComparativeReport',
    );
    await bad(
      {
        reportName: 'trafficReport',
        parameters: { nodeIds: [group.id], ...WEEK },
        sortModel: [{ colId: 'nope', sort: 'asc' }],
      },
      'sortModel.0.colId',
      '/api/AgGrid/get-rows',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Report/trafficReport',
      payload: { nodeIds: [outside.id], ...WEEK },
      headers,
    });
    expect(res.statusCode).toBe(404);
    const user = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
    await t.db
      .updateTable('app_user')
      .set({ reports: ['executiveReport'] })
      .where('id', '=', user.id)
      .execute();
    const h = await authHeader(t.ctx, user);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Report/trafficReport',
      payload: { nodeIds: [group.id], ...WEEK },
      headers: h,
    });
    expect(refused.statusCode).toBe(403);
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/Report?language=es', headers: h });
    expect(catalogue.json()).toEqual([
      expect.objectContaining({ name: 'executiveReport', title: 'Ejecutivo' }),
    ]);
    const dashboardOnly = await makeUser(t.db, { roles: ['dashboardOnly'], scopeNodeId: group.id });
    await t.db
      .updateTable('app_user')
      .set({ reports: [...REPORT_NAMES] })
      .where('id', '=', dashboardOnly.id)
      .execute();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/Report/trafficReport',
      payload: { nodeIds: [group.id], ...WEEK },
      headers: await authHeader(t.ctx, dashboardOnly),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('files carry the figures of the screen', () => {
  const params = (): ReportParametersInput => ({
    nodeIds: [group.id],
    ...WEEK,
    aggregation: 'P1D',
    language: 'fr',
  });
  const file = async (name: ReportName, format: string, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Report/${name}/file?format=${format}`,
      payload: { ...params(), ...extra },
      headers,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };

  it('XLSX: one sheet per section, typed numbers, the totals last', async () => {
    const doc = await run('trafficAndOccupancyReport', params());
    const res = await file('trafficAndOccupancyReport', 'xlsx');
    expect(res.headers['content-disposition']).toContain(
      'traffic-and-occupancy-report_2024-03-10_2024-03-17.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(doc.sections.map((s) => s.title.slice(0, 31)));
    const sheet = book.worksheets[0]!;
    const section = doc.sections[0]!;
    expect(sheet.getRow(5).values).toEqual([undefined, ...section.columns.map((c) => c.label)]);
    const col = section.columns.findIndex((c) => c.key === 'trafficIn') + 1;
    section.rows.forEach((row, i) => expect(sheet.getRow(6 + i).getCell(col).value).toBe(row.trafficIn));
    expect(sheet.getRow(6 + section.rows.length).getCell(col).value).toBe(section.totals!.trafficIn);
    expect(sheet.getRow(6).getCell(2).value).toEqual(new Date(Date.UTC(2024, 2, 10)));
    // each column's number format on every row (the cells share their column's style)
    for (const r of [6, 5 + section.rows.length]) {
      expect(sheet.getRow(r).getCell(col).numFmt).toBe('#,##0');
      expect(sheet.getRow(r).getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
    }
  });

  it('CSV: UTF-8 with BOM, and with a decimal comma the fields go by semicolons', async () => {
    const doc = await run('executiveReport', params());
    const plain = (await file('executiveReport', 'csv')).body;
    expect(plain.charCodeAt(0)).toBe(0xfeff);
    const lines = plain.slice(1).trim().split('\r\n');
    const section = doc.sections[0]!;
    expect(lines[0]).toBe(section.columns.map((c) => c.label).join(','));
    const salesAt = section.columns.findIndex((c) => c.key === 'sales');
    section.rows.forEach((row, i) => expect(Number(lines[1 + i]!.split(',')[salesAt])).toBe(row.sales));
    const comma = (await file('executiveReport', 'csv', { decimalSeparator: ',' })).body
      .slice(1)
      .trim()
      .split('\r\n');
    const convAt = section.columns.findIndex((c) => c.key === 'conversionRate');
    section.rows.forEach((row, i) =>
      expect(Number(comma[1 + i]!.split(';')[convAt]!.replace(',', '.'))).toBeCloseTo(
        row.conversionRate as number,
        10,
      ),
    );
  });

  it('PDF: header, each figure as on screen, page numbers', async () => {
    const doc = await run('trafficReport', params());
    const res = await file('trafficReport', 'pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('Achalandage');
    expect(text).toContain('Période : 2024-03-10 00:00 – 2024-03-17 00:00 (par jour)');
    expect(text).toContain(`Page 1 de ${total}`);
    const section = doc.sections[0]!;
    const col = section.columns.find((c) => c.key === 'trafficIn')!;
    const flat = text.replace(/[\s\u00a0\u202f]+/g, ' ');
    for (const row of section.rows) {
      const line = `${row.location} ${row.bucket} ${formatReportCell(col, row.trafficIn)}`.replace(
        /[\u00a0\u202f]/g,
        ' ',
      );
      expect(flat).toContain(line);
    }
    expect(flat).toContain(
      `Total – ${formatReportCell(col, section.totals!.trafficIn)}`.replace(/[\u00a0\u202f]/g, ' '),
    );
  });

  it("a cold file (its rows streamed part by part, nothing kept) has the figures of the kept report's file", async () => {
    // parameters of their own: no report is kept for them yet
    const p = { ...params(), language: 'es', businessHoursOnly: true } as const;
    const fileOf = async (format: 'xlsx' | 'pdf') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/Report/trafficReport/file?format=${format}`,
        payload: p,
        headers,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.rawPayload;
    };
    const cells = async (xlsx: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx as unknown as ArrayBuffer);
      const values: unknown[] = [];
      book.worksheets[0]!.eachRow((r) => values.push(r.values));
      return values;
    };
    const pdfText = async (pdf: Buffer) => {
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const { text } = await parser.getText();
      await parser.destroy();
      return text;
    };
    const cold = { xlsx: await cells(await fileOf('xlsx')), pdf: await pdfText(await fileOf('pdf')) };
    // the screen's row model keeps the report; the files are then written from its rows
    const kept = await post<GetRowsResponse>('/api/AgGrid/get-rows', {
      reportName: 'trafficReport',
      parameters: p,
      startRow: 0,
      endRow: 1000,
      sortModel: [],
    });
    expect(kept.rows.length).toBe(3 * 7);
    expect(await cells(await fileOf('xlsx'))).toEqual(cold.xlsx);
    expect(await pdfText(await fileOf('pdf'))).toBe(cold.pdf);
    // title, period, parameters, header, a row per store and day, totals
    expect(cold.xlsx).toHaveLength(4 + 3 * 7 + 1);
    expect(cold.pdf).toContain(String(kept.rows[20]!.location));
  });

  it('a wide horizontal report splits its columns over parts and repeats the header on each page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Report/trafficHorizontalReport/file?format=pdf',
      payload: { nodeIds: [group.id], from: '2024-03-03 00:00', to: '2024-03-17 00:00', aggregation: 'PT1H' },
      headers,
    });
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    // 14 days of hours: 336 bucket columns and the total, 11 a part beside the location column
    const parts = Math.ceil(337 / 11);
    expect(text).toContain(`Details (${parts})`);
    // each part starts with its header row, and a part cut by a page repeats it
    expect(text.split('Location').length - 1).toBeGreaterThanOrEqual(parts);
    expect(text).toContain('2024-03-16 23:00');
    expect(text).toContain(`Page ${total} of ${total}`);
  });

  it('renderFile, as scheduled runs call it: the file, its name and type; 400 naming a bad parameter', async () => {
    const principal = asPrincipal(adminUser);
    const file = await t.app.services.reports.renderFile(principal, {
      reportName: 'trafficReport',
      parameters: { nodeIds: [group.id], ...WEEK, aggregation: 'P1D' },
      format: 'csv',
      language: 'es',
    });
    expect(file.fileName).toBe('traffic-report_2024-03-10_2024-03-17.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const doc = await run('trafficReport', {
      nodeIds: [group.id],
      ...WEEK,
      aggregation: 'P1D',
      language: 'es',
    });
    const header = file.body.toString('utf8').slice(1).split('\r\n')[0]!;
    expect(header).toBe(doc.sections[0]!.columns.map((c) => c.label).join(','));
    expect(header).toContain('Entradas');
    await expect(
      t.app.services.reports.renderFile(principal, {
        reportName: 'trafficReport',
        parameters: { nodeIds: [group.id], from: '2024-03-10 00:00', to: 'tomorrow' },
        format: 'pdf',
      }),
    ).rejects.toMatchObject({ statusCode: 400, field: 'parameters.to' });
    await expect(
      t.app.services.reports.renderFile(principal, {
        reportName: 'trafficReport',
        parameters: { nodeIds: [outside.id], ...WEEK },
        format: 'xlsx',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
