import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AggregatedSeries, ImportRun, ImportTask } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeGroup, makeLocation, makeUser, type MadeUser } from '../../test/factories.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { taskBody } from './imports.access-matrix.js';
import { importJobs } from './imports.jobs.js';
import { httpsFetcher } from './import-sources.js';
import { open } from './secret-box.js';
import { startHttpsSource, startSftpSource } from './import-peers.test-kit.js';

/**
 * Scheduled pulls against real peers started here: an HTTPS server with a self-signed certificate
 * (trusted through IMPORT_TRUSTED_CA_FILE, never by turning verification off) and an SSH server's
 * SFTP subsystem with a generated host key. The HTTPS pull runs through the scheduler with the manual
 * clock, exactly once; refused credentials, a missing file and an HTTP error each leave a failed run
 * in the history and write nothing.
 */
let t: TestApp;
let root: MadeUser;
let client: { id: string };
let https: Awaited<ReturnType<typeof startHttpsSource>>;
let sftp: Awaited<ReturnType<typeof startSftpSource>>;
const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-import-ca-'));

const T = '/api/ExternalDataImportTask';
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await authHeader(t.ctx, root), ...(payload ? { payload } : {}) });

/** Two stores, one day of opening hours, in UTC: sales and transactions. */
const rows = Array.from({ length: 16 }, (_, i) => ({
  store: i % 2 ? 'B2' : 'A1',
  time: `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:00`,
  sales: 100 + i * 7.25,
  tx: 3 + i,
}));
const CSV = ['store,date,time,sales,transactions']
  .concat(rows.map((r) => `${r.store},2026-06-02,${r.time},${r.sales},${r.tx}`))
  .join('\n');
const fileSales = rows.reduce((s, r) => s + r.sales, 0);

const pulledBody = (
  kind: 'https' | 'sftp',
  url: string,
  password: string | null | undefined,
  hostKeyFingerprint: string | null = kind === 'sftp' ? sftp.fingerprint : null,
) => ({
  ...taskBody(client.id),
  name: `Pulled over ${kind}`,
  mapping: {
    location: 'store',
    locationBy: 'referenceId' as const,
    date: 'date',
    dateFormat: 'YYYY-MM-DD' as const,
    time: 'time',
    timeFormat: 'HH:mm' as const,
    values: { Sales: 'sales', Transactions: 'transactions' },
    decimalComma: false,
  },
  timeZone: 'UTC',
  source: {
    kind,
    url,
    username: 'pos',
    ...(password === undefined ? {} : { password }),
    pullAt: '06:00',
    ...(kind === 'sftp' ? { hostKeyFingerprint } : {}),
  },
});

async function createTask(body: object): Promise<ImportTask> {
  const res = await call('POST', T, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const runsOf = async (taskId: string): Promise<ImportRun[]> =>
  (await call('GET', `${T}/${taskId}/runs`)).json();

const measurementCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from measurement`.execute(t.db)).rows[0]!.n;

async function groupSales(): Promise<number> {
  const res = await call('POST', '/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds: [client.id],
    aggregateFunctionsByKpi: [{ kpi: 'Sales', aggregateFunctions: ['Sum'] }],
    from: '2026-06-02 00:00',
    to: '2026-06-03 00:00',
    aggregation: 'P1D',
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as AggregatedSeries[])[0]!.summary ?? 0;
}

beforeAll(async () => {
  https = await startHttpsSource({ username: 'pos', password: 'https-secret' });
  sftp = await startSftpSource({ username: 'pos', password: 'sftp-secret' });
  https.files.set('/exports/sales.csv', CSV);
  sftp.files.set('/exports/sales.csv', Buffer.from(CSV));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, https.ca);
  t = await createTestApp({ IMPORT_TRUSTED_CA_FILE: caFile });
  t.app.scheduler.register(...importJobs(t.app.services));
  client = await makeGroup(t.db, { name: 'Pulled client', attributes: { timezone: 'UTC' } });
  for (const ref of ['A1', 'B2'])
    await makeLocation(t.db, {
      name: `Store ${ref}`,
      parentId: client.id,
      referenceId: ref,
      attributes: { timezone: 'UTC' },
    });
  root = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
});

afterAll(async () => {
  await https.close();
  await sftp.close();
  fs.rmSync(caDir, { recursive: true, force: true });
});

describe('a scheduled HTTPS pull', () => {
  it('keeps TLS verification on: without the trusted authority the certificate is refused', async () => {
    await expect(
      httpsFetcher()(https.url('/exports/sales.csv'), { username: 'pos', password: 'https-secret' }),
    ).rejects.toThrow(/fetch failed: self[- ]signed certificate/);
    expect(https.requests).toHaveLength(0);
  });

  it('runs at the task’s time through the scheduler, exactly once, and lands the file', async () => {
    const task = await createTask(pulledBody('https', https.url('/exports/sales.csv'), 'https-secret'));
    // the task exists from now (database time): its first due pull is the next 06:00 UTC (today's
    // when the suite runs before 06:00 UTC, tomorrow's after)
    const due = new Date();
    due.setUTCHours(6, 0, 0, 0);
    if (due.getTime() <= Date.now()) due.setUTCDate(due.getUTCDate() + 1);
    const dueDay = due.toISOString().slice(0, 10);
    t.clock.set(`${dueDay}T05:59:00Z`);
    await t.app.scheduler.tick(['imports.pull']);
    await t.app.services.imports.drain();
    expect(await runsOf(task.id)).toHaveLength(0);

    t.clock.set(`${dueDay}T06:00:20Z`);
    expect(await t.app.scheduler.tick(['imports.pull'])).toMatchObject([{ status: 'succeeded' }]);
    await t.app.services.imports.drain();
    // later ticks the same day find the pull done
    t.clock.set(`${dueDay}T06:07:00Z`);
    await t.app.scheduler.tick(['imports.pull']);
    t.clock.set(`${dueDay}T18:00:00Z`);
    await t.app.scheduler.tick(['imports.pull']);
    await t.app.services.imports.drain();

    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'succeeded',
      trigger: 'pull',
      fileName: 'sales.csv',
      rowsRead: rows.length,
      rowsWritten: rows.length,
      pointsWritten: rows.length * 2,
      startedBy: null,
    });
    expect(https.requests.filter((r) => r.path === '/exports/sales.csv')).toEqual([
      { path: '/exports/sales.csv', authorized: true },
    ]);
    expect(await groupSales()).toBeCloseTo(fileSales, 6);
    await expectRollupsConsistent(t.db);
  });

  it('records an HTTP error as a failed run in the history, writing nothing', async () => {
    const task = await createTask(pulledBody('https', https.url('/exports/gone.csv'), 'https-secret'));
    const before = await measurementCount();
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('HTTP 404');
    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'failed',
      trigger: 'pull',
      fileName: 'gone.csv',
      rowsWritten: 0,
    });
    expect(runs[0]!.message).toBe('The source could not be read: The source answered HTTP 404');
    expect(await measurementCount()).toBe(before);
  });
});

describe('an SFTP source', () => {
  it('keeps the password sealed at rest, pulls the file and lands it (the same points again: replaced)', async () => {
    const task = await createTask(pulledBody('sftp', sftp.url('/exports/sales.csv'), 'sftp-secret'));
    expect(task.source).toEqual({
      kind: 'sftp',
      url: sftp.url('/exports/sales.csv'),
      username: 'pos',
      hasPassword: true,
      pullAt: '06:00',
      hostKeyFingerprint: sftp.fingerprint,
    });
    const stored = await t.db
      .selectFrom('import_task')
      .select('source_secret')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(stored.source_secret!.toString('latin1')).not.toContain('sftp-secret');
    expect(open(t.ctx.tokens.deriveKey('import-source-credentials'), stored.source_secret!)).toBe(
      'sftp-secret',
    );

    const before = await measurementCount();
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.services.imports.drain();
    const [run] = await runsOf(task.id);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'pull', fileName: 'sales.csv' });
    expect(run!.rowsWritten).toBe(rows.length);
    expect(sftp.logins.at(-1)).toEqual({ username: 'pos', accepted: true });
    // the HTTPS task already wrote these very points: same series keys, replaced, never doubled
    expect(await measurementCount()).toBe(before);
    expect(await groupSales()).toBeCloseTo(fileSales, 6);
    await expectRollupsConsistent(t.db);
  });

  it('says the server refused a wrong password, in the run history, and writes nothing', async () => {
    sftp.files.set('/exports/other.csv', Buffer.from(CSV.replace(/,2026-06-02,/g, ',2026-06-09,')));
    const task = await createTask(pulledBody('sftp', sftp.url('/exports/other.csv'), 'wrong'));
    const before = await measurementCount();
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode).toBe(502);
    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'failed', rowsWritten: 0, pointsWritten: 0 });
    expect(runs[0]!.message).toBe(
      'The source could not be read: The SFTP server refused the user name or password',
    );
    expect(sftp.logins.at(-1)).toEqual({ username: 'pos', accepted: false });
    expect(await measurementCount()).toBe(before);
  });

  it('names a missing file in the run history and writes nothing', async () => {
    const task = await createTask(pulledBody('sftp', sftp.url('/exports/missing.csv'), 'sftp-secret'));
    const before = await measurementCount();
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode).toBe(502);
    const [run] = await runsOf(task.id);
    expect(run).toMatchObject({ status: 'failed', fileName: 'missing.csv', rowsWritten: 0 });
    expect(run!.message).toBe(
      'The source could not be read: The SFTP server has no file /exports/missing.csv',
    );
    expect(await measurementCount()).toBe(before);
  });

  it('replaces changed figures for the file’s range only: other days and the totals stay right', async () => {
    // another day, then the first day again with one store's figures changed
    sftp.files.set('/exports/week2.csv', Buffer.from(CSV.replace(/,2026-06-02,/g, ',2026-06-09,')));
    const week2 = await createTask(pulledBody('sftp', sftp.url('/exports/week2.csv'), 'sftp-secret'));
    expect((await call('POST', `${T}/${week2.id}/pull`)).statusCode).toBe(202);
    await t.app.services.imports.drain();
    const changed = rows.map((r) => (r.store === 'A1' ? { ...r, sales: r.sales + 10 } : r));
    sftp.files.set(
      '/exports/fix.csv',
      Buffer.from(
        ['store,date,time,sales,transactions']
          .concat(changed.map((r) => `${r.store},2026-06-02,${r.time},${r.sales},${r.tx}`))
          .join('\n'),
      ),
    );
    const fix = await createTask(pulledBody('sftp', sftp.url('/exports/fix.csv'), 'sftp-secret'));
    const before = await measurementCount();
    expect((await call('POST', `${T}/${fix.id}/pull`)).statusCode).toBe(202);
    await t.app.services.imports.drain();
    expect((await runsOf(fix.id))[0]).toMatchObject({ status: 'succeeded', rowsWritten: rows.length });
    expect(await measurementCount()).toBe(before);
    const a1Rows = rows.filter((r) => r.store === 'A1').length;
    expect(await groupSales()).toBeCloseTo(fileSales + 10 * a1Rows, 6);
    await expectRollupsConsistent(t.db);
  });

  it('refuses a server whose host key is not pinned yet, naming the key seen (no trust on first use)', async () => {
    const task = await createTask(pulledBody('sftp', sftp.url('/exports/sales.csv'), 'sftp-secret', null));
    expect(task.source).toMatchObject({ kind: 'sftp', hostKeyFingerprint: null });
    const before = await measurementCount();
    const logins = sftp.logins.length;
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode).toBe(502);
    const [run] = await runsOf(task.id);
    expect(run).toMatchObject({ status: 'failed', rowsWritten: 0, pointsWritten: 0 });
    expect(run!.message).toContain(
      `The SFTP server's host key is not trusted yet: it shows ${sftp.fingerprint}`,
    );
    // refused before the password was ever sent
    expect(sftp.logins).toHaveLength(logins);
    expect(await measurementCount()).toBe(before);

    // pasting the fingerprint the run named lets the next pull through
    const stored = (await call('GET', `${T}/${task.id}`)).json() as ImportTask;
    const seen = run!.message!.match(/SHA256:[A-Za-z0-9+/]{43}/)![0];
    const put = await call('PUT', `${T}/${task.id}`, {
      ...pulledBody('sftp', sftp.url('/exports/sales.csv'), undefined, seen),
      name: stored.name,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('POST', `${T}/${task.id}/pull`)).statusCode).toBe(202);
    await t.app.services.imports.drain();
    expect((await runsOf(task.id))[0]).toMatchObject({ status: 'succeeded', rowsWritten: rows.length });
  });

  it('fails a pull whose server shows another host key, naming the one seen, and writes nothing', async () => {
    const other = `SHA256:${'A'.repeat(43)}`;
    const task = await createTask(pulledBody('sftp', sftp.url('/exports/sales.csv'), 'sftp-secret', other));
    const before = await measurementCount();
    const logins = sftp.logins.length;
    const res = await call('POST', `${T}/${task.id}/pull`);
    expect(res.statusCode).toBe(502);
    const [run] = await runsOf(task.id);
    expect(run).toMatchObject({ status: 'failed', rowsWritten: 0 });
    expect(run!.message).toBe(
      `The source could not be read: The SFTP server's host key ${sftp.fingerprint} does not match ` +
        `the task's fingerprint ${other}: nothing was read (a changed server key, or another server answering)`,
    );
    expect(sftp.logins).toHaveLength(logins);
    expect(await measurementCount()).toBe(before);
  });

  it('refuses a host key fingerprint not written as ssh-keygen -lf prints it, 400 naming the field', async () => {
    for (const bad of ['MD5:aa:bb', 'SHA256:short', `sha256:${'A'.repeat(43)}`]) {
      const res = await call('POST', T, pulledBody('sftp', sftp.url('/exports/sales.csv'), 'x', bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('source.hostKeyFingerprint');
    }
  });

  it('refuses an address that is not sftp://host/path/file with 400 naming the field', async () => {
    for (const url of ['sftp://127.0.0.1/exports/', 'ftp://127.0.0.1/a.csv', 'sftp://user@host/a.csv']) {
      const res = await call('POST', T, pulledBody('sftp', url, 'x'));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe('source.url');
    }
  });
});
