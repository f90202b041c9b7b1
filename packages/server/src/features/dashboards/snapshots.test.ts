import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeGroup, makeLocation, makeUser } from '../../test/factories.js';
import { renderPdf } from './snapshot-pdf.js';

const MIN = 60_000;

describe('snapshot PDF', () => {
  it('is a well-formed PDF whose xref points at each object', () => {
    const pdf = renderPdf([{ text: 'Café (Montréal)', bold: true, size: 18 }, { text: 'TrafficIn: 12' }]);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain('(Caf\xe9 \\(Montr\xe9al\\)) Tj');
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
    const json = JSON.stringify({
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
    });
    const d = await t.app.inject({
      method: 'POST',
      url: '/api/Dashboard',
      headers,
      payload: { useDefaultTemplate: false, name: 'Daily', json },
    });
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

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Dashboard/${d.json().id}/snapshot`,
      headers,
      payload: { recipients: [{ email: 'boss@example.com' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.ctx.mailer.outbox();
    expect(mail!.subject).toBe('Dashboard snapshot: Daily (2024-12-02 00:00 - 2024-12-03 00:00)');
    expect(mail!.text).toContain('TrafficIn: 120');

    const dir = path.join(t.config.DATA_DIR, 'outbox');
    const raw = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const part = raw.split(/\r?\n--/).find((p) => p.includes('application/pdf'))!;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    const pdf = Buffer.from(body, 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain('(Daily) Tj');
    expect(pdf).toContain('(TrafficIn \\(Sum\\): 120) Tj');
  });
});
