import { beforeAll, describe, expect, it } from 'vitest';
import {
  localMinute,
  objectiveFor,
  parseBusinessHours,
  spanOf,
  type AggregatedSeries,
  type PerformanceResponse,
} from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';

/**
 * Objective load and set through the real app: validation naming the field, overlap refused whole,
 * tenancy (404 outside the scope), the event log, and the objective beside the actual value in the
 * aggregated query and on the performance screen, checked against the domain's pro-rating applied
 * by hand and against the aggregated query's own actual figures.
 */
let t: TestApp;
let admin: MadeUser, manager: MadeUser, other: MadeUser;
let group: { id: string }, store: { id: string }, store2: { id: string }, outside: { id: string };
const HOURS: Record<string, [string, string][]> = {
  '1': [['09:00', '17:00']],
  '2': [['09:00', '17:00']],
  '6': [['10:00', '14:00']],
};

const call = async (actor: MadeUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await authHeader(t.ctx, actor), ...(payload ? { payload } : {}) });

const monthItem = (
  nodeId: string,
  startDate: string,
  endDate: string,
  value: number | null,
  kpi = 'TrafficIn',
) => ({
  nodeId,
  kpi,
  periodType: 'month',
  startDate,
  endDate,
  value,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-20T16:00:00Z'));
  const client = await makeGroup(t.db, { name: 'Client O' });
  group = await makeGroup(t.db, {
    name: 'Region O',
    parentId: client.id,
    attributes: { timezone: 'America/Toronto' },
  });
  store = await makeLocation(t.db, {
    name: 'Objective store',
    parentId: group.id,
    attributes: { timezone: 'America/Toronto', businessHours: HOURS },
  });
  store2 = await makeLocation(t.db, { name: 'Second store', parentId: group.id });
  outside = await makeLocation(t.db, { name: 'Elsewhere' });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: client.id });
  other = await makeUser(t.db, { roles: ['admin'], scopeNodeId: outside.id });
  manager = await makeUser(t.db, {
    roles: ['User'],
    scopeNodeId: client.id,
    mobileSettings: { hasAccessPerformance: true },
  });
  // one visitor a minute on the store's door over March 2026 up to the clock
  const door = await makeDevice(t.db, { parentId: store.id });
  const key = (
    await t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })
  ).key;
  const times: number[] = [];
  for (let ms = Date.parse('2026-03-01T05:00:00Z'); ms < Date.parse('2026-03-20T16:00:00Z'); ms += 60_000)
    times.push(ms);
  for (let i = 0; i < times.length; i += 10_000) {
    const chunk = times.slice(i, i + 10_000);
    await t.app.services.ingest.store({
      keys: chunk.map(() => key),
      times: chunk,
      values: chunk.map(() => 1),
    });
  }
});

describe('/api/Objective', () => {
  it('sets, loads, replaces and deletes objectives, each change in the event log', async () => {
    const set = await call(admin, 'POST', '/api/Objective/set', {
      items: [
        monthItem(store.id, '2026-03-01', '2026-03-31', 31000),
        monthItem(store.id, '2026-04-01', '2026-04-30', 9000),
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ created: 2, updated: 0, deleted: 0 });
    const again = await call(admin, 'POST', '/api/Objective/set', {
      items: [monthItem(store.id, '2026-04-01', '2026-04-30', 12000)],
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 1 });
    const list = await call(
      admin,
      'GET',
      `/api/Objective?nodeIds=${store.id}&kpi=TrafficIn&from=2026-04-10&to=2026-05-01`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        nodeId: store.id,
        nodeName: 'Objective store',
        startDate: '2026-04-01',
        value: 12000,
      }),
    ]);
    const del = await call(admin, 'POST', '/api/Objective/set', {
      items: [monthItem(store.id, '2026-04-01', '2026-04-30', null)],
    });
    expect(del.json()).toMatchObject({ deleted: 1 });
    const rows = await t.db
      .selectFrom('event_log')
      .select(['command', 'target'])
      .where('command', 'like', 'Objective.%')
      .orderBy('occurred_on')
      .execute();
    expect(rows.map((r) => r.command)).toEqual(['Objective.Set', 'Objective.Set', 'Objective.Set']);
    expect(rows[0]!.target).toBe('Objective store');
  });

  it('answers 400 naming the field, and writes nothing of a refused batch', async () => {
    const cases: [object, string][] = [
      [{ items: [{ ...monthItem(store.id, '2026-05-01', '2026-05-31', -1) }] }, 'items.0.value'],
      [{ items: [{ ...monthItem(store.id, '2026-05-31', '2026-05-01', 1) }] }, 'items.0.endDate'],
      [{ items: [{ ...monthItem(store.id, '2026-02-30', '2026-03-01', 1) }] }, 'items.0.startDate'],
      [{ items: [{ ...monthItem(store.id, '2026-05-01', '2026-05-31', 1, 'NoSuchKpi') }] }, 'items.0.kpi'],
      [
        { items: [{ ...monthItem(store.id, '2026-05-01', '2026-05-31', 1), periodType: 'weekday' }] },
        'items.0.value',
      ],
      // the second item overlaps March's monthly objective: the first is not written either
      [
        {
          items: [
            monthItem(store.id, '2026-06-01', '2026-06-30', 5),
            { ...monthItem(store.id, '2026-03-10', '2026-03-10', 5), periodType: 'day' },
          ],
        },
        'items.1.startDate',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(admin, 'POST', '/api/Objective/set', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const june = await call(admin, 'GET', `/api/Objective?nodeIds=${store.id}&from=2026-06-01&to=2026-06-30`);
    expect(june.json()).toEqual([]);
  });

  it('answers 404 for nodes and objectives outside the caller scope', async () => {
    const set = await call(other, 'POST', '/api/Objective/set', {
      items: [monthItem(store.id, '2026-07-01', '2026-07-31', 1)],
    });
    expect(set.statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/Objective?nodeIds=${store.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/Objective')).json()).toEqual([]);
    const [march] = (
      await call(admin, 'GET', `/api/Objective?nodeIds=${store.id}&from=2026-03-01&to=2026-03-31`)
    ).json();
    expect((await call(other, 'DELETE', `/api/Objective/${march.id}`)).statusCode).toBe(404);
    expect((await call(manager, 'GET', '/api/Objective')).statusCode).toBe(403);
  });
});

describe('objectives beside the actual figures', () => {
  const place = { timeZone: 'America/Toronto', hours: parseBusinessHours(HOURS) };
  const march = [
    spanOf({
      periodType: 'month',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      value: 31000,
      weekdayValues: null,
    }),
  ];

  it('gives the aggregated query each day its business-hours share of the month, summed for the group', async () => {
    await call(admin, 'POST', '/api/Objective/set', {
      items: [monthItem(store2.id, '2026-03-01', '2026-03-31', 3100)],
    });
    const res = await call(admin, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id, group.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2026-03-01 00:00',
      to: '2026-04-01 00:00',
      aggregation: 'P1D',
      breakdownByNode: true,
      includeObjectives: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [series] = res.json() as AggregatedSeries[];
    const own = series!.nodes!.find((n) => n.nodeId === store.id)!.objective!;
    expect(own.summary).toBeCloseTo(31000, 6);
    for (const d of own.data) {
      const from = localMinute(2026, 3, Number(d.key.slice(8, 10)));
      expect(d.value).toBeCloseTo(objectiveFor(march, { from, to: from + 1440 }, place, true)!, 6);
    }
    // Mondays and Tuesdays 8 h, Saturdays 4 h, other days closed: March 2026 has 5+5 long days, 4 Saturdays
    expect(own.data.find((d) => d.key === '2026-03-02 00:00')!.value).toBeCloseTo(
      (31000 * 480) / (10 * 480 + 4 * 240),
      6,
    );
    expect(own.data.find((d) => d.key === '2026-03-04 00:00')!.value).toBe(0);
    const groupFigures = series!.nodes!.find((n) => n.nodeId === group.id)!.objective!;
    expect(groupFigures.summary).toBeCloseTo(31000 + 3100, 6);
  });

  it("covers only what the query's filters keep: weekdays, the each-day window, business hours", async () => {
    const objective = async (body: object) => {
      const res = await call(admin, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
        nodeIds: [store.id],
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        aggregation: 'P1D',
        breakdownByNode: true,
        includeObjectives: true,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AggregatedSeries[])[0]!.nodes![0]!.objective!;
    };
    // March 2026's 31,000 lies on 5,760 business minutes: Mondays and Tuesdays 480, Saturdays 240
    const perMinute = 31000 / (10 * 480 + 4 * 240);
    const mondays = await objective({ from: '2026-03-01 00:00', to: '2026-04-01 00:00', includeDays: [1] });
    expect(mondays.summary).toBeCloseTo(5 * 480 * perMinute, 6);
    expect(mondays.data.find((d) => d.key === '2026-03-09 00:00')!.value).toBeCloseTo(480 * perMinute, 6);
    // a Tuesday is not in the query: no objective for it
    expect(mondays.data.find((d) => d.key === '2026-03-10 00:00')?.value ?? null).toBeNull();
    // 12:00-15:00 each day of 1-8 March: Monday and Tuesday 180 minutes open, Saturday 120 (10:00-14:00)
    const window = await objective({
      from: '2026-03-01 12:00',
      to: '2026-03-08 15:00',
      applyTimePeriodToEachDay: true,
    });
    expect(window.summary).toBeCloseTo((180 + 180 + 120) * perMinute, 6);
    expect(window.data.find((d) => d.key === '2026-03-07 00:00')!.value).toBeCloseTo(120 * perMinute, 6);
    // the objective is spread over business hours already: keeping only them changes nothing
    const open = await objective({
      from: '2026-03-01 00:00',
      to: '2026-04-01 00:00',
      businessHoursOnly: true,
    });
    expect(open.summary).toBeCloseTo(31000, 6);
  });

  it('puts each location against its objective on /api/Performance, with figures equal to the aggregated query', async () => {
    const url = `/api/Performance?nodeIds=${store.id}&nodeIds=${group.id}&kpi=TrafficIn&from=2026-03-01%2000:00&to=2026-04-01%2000:00`;
    expect((await call(admin, 'GET', url)).statusCode).toBe(403); // default mobile settings: no performance flag
    const res = await call(manager, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PerformanceResponse;
    const q = await call(manager, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id, group.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2026-03-01 00:00',
      to: '2026-04-01 00:00',
      breakdownByNode: true,
    });
    const actualOf = (id: string) =>
      (q.json() as AggregatedSeries[])[0]!.nodes!.find((n) => n.nodeId === id)!.summary;
    const row = body.rows.find((r) => r.nodeId === store.id)!;
    expect(row.actual).toBe(actualOf(store.id));
    expect(row.actual).toBe(
      (Date.parse('2026-03-20T16:00:00Z') - Date.parse('2026-03-01T05:00:00Z')) / 60_000,
    );
    expect(row.objective).toBeCloseTo(31000, 6);
    // now: Friday 2026-03-20 12:00 in Toronto
    const toDate = objectiveFor(
      march,
      { from: localMinute(2026, 3, 1), to: localMinute(2026, 3, 20, 12) },
      place,
      true,
    )!;
    expect(row.objectiveToDate).toBeCloseTo(toDate, 6);
    expect(row.achievedPercent).toBeCloseTo((row.actual! / toDate) * 100, 6);
    expect(row.gap).toBeCloseTo(row.actual! - toDate, 6);
    expect(row.projection).toBeCloseTo(row.actual! + (31000 - toDate) * (row.actual! / toDate), 6);
    expect(row.status).toBe('ahead');
    // Friday is closed: today's objective is 0, and so far too
    expect(row.today.objective).toBe(0);
    expect(row.today.actual).toBe(12 * 60);
    expect(body.rows.find((r) => r.nodeId === group.id)!.actual).toBe(actualOf(group.id));
    expect(body.now).toBe('2026-03-20 12:00');
  });
});

describe('the objectives grid file', () => {
  it('exports a year as CSV and XLSX, and imports the CSV back (empty cells unchanged, "-" deletes)', async () => {
    const csv = await call(admin, 'GET', '/api/Objective/file?kpi=TrafficIn&year=2026&format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('2026-03');
    const storeLine = lines.find((l) => l.startsWith(store.id))!;
    expect(storeLine.split(',')[4]).toBe('31000');
    const xlsx = await call(admin, 'GET', '/api/Objective/file?kpi=TrafficIn&year=2026&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const file = `nodeId;Location;2026-08;2026-09;2026-03\n${store.id};x;1 200,5;;-\n`;
    const imported = await call(admin, 'POST', '/api/Objective/file', {
      kpi: 'TrafficIn',
      year: 2026,
      format: 'csv',
      content: Buffer.from(file).toString('base64'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, deleted: 1 });
    const after = (await call(admin, 'GET', `/api/Objective?nodeIds=${store.id}&kpi=TrafficIn`)).json();
    expect(after.map((o: { startDate: string; value: number }) => [o.startDate, o.value])).toEqual([
      ['2026-08-01', 1200.5],
    ]);

    const bad = await call(admin, 'POST', '/api/Objective/file', {
      kpi: 'TrafficIn',
      year: 2026,
      format: 'csv',
      content: Buffer.from(`nodeId,Location,2026-10\n${store.id},x,lots\n`).toString('base64'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'content' });
    expect(bad.json().message).toContain('Row 2');
  });
});

describe('the projection of traffic', () => {
  it('adds the forecast KPI over the rest of a period that ends within the forecast horizon', async () => {
    const set = await call(admin, 'POST', '/api/Objective/set', {
      items: [
        // (March's monthly objective is gone: the grid file test deleted it)
        {
          nodeId: store.id,
          kpi: 'TrafficIn',
          periodType: 'day',
          startDate: '2026-03-20',
          endDate: '2026-03-20',
          value: 900,
        },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const url = `/api/Performance?nodeIds=${store.id}&kpi=TrafficIn&from=2026-03-20%2000:00&to=2026-03-21%2000:00`;
    const res = await call(manager, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (res.json() as PerformanceResponse).rows;
    const forecast = await call(manager, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id],
      aggregateFunctionsByKpi: [{ kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] }],
      from: '2026-03-20 12:00',
      to: '2026-03-21 00:00',
    });
    const rest = (forecast.json() as AggregatedSeries[])[0]!.summary;
    expect(rest).not.toBeNull();
    expect(row!.actual).toBe(12 * 60);
    expect(row!.projection).toBeCloseTo(12 * 60 + rest!, 6);
    // Friday is closed: the day objective is spread evenly over its real minutes, half of it by noon
    expect(row!.objective).toBeCloseTo(900, 6);
    expect(row!.objectiveToDate).toBeCloseTo(450, 6);
  });
});

describe('/api/Performance with the tag filter', () => {
  it('counts only the people carrying the tags, against the same objective, projected at the pace so far', async () => {
    // two hours of adults (10:00-12:00 in Toronto) on a tagged series of the store's door
    const door = await makeDevice(t.db, { parentId: store.id });
    const key = (
      await t.app.services.series.ensureSeries({
        nodeId: door.id,
        measurementProtocol: 'TrafficIn',
        metaTags: ['adults'],
      })
    ).key;
    const times: number[] = [];
    for (let ms = Date.parse('2026-03-20T14:00:00Z'); ms < Date.parse('2026-03-20T16:00:00Z'); ms += 60_000)
      times.push(ms);
    await t.app.services.ingest.store({ keys: times.map(() => key), times, values: times.map(() => 1) });

    const base = `/api/Performance?nodeIds=${store.id}&kpi=TrafficIn&from=2026-03-20%2000:00&to=2026-03-21%2000:00`;
    const res = await call(manager, 'GET', `${base}&tags=adults`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (res.json() as PerformanceResponse).rows;
    const q = await call(manager, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id],
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'], metaTags: ['adults'] }],
      from: '2026-03-20 00:00',
      to: '2026-03-21 00:00',
    });
    expect(row!.actual).toBe((q.json() as AggregatedSeries[])[0]!.summary);
    expect(row!.actual).toBe(120);
    expect(row!.today.actual).toBe(120);
    // the day's objective (900, half of it by noon) is the location's, whatever the filter
    expect(row!.objective).toBeCloseTo(900, 6);
    expect(row!.objectiveToDate).toBeCloseTo(450, 6);
    expect(row!.achievedPercent).toBeCloseTo((120 / 450) * 100, 6);
    // no forecast of adults: the rest of the objective at the pace so far
    expect(row!.projection).toBeCloseTo(120 + 450 * (120 / 450), 6);
    expect(row!.status).toBe('behind');

    // without the filter everyone counts (the untagged door's 12 hours and the adults)
    const all = (await call(manager, 'GET', base)).json() as PerformanceResponse;
    expect(all.rows[0]!.actual).toBeGreaterThan(row!.actual!);

    const bad = await call(manager, 'GET', `${base}&tags=robots`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'tags' });
  });
});
