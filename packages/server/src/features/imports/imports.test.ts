import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { AggregatedSeries, ImportPreview, ImportRun, ImportTask } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import { taskBody } from './imports.access-matrix.js';
import { open } from './secret-box.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';

/**
 * Imports through the real app and a real PostgreSQL: a file with one bad row is previewed with the
 * row's error and rejected whole (nothing written); the fixed file lands, and the aggregated query's
 * sales, transactions and conversion equal the file's own sums computed here; importing it again
 * changes nothing; an XLSX file; a spring-forward and a fall-back day in the data's time zone; 400
 * naming the field, 404 outside the scope, credentials sealed at rest.
 */
let t: TestApp;
let root: MadeUser, scopedSuper: MadeUser, admin: MadeUser;
let client: { id: string }, other: { id: string };
let storeA: { id: string }, storeB: { id: string }, doorA: { id: string };

const T = '/api/ExternalDataImportTask';
const call = async (
  actor: MadeUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: await authHeader(t.ctx, actor), ...(payload ? { payload } : {}) });

async function upload(actor: MadeUser, name: string, body: string | Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file-upload?name=${encodeURIComponent(name)}`,
    headers: { ...(await authHeader(t.ctx, actor)), 'content-type': 'application/octet-stream' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().fileId as string;
}

async function runToEnd(taskId: string, fileId: string): Promise<ImportRun> {
  const res = await call(root, 'POST', `${T}/${taskId}/run`, { fileId });
  expect(res.statusCode).toBe(202);
  await t.app.services.imports.drain();
  const done = await call(root, 'GET', `${T}/${taskId}/runs/${res.json().id}`);
  return done.json();
}

async function query(nodeId: string, kpi: string, from: string, to: string, aggregation = 'P1D') {
  const res = await call(root, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds: [nodeId],
    aggregateFunctionsByKpi: [{ kpi, aggregateFunctions: ['Sum'] }],
    from,
    to,
    aggregation,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as AggregatedSeries[])[0]!;
}

const measurementCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from measurement`.execute(t.db)).rows[0]!.n);

/** The file's rows: two stores, three days of opening hours, sales and transactions. */
const rows: { store: string; date: string; time: string; sales: number; tx: number }[] = [];
for (const date of ['2026-06-01', '2026-06-02', '2026-06-03'])
  for (let h = 9; h < 18; h++)
    for (const store of ['A1', 'B2']) {
      const seed = Number(date.slice(-1)) * 100 + h * 3 + (store === 'A1' ? 0 : 1);
      rows.push({
        store,
        date,
        time: `${String(h).padStart(2, '0')}:00`,
        sales: Math.round(((seed * 37) % 900) * 100 + 1999) / 100,
        tx: ((seed * 7) % 23) + 1,
      });
    }
const csvOf = (list: typeof rows, sep = ';') =>
  [`store${sep}date${sep}time${sep}sales${sep}transactions`]
    .concat(
      list.map((r) => [r.store, r.date, r.time, String(r.sales).replace('.', ','), String(r.tx)].join(sep)),
    )
    .join('\r\n') + '\r\n';

const hourlyBody = (overrides: object = {}) => ({
  ...taskBody(client.id),
  name: 'Point of sale',
  delimiter: 'semicolon',
  mapping: {
    location: 'store',
    locationBy: 'referenceId',
    date: 'date',
    dateFormat: 'YYYY-MM-DD',
    time: 'time',
    timeFormat: 'HH:mm',
    values: { Sales: 'sales', Transactions: 'transactions' },
    decimalComma: true,
  },
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-01T12:00:00Z'));
  client = await makeGroup(t.db, { name: 'Client I', attributes: { timezone: 'America/Toronto' } });
  storeA = await makeLocation(t.db, {
    name: 'Store A',
    parentId: client.id,
    referenceId: 'A1',
    attributes: { timezone: 'America/Toronto' },
  });
  storeB = await makeLocation(t.db, {
    name: 'Store B',
    parentId: client.id,
    referenceId: 'B2',
    attributes: { timezone: 'Europe/Paris' },
  });
  doorA = await makeDevice(t.db, { parentId: storeA.id });
  other = await makeGroup(t.db, { name: 'Client J' });
  root = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
  scopedSuper = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: other.id });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: client.id });
});

describe('import tasks', () => {
  it('refuses bad input with 400 naming the field, and other roles and scopes', async () => {
    const noTime = await call(
      root,
      'POST',
      T,
      hourlyBody({ mapping: { ...hourlyBody().mapping, time: null } }),
    );
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().field).toBe('mapping.time');
    const zone = await call(root, 'POST', T, hourlyBody({ timeZone: 'Mars/Olympus' }));
    expect(zone.statusCode).toBe(400);
    expect(zone.json().field).toBe('timeZone');
    const noKpi = await call(
      root,
      'POST',
      T,
      hourlyBody({ mapping: { ...hourlyBody().mapping, values: {} } }),
    );
    expect(noKpi.statusCode).toBe(400);
    expect(noKpi.json().field).toBe('mapping.values');
    const http = await call(
      root,
      'POST',
      T,
      hourlyBody({
        source: { kind: 'https', url: 'http://pos.example.com/x.csv', username: null, pullAt: '03:00' },
      }),
    );
    expect(http.statusCode).toBe(400);
    expect(http.json().field).toBe('source.url');
    const notGroup = await call(root, 'POST', T, hourlyBody({ organizationalTreeId: storeA.id }));
    expect(notGroup.statusCode).toBe(400);
    expect(notGroup.json().field).toBe('organizationalTreeId');
    expect((await call(admin, 'POST', T, hourlyBody())).statusCode).toBe(403);
    expect((await call(scopedSuper, 'POST', T, hourlyBody())).statusCode).toBe(404);
    const count = await t.db.selectFrom('import_task').select(t.db.fn.countAll().as('n')).executeTakeFirst();
    expect(Number(count!.n)).toBe(0);
  });

  it('keeps an HTTPS password sealed (AES-256-GCM), never answered, kept when left out', async () => {
    const source = {
      kind: 'https',
      url: 'https://pos.example.com/daily.csv',
      username: 'pos',
      pullAt: '04:30',
    };
    const made = await call(root, 'POST', T, hourlyBody({ source: { ...source, password: 'S3cret-pass!' } }));
    expect(made.statusCode).toBe(200);
    const task: ImportTask = made.json();
    expect(task.source).toEqual({ ...source, hasPassword: true });
    expect(made.body).not.toContain('S3cret');
    const row = await t.db
      .selectFrom('import_task')
      .selectAll()
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row.source_secret!.toString('latin1')).not.toContain('S3cret');
    expect(open(t.ctx.tokens.deriveKey('import-source-credentials'), row.source_secret!)).toBe(
      'S3cret-pass!',
    );
    const kept = await call(root, 'PUT', `${T}/${task.id}`, hourlyBody({ name: 'Renamed', source }));
    expect(kept.json().source.hasPassword).toBe(true);
    const after = await t.db
      .selectFrom('import_task')
      .selectAll()
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(open(t.ctx.tokens.deriveKey('import-source-credentials'), after.source_secret!)).toBe(
      'S3cret-pass!',
    );
    expect((await call(scopedSuper, 'GET', `${T}/${task.id}`)).statusCode).toBe(404);
    expect((await call(root, 'DELETE', `${T}/${task.id}`)).statusCode).toBe(200);
  });
});

describe('a run', () => {
  let taskId: string;
  const sum = (f: (r: (typeof rows)[number]) => number, store: string) =>
    rows.filter((r) => r.store === store).reduce((s, r) => s + f(r), 0);

  beforeAll(async () => {
    const res = await call(root, 'POST', T, hourlyBody());
    expect(res.statusCode).toBe(200);
    taskId = res.json().id;
  });

  it('previews a bad row with its error, then rejects the run whole and writes nothing', async () => {
    const bad = rows.map((r, i) => (i === 2 ? { ...r, sales: 'douze' as unknown as number } : r));
    const fileId = await upload(root, 'bad.csv', csvOf(bad));
    const preview = await call(root, 'POST', `${T}/${taskId}/preview`, { fileId });
    expect(preview.statusCode).toBe(200);
    const p: ImportPreview = preview.json();
    expect(p.columns).toEqual(['store', 'date', 'time', 'sales', 'transactions']);
    expect(p.rows).toHaveLength(20);
    // the header is row 1: the third data row is row 4
    expect(p.rows[2]!.errors).toEqual([
      expect.objectContaining({ row: 4, column: 'sales', code: 'value_invalid', value: 'douze' }),
    ]);
    expect(p.rows[0]!.errors).toEqual([]);
    expect(p.rows[0]!.locationName).toBe('Store A');
    // 09:00 in Toronto in June is 13:00 UTC
    expect(p.rows[0]!.occurredOn).toBe('2026-06-01T13:00:00.000Z');

    const before = await measurementCount();
    const run = await runToEnd(taskId, fileId);
    expect(run.status).toBe('rejected');
    expect(run.rowsRead).toBe(rows.length);
    expect(run.rowsRejected).toBe(1);
    expect(run.rowsWritten).toBe(0);
    expect(run.message).toContain('Row 4, column "sales"');
    expect(await measurementCount()).toBe(before);
    const series = await t.db
      .selectFrom('time_series')
      .select('id')
      .where('node_id', 'in', [storeA.id, storeB.id])
      .execute();
    expect(series).toHaveLength(0);
    const report = await call(root, 'GET', `${T}/${taskId}/runs/${run.id}/errors`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain('4,sales,value_invalid,douze,');
  });

  it('imports the fixed file: the aggregated query equals the file, and again replaces, never doubles', async () => {
    const fileId = await upload(root, 'sales.csv', csvOf(rows));
    const run = await runToEnd(taskId, fileId);
    expect(run).toMatchObject({
      status: 'succeeded',
      rowsRead: rows.length,
      rowsWritten: rows.length,
      rowsRejected: 0,
    });
    expect(run.pointsWritten).toBe(rows.length * 2);

    // traffic on store A's door: 10 visitors in each opening hour, for the conversion rate
    const door = await t.app.services.series.ensureSeries({
      nodeId: doorA.id,
      measurementProtocol: 'TrafficIn',
    });
    const traffic = rows.filter((r) => r.store === 'A1');
    await t.app.services.ingest.store({
      keys: traffic.map(() => door.key),
      times: traffic.map((r) => Date.parse(`${r.date}T${r.time}:00-04:00`)),
      values: traffic.map(() => 10),
    });

    const check = async () => {
      const salesA = await query(storeA.id, 'Sales', '2026-06-01 00:00', '2026-06-04 00:00');
      expect(salesA.summary).toBeCloseTo(
        sum((r) => r.sales, 'A1'),
        6,
      );
      const salesB = await query(storeB.id, 'Sales', '2026-06-01 00:00', '2026-06-04 00:00');
      expect(salesB.summary).toBeCloseTo(
        sum((r) => r.sales, 'B2'),
        6,
      );
      const txA = await query(storeA.id, 'Transactions', '2026-06-01 00:00', '2026-06-04 00:00');
      expect(txA.summary).toBe(sum((r) => r.tx, 'A1'));
      expect(txA.data.map((d) => d.value)).toEqual(
        ['2026-06-01', '2026-06-02', '2026-06-03'].map((d) =>
          rows.filter((r) => r.store === 'A1' && r.date === d).reduce((s, r) => s + r.tx, 0),
        ),
      );
      const conversion = await query(storeA.id, 'ConversionRate', '2026-06-01 00:00', '2026-06-04 00:00');
      expect(conversion.summary).toBeCloseTo((sum((r) => r.tx, 'A1') / (traffic.length * 10)) * 100, 2);
      const group = await query(client.id, 'Sales', '2026-06-01 00:00', '2026-06-04 00:00');
      expect(group.summary).toBeCloseTo(sum((r) => r.sales, 'A1') + sum((r) => r.sales, 'B2'), 6);
    };
    await check();
    const stored = await measurementCount();
    const again = await runToEnd(taskId, await upload(root, 'sales.csv', csvOf(rows)));
    expect(again.status).toBe('succeeded');
    expect(await measurementCount()).toBe(stored);
    await check();

    const history = await call(root, 'GET', `${T}/${taskId}/runs`);
    expect((history.json() as ImportRun[]).map((r) => r.status)).toEqual([
      'succeeded',
      'succeeded',
      'rejected',
    ]);
    const list = await call(root, 'GET', `${T}?organizationalTreeId=${client.id}`);
    expect((list.json() as ImportTask[]).find((x) => x.id === taskId)!.lastRun!.id).toBe(again.id);
  });

  it('reads an XLSX file with date cells, numbers and an hour column', async () => {
    const made = await call(
      root,
      'POST',
      T,
      hourlyBody({
        name: 'Workforce',
        format: 'xlsx',
        mapping: {
          location: 'Location',
          locationBy: 'name',
          date: 'Day',
          dateFormat: 'DD/MM/YYYY',
          time: 'Hour',
          timeFormat: 'hour',
          values: { StaffHours: 'Staff hours', ItemsSold: 'Items' },
          decimalComma: false,
        },
      }),
    );
    expect(made.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Staff');
    ws.addRow(['Location', 'Day', 'Hour', 'Staff hours', 'Items']);
    const xrows: [string, Date, number, number, number][] = [];
    for (let h = 10; h < 16; h++)
      xrows.push(['store b', new Date(Date.UTC(2026, 6, 14)), h, 2.5 + (h % 3), h * 4]);
    for (const r of xrows) ws.addRow(r);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const run = await runToEnd(made.json().id, await upload(root, 'staff.xlsx', file));
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 6, rowsWritten: 6 });
    const staff = await query(storeB.id, 'StaffHours', '2026-07-14 00:00', '2026-07-15 00:00', 'PT1H');
    expect(staff.summary).toBeCloseTo(
      xrows.reduce((s, r) => s + r[3], 0),
      6,
    );
    // Paris local hours: 10:00 holds the first row
    expect(staff.data.find((d) => d.key === '2026-07-14 10:00')!.value).toBe(xrows[0]![3]);
    const items = await query(storeB.id, 'ItemsSold', '2026-07-14 00:00', '2026-07-15 00:00');
    expect(items.summary).toBe(xrows.reduce((s, r) => s + r[4], 0));
  });

  it('keeps every hour of the spring-forward and fall-back days in the data’s time zone', async () => {
    const made = await call(
      root,
      'POST',
      T,
      hourlyBody({
        name: 'DST',
        delimiter: 'comma',
        timeZone: 'America/Toronto',
        mapping: { ...hourlyBody().mapping, decimalComma: false, values: { Transactions: 'transactions' } },
      }),
    );
    const lines = ['store,date,time,sales,transactions'];
    const expected = new Map<string, number>();
    // 2026-03-08: 02:00 does not exist in Toronto, the file has 23 hours; 2026-11-01: 01:00 twice (25)
    for (let h = 0; h < 24; h++) {
      if (h === 2) continue;
      lines.push(`A1,2026-03-08,${String(h).padStart(2, '0')}:00,0,${h + 1}`);
      expected.set('2026-03-08', (expected.get('2026-03-08') ?? 0) + h + 1);
    }
    for (const h of [0, 1, 1, ...Array.from({ length: 22 }, (_, i) => i + 2)]) {
      lines.push(`A1,2026-11-01,${String(h).padStart(2, '0')}:00,0,${100 + h}`);
      expected.set('2026-11-01', (expected.get('2026-11-01') ?? 0) + 100 + h);
    }
    const run = await runToEnd(made.json().id, await upload(root, 'dst.csv', lines.join('\n')));
    expect(run).toMatchObject({ status: 'succeeded', rowsWritten: 48 });
    for (const [day, total] of expected) {
      const next = day === '2026-03-08' ? '2026-03-09' : '2026-11-02';
      const daily = await query(storeA.id, 'Transactions', `${day} 00:00`, `${next} 00:00`);
      expect(daily.summary).toBe(total);
    }
    // the repeated hour: both 01:00 rows in the local 01:00 bucket
    const hourly = await query(storeA.id, 'Transactions', '2026-11-01 00:00', '2026-11-02 00:00', 'PT1H');
    expect(hourly.data.find((d) => d.key === '2026-11-01 01:00')!.value).toBe(202);

    // a row at 02:30 on the spring-forward day names the time that does not exist
    const gap = await call(root, 'POST', `${T}/${made.json().id}/preview`, {
      fileId: await upload(root, 'gap.csv', 'store,date,time,sales,transactions\nA1,2026-03-08,02:00,0,5\n'),
    });
    expect(gap.json().rows[0].errors[0]).toMatchObject({ row: 2, column: 'time', code: 'time_skipped' });
  });

  it('writes the rollups and node totals a rebuild from raw gives, first import and changed file alike', async () => {
    // Toronto, Monday 1 June 2026 09:10-17:00: 15-minute figures straddling the opening and the closing
    const store = await makeLocation(t.db, {
      name: 'Store C',
      parentId: client.id,
      referenceId: 'C3',
      attributes: { timezone: 'America/Toronto', businessHours: { '1': [['09:10', '17:00']] } },
    });
    const made = await call(root, 'POST', T, { ...hourlyBody({ granularity: '15' }), name: 'Quarter hours' });
    expect(made.statusCode).toBe(200);
    const slots = ['08:45', '09:00', '09:15', '12:30', '16:45', '17:00', '23:45'];
    const fileOf = (sales: (i: number) => number, days: string[]) =>
      'store;date;time;sales;transactions\r\n' +
      days
        .flatMap((d) =>
          slots.map((time, i) => `C3;${d};${time};${String(sales(i)).replace('.', ',')};${i + 1}`),
        )
        .join('\r\n');
    const keys = async () =>
      (
        await t.db
          .selectFrom('time_series')
          .select('key')
          .where('node_id', '=', store.id)
          .orderBy('key')
          .execute()
      ).map((r) => r.key);
    const read = async (q: typeof t.db, of: number[]) => [
      (
        await sql`select * from rollup_15m where series_key = any(${of}) order by series_key, bucket`.execute(
          q,
        )
      ).rows,
      (
        await sql`select * from rollup_day where series_key = any(${of}) order by series_key, local_date`.execute(
          q,
        )
      ).rows,
    ];
    const rebuilt = async (of: number[]) => {
      let out: unknown;
      await t.db
        .transaction()
        .execute(async (trx) => {
          await t.app.services.ingest.rebuildRollups(trx, of, []);
          out = await read(trx, of);
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      return out;
    };
    // a first import of the range (every point new, no 15-minute row yet), then a file changing
    // some figures of that day and adding the next day (points updated and inserted)
    const files = [
      fileOf((i) => i * 10.5 + 1, ['2026-06-01']),
      fileOf((i) => (i % 2 ? i * 10.5 + 1 : 99), ['2026-06-01', '2026-06-02']),
    ];
    for (const file of files) {
      const run = await runToEnd(made.json().id, await upload(root, 'quarters.csv', file));
      expect(run.status).toBe('succeeded');
      const of = await keys();
      expect(of).toHaveLength(2);
      const stored = await read(t.db, of);
      expect(stored[0]!.length).toBeGreaterThan(0);
      expect(stored).toEqual(await rebuilt(of));
    }
    await expectRollupsConsistent(t.db);
  });

  it('answers 400 naming the mapping field of a column the file lacks, 404 for a stranger’s file', async () => {
    const fileId = await upload(
      root,
      'wrong.csv',
      'shop;date;time;sales;transactions\nA1;2026-06-01;09:00;1;1\n',
    );
    const res = await call(root, 'POST', `${T}/${taskId}/preview`, { fileId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'import_column_missing', field: 'mapping.location' });
    const otherRoot = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
    const theirs = await call(otherRoot, 'POST', `${T}/${taskId}/preview`, { fileId });
    expect(theirs.statusCode).toBe(404);
    const disabled = await call(root, 'PATCH', `${T}/${taskId}/disabled-on`, {
      disabledOn: '2026-11-30T00:00:00Z',
    });
    expect(disabled.json().disabledOn).toBe('2026-11-30T00:00:00.000Z');
    const refused = await call(root, 'POST', `${T}/${taskId}/run`, { fileId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('import_task_disabled');
  });
});
