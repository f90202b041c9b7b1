import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DashboardJson } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { demoDashboardJson, demoDashboardName } from './demo-dashboard.js';
import { WEB_TEXTS } from '../../platform/i18n/texts.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The PDF's content: its page count, its (inflated) streams, and the strings its text operators show. */
function readPdf(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (let i = raw.indexOf('stream\n'); i >= 0; i = raw.indexOf('stream\n', i + 7)) {
    if (raw.slice(i - 3, i) === 'end') continue;
    const end = raw.indexOf('endstream', i + 7);
    let data = pdf.subarray(i + 7, end);
    try {
      data = zlib.inflateSync(data);
    } catch {
      // not compressed
    }
    streams.push(data.toString('latin1'));
  }
  const content = streams.join('\n');
  // WinAnsi is Latin-1 but for a few punctuation marks the PDF uses (en dash, ellipsis)
  const hex = (h: string) =>
    Buffer.from(h, 'hex').toString('latin1').replace(/\x96/g, '–').replace(/\x85/g, '…');
  const texts = [
    ...[...content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)].map((m) =>
      [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => hex(h[1]!)).join(''),
    ),
    ...[...content.matchAll(/<([0-9a-fA-F]*)>\s*Tj/g)].map((m) => hex(m[1]!)),
  ].map((s) => s.replace(/\u00a0/g, ' '));
  const pages = Number(/\/Type \/Pages[^>]*\/Count (\d+)/.exec(raw)?.[1] ?? /\/Count (\d+)/.exec(raw)?.[1]);
  // chart text (ECharts SVG through svg-to-pdfkit) is placed glyph by glyph: `glyphs` runs them together
  return { raw, content, text: texts.join('\n'), glyphs: texts.join(''), pages };
}

/** The PDF attached to the mails in the outbox that went to `to`. */
function attachedPdf(t: TestApp, to: string): Buffer {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  const raw = fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .find((m) => m.includes(to))!;
  const part = raw.split(/\r?\n--/).find((p) => p.includes('application/pdf'))!;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

/**
 * Two stores counting TrafficIn and TrafficOut every minute from 09:00 to 17:00 (UTC) for 14 days
 * before 2024-12-02: 1 a minute the first week, 2 a minute the second (so N-1 is +100 %).
 */
async function demoStores(t: TestApp) {
  t.clock.set('2024-12-02T15:00:00Z');
  const group = await makeGroup(t.db);
  const stores = [];
  for (const name of ['Montréal Centre', 'Québec Laurier']) {
    const store = await makeLocation(t.db, { parentId: group.id, name, attributes: { timezone: 'UTC' } });
    const door = await makeDevice(t.db, { parentId: store.id });
    for (const kpi of ['TrafficIn', 'TrafficOut']) {
      const key = (await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: kpi }))
        .key;
      const times: number[] = [];
      const values: number[] = [];
      for (let day = Date.parse('2024-11-18T00:00:00Z'); day < Date.parse('2024-12-02T00:00:00Z'); day += DAY)
        for (let ms = day + 9 * HOUR; ms < day + 17 * HOUR; ms += MIN) {
          times.push(ms);
          values.push(ms < Date.parse('2024-11-25T00:00:00Z') ? 1 : 2);
        }
      await t.app.services.ingest.store({ keys: times.map(() => key), times, values });
    }
    stores.push(store);
  }
  const user = await makeUser(t.db, { scopeNodeId: group.id });
  return { group, stores, user, headers: await authHeader(t.ctx, user) };
}

async function createDashboard(t: TestApp, headers: Record<string, string>, name: string, json: unknown) {
  const d = await t.app.inject({
    method: 'POST',
    url: '/api/Dashboard',
    headers,
    payload: { useDefaultTemplate: false, name, json: JSON.stringify(json) },
  });
  expect(d.statusCode, d.body).toBe(201);
  return d.json().id as string;
}

async function sendSnapshot(
  t: TestApp,
  headers: Record<string, string>,
  id: string,
  email: string,
  language: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/Dashboard/${id}/snapshot`,
    headers,
    payload: { recipients: [{ email }], language, timeZone: 'UTC' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return readPdf(attachedPdf(t, email));
}

describe('snapshot PDF', () => {
  it('draws the demo dashboard: an A4 landscape PDF with the translated title, period, cards and charts', async () => {
    const t = await createTestApp();
    const { stores, headers } = await demoStores(t);
    const json = demoDashboardJson(
      stores.map((s) => s.id),
      'fr',
    );
    const id = await createDashboard(t, headers, demoDashboardName('fr'), json);
    const pdf = await sendSnapshot(t, headers, id, 'fr@example.com', 'fr');

    expect(pdf.raw.startsWith('%PDF-')).toBe(true);
    expect(pdf.raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.raw).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    // ten widgets do not fit on one page
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    expect(pdf.raw.match(/\/Type \/Page\b/g)).toHaveLength(pdf.pages);
    expect(pdf.text).toContain('Performance des magasins');
    expect(pdf.text).toContain('Période: 2024-11-25 00:00 - 2024-12-02 00:00');
    expect(pdf.text).toContain('Emplacements sélectionnés: 2');
    // every widget's title, in the dashboard's order of reading (top to bottom, left to right)
    const titles = DashboardJson.parse(json).widgets.map((w) => w.title!);
    const at = titles.map((title) => pdf.text.indexOf(title));
    at.forEach((i, n) => expect(i, titles[n]).toBeGreaterThanOrEqual(0));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // KPI cards with their comparisons (the week before counted half as much)
    expect(pdf.text).toContain('Démo Footfall : fréquentation, conversion et ventes');
    // the card titled "Entrées" does not repeat its KPI's name (as on the web)
    expect(pdf.text).not.toContain('ENTRÉES');
    expect(pdf.text).toContain('N-1 +100,00 %');
    expect(pdf.text).toContain('A-1 –');
    // charts: legends and axes from the web's chart options, heat map weekdays, ranking and table rows
    expect(pdf.glyphs).toContain('Sorties');
    expect(pdf.glyphs).toContain('lun.');
    expect(pdf.text).toContain('1. Montréal Centre');
    expect(pdf.text).toContain('Taux de conversion');
    // vector drawing: paths (move, line, curve), fills and strokes
    expect(pdf.content.match(/ m\n/g)!.length).toBeGreaterThan(100);
    expect(pdf.content.match(/ l\n/g)!.length).toBeGreaterThan(100);
    expect(pdf.content).toMatch(/\nS\n/);
    expect(pdf.content).toMatch(/\nf\n/);
  }, 60_000);

  it('draws a line chart widget as vector paths in the series colours', async () => {
    const t = await createTestApp();
    const { stores, headers } = await demoStores(t);
    const chart = {
      layout: { i: 'c', x: 0, y: 0, w: 500, h: 30 },
      type: { name: 'lineChart', vueComponent: 'LineChartWidget' },
      title: 'By hour',
      kpis: ['TrafficIn', 'TrafficOut'],
    };
    const json = {
      widgets: [
        chart,
        {
          layout: { i: 'i', x: 0, y: 30, w: 200, h: 20 },
          type: { name: 'image', vueComponent: 'ImageWidget' },
          extras: { pagination: 10, imageUrl: 'https://example.com/logo.png' },
        },
      ],
      selectedTimePeriod: { value: 'custom', dateFrom: '2024-11-28 00:00', dateTo: '2024-11-29 00:00' },
      fullTreeViewSelection: stores.map((s) => s.id),
    };
    const pdf = await sendSnapshot(
      t,
      headers,
      await createDashboard(t, headers, 'Chart', json),
      'c@example.com',
      'en',
    );
    // one day by hour: the TrafficIn line is a path of curve segments stroked in the first colour (#2563eb)
    const blue = /0\.1450980392\d* 0\.3882352941\d* 0\.9215686274\d* SCN/;
    expect(pdf.content).toMatch(blue);
    const afterBlue = pdf.content.slice(pdf.content.search(blue));
    const path = afterBlue.slice(0, afterBlue.indexOf('\nS\n'));
    expect(path.match(/ c\n/g)!.length).toBeGreaterThanOrEqual(10);
    expect(pdf.glyphs).toContain('Traffic in');
    expect(pdf.glyphs).toContain('Traffic out');
    expect(pdf.glyphs).toContain('12:00');
    // an image widget is a labelled box
    expect(pdf.text).toContain('Image');
  }, 60_000);

  it('prints on the KPI card the summary the aggregated query gives', async () => {
    const t = await createTestApp();
    const { stores, headers } = await demoStores(t);
    const nodeIds = stores.map((s) => s.id);
    const json = demoDashboardJson(nodeIds, 'en');
    const pdf = await sendSnapshot(
      t,
      headers,
      await createDashboard(t, headers, 'Cards', json),
      'k@example.com',
      'en',
    );
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: {
        nodeIds,
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        from: '2024-11-25 00:00',
        to: '2024-12-02 00:00',
        businessHoursOnly: true,
      },
    });
    expect(api.statusCode, api.body).toBe(200);
    const summary = api.json()[0].summary as number;
    // 2 stores x 7 days x 480 minutes x 2
    expect(summary).toBe(13_440);
    // the card titled "Traffic in" shows its figure under the title, without repeating "TRAFFIC IN"
    expect(pdf.text).not.toContain('TRAFFIC IN');
    const card = pdf.text.slice(pdf.text.indexOf('Traffic in\n'));
    // (the card may also carry the completeness note of monitoring: these test stores have no device health)
    const figure = card
      .split('\n')
      .slice(1)
      .find((line) => !line.startsWith('Data incomplete'));
    expect(figure).toBe(new Intl.NumberFormat('fr-CA').format(summary).replace(/\s/g, ' '));
  }, 60_000);

  it('writes the web app’s labels in Spanish, with no English left', async () => {
    const t = await createTestApp();
    const { stores, headers } = await demoStores(t);
    // the widget titles are the user's (English here); every other word comes from the labels
    const json = demoDashboardJson(
      stores.map((s) => s.id),
      'en',
    );
    const pdf = await sendSnapshot(
      t,
      headers,
      await createDashboard(t, headers, 'Tiendas', json),
      'es@example.com',
      'es',
    );
    expect(pdf.text).toContain('Periodo: 2024-11-25 00:00 - 2024-12-02 00:00');
    expect(pdf.text).toContain('Ubicaciones seleccionadas: 2');
    expect(pdf.text).toContain('TASA DE CONVERSIÓN');
    expect(pdf.glyphs).toContain('Salidas');
    expect(pdf.text).toContain('A-1');
    expect(pdf.glyphs).toContain('lun');
    for (const english of ['CONVERSION RATE', 'Traffic out', 'Period:', 'Tue', 'Y-1'])
      expect(pdf.glyphs).not.toContain(english);
  }, 60_000);

  it('has the same labels as the web app', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const web = JSON.parse(
        fs.readFileSync(
          path.resolve(import.meta.dirname, `../../../../web/src/i18n/${language}.json`),
          'utf8',
        ),
      ) as Record<string, string>;
      for (const [key, value] of Object.entries(WEB_TEXTS[language])) expect(web[key], key).toBe(value);
      const kpiKeys = Object.keys(web).filter((k) => k.startsWith('kpi_'));
      expect(kpiKeys.filter((k) => !(k in WEB_TEXTS[language]))).toEqual([]);
    }
  });
});

describe('POST /api/Dashboard/:id/snapshot with data', () => {
  it('mails the KPI totals the query API gives for the dashboard period and selection, in text and PDF', async () => {
    const t = await createTestApp();
    t.clock.set('2024-12-02T15:00:00Z');
    const group = await makeGroup(t.db);
    const store = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/London' } });
    const door = await makeDevice(t.db, { parentId: store.id });
    const key = (
      await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })
    ).key;
    const times: number[] = [];
    for (let ms = Date.parse('2024-12-02T09:00:00Z'); ms < Date.parse('2024-12-02T10:00:00Z'); ms += MIN)
      times.push(ms);
    await t.app.services.ingest.store({ keys: times.map(() => key), times, values: times.map(() => 2) });

    const user = await makeUser(t.db, { scopeNodeId: group.id });
    const headers = await authHeader(t.ctx, user);
    const json = {
      widgets: [
        {
          layout: { i: 'a', x: 0, y: 0, w: 100, h: 10 },
          type: { name: 'kpiCard', vueComponent: 'K' },
          kpis: ['TrafficIn'],
        },
      ],
      selectedTimePeriod: { value: 'custom', dateFrom: '2024-12-02 00:00', dateTo: '2024-12-03 00:00' },
      fullTreeViewSelection: [store.id],
      isBusinessHoursOnlyMode: false,
    };
    const id = await createDashboard(t, headers, 'Daily', json);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/TimeSeries/AggregatedTimeSeries',
      headers,
      payload: {
        nodeIds: [store.id],
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }],
        from: '2024-12-02 00:00',
        to: '2024-12-03 00:00',
      },
    });
    expect(api.json()[0].summary).toBe(120);

    const pdf = await sendSnapshot(t, headers, id, 'boss@example.com', 'en');
    const [mail] = await t.ctx.mailer.outbox();
    expect(mail!.subject).toBe('Dashboard snapshot: Daily (2024-12-02 00:00 - 2024-12-03 00:00)');
    expect(mail!.text).toContain('Traffic in: 120');
    expect(pdf.raw.startsWith('%PDF')).toBe(true);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Daily');
    expect(pdf.text).toContain('TRAFFIC IN\n120\n');
  });
});
