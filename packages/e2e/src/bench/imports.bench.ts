import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import type { ImportRun, ImportTaskBody } from '@footfall/domain';
import { buildApp, type App } from '../../../server/src/app.js';
import type { AppContext } from '../../../server/src/platform/context.js';
import { loadConfig } from '../../../server/src/config/config.js';
import { createDb, migrate } from '../../../server/src/platform/db/database.js';
import { createLogger } from '../../../server/src/platform/logger.js';
import { systemClock } from '../../../server/src/platform/clock.js';
import { TokenService } from '../../../server/src/platform/auth/tokens.js';
import { createMailer } from '../../../server/src/platform/mail/mailer.js';
import { EventBus } from '../../../server/src/platform/event-bus.js';
import { freshDatabase, printTable, step, type BenchModule } from './bench-kit.js';
import { cpuMeter } from './pg-cpu.js';

/**
 * `npm run bench -- --only imports [--scale 0.01] [--explain] [--no-ingest]`: an import end to end (issue 16) - a
 * CSV of 1,000,000 rows at scale 1 (500 locations x 15-minute slots, sales, transactions and staff
 * hours, so 3 points a row) uploaded over HTTP to `POST /api/file-upload`, then run (`POST .../run`)
 * and polled to the end - rows per second, node and PostgreSQL CPU seconds (measured from outside:
 * this process, where the server runs, and the cluster's processes) and the process's memory growth
 * (RSS, sampled every 100 ms), beside the same number of points sent through
 * `POST /api/ingest/measurements` (10,000 a request, 4 in flight) on the same series, a month later.
 * `--explain` adds each statement of the first run over 10 ms with its duration and rows
 * (auto_explain with ANALYZE, so on the run's real temp tables; the durations include its overhead).
 */
const SLOT = 15 * 60_000;
const KPIS = ['Sales', 'Transactions', 'StaffHours'] as const;

export const importsBench: BenchModule = {
  name: 'imports',
  description:
    'data imports: a 1,000,000-row CSV end to end (rows/s, memory) beside POST /api/ingest/measurements',
  async run(options) {
    const rowsWanted = Math.max(1000, Math.round(1_000_000 * options.scale));
    const locations = Math.min(500, rowsWanted);
    const slots = Math.ceil(rowsWanted / locations);
    const rowCount = slots * locations;
    const database = await freshDatabase('imports', { keep: options.flags.has('keep') });
    const { db, pool } = createDb(database.url, { max: 10 });
    // --explain: each statement of the first run over 10 ms (auto_explain, EXPLAIN ANALYZE of the
    // real temp tables, answered to the connection as a notice), its duration and rows
    const explained: { ms: number; rows: number; text: string }[] = [];
    let explaining = false;
    if (options.flags.has('explain')) {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const dbName = new URL(database.url).pathname.slice(1);
      for (const setting of [
        `session_preload_libraries = 'auto_explain'`,
        'auto_explain.log_min_duration = 10',
        'auto_explain.log_analyze = on',
        'auto_explain.log_timing = off',
        'auto_explain.log_nested_statements = on',
        `auto_explain.log_format = 'json'`,
        `auto_explain.log_level = 'notice'`,
      ])
        await admin.query(`alter database "${dbName}" set ${setting}`);
      await admin.end();
      // every connection of the pool loads it (none is open yet)
      pool.on('connect', (client) =>
        client.on('notice', (n) => {
          const m = /^duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(n.message ?? '');
          if (!explaining || !m) return;
          type Node = { 'Node Type': string; 'Actual Rows': number; Plans?: Node[] };
          const plan = JSON.parse(m[2]!) as { 'Query Text': string; Plan: Node };
          // an insert's own node answers 0 rows: the rows it was fed
          const top =
            plan.Plan['Node Type'] === 'ModifyTable' ? (plan.Plan.Plans?.[0] ?? plan.Plan) : plan.Plan;
          explained.push({
            ms: Number(m[1]),
            rows: top['Actual Rows'],
            text: plan['Query Text'].replace(/\s+/g, ' ').trim().slice(0, 90),
          });
        }),
      );
    }
    const config = loadConfig({
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATA_DIR: '/tmp/footfall-bench',
      DATABASE_URL: database.url,
    });
    const ctx: AppContext = {
      config,
      db,
      log: createLogger((process.env.BENCH_LOG_LEVEL ?? 'warn') as 'warn'),
      clock: systemClock,
      mailer: createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir }),
      tokens: new TokenService(randomBytes(32).toString('hex'), systemClock, 24 * 60),
      bus: new EventBus(),
    };
    const file = path.join(os.tmpdir(), `footfall-import-bench-${Date.now()}.csv`);
    let app: App | null = null;
    try {
      let done = step(`fresh database, ${locations} locations, a ${rowCount.toLocaleString('en')}-row CSV`);
      await migrate(db);
      app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const group = await sql<{ id: string }>`
        insert into node (type, name, parent_id, attributes)
        values ('group', 'Bench imports', null, '{"timezone":"Europe/Paris"}') returning id`.execute(db);
      const groupId = group.rows[0]!.id;
      const refs: string[] = [];
      const locationIds: string[] = [];
      for (let l = 0; l < locations; l++) {
        const ref = `S${String(l + 1).padStart(4, '0')}`;
        refs.push(ref);
        const row = await sql<{ id: string }>`
          insert into node (type, name, parent_id, reference_id, attributes)
          values ('location', ${`Bench store ${ref}`}, ${groupId}, ${ref},
            ${JSON.stringify({ timezone: l % 2 ? 'America/Toronto' : 'Europe/Paris' })}::jsonb)
          returning id`.execute(db);
        locationIds.push(row.rows[0]!.id);
      }
      const user = await db
        .insertInto('app_user')
        .values({
          username: `bench-${randomBytes(3).toString('hex')}`,
          first_name: 'Bench',
          last_name: 'Bench',
          email: 'bench@example.com',
          roles: ['superAdmin'],
          mobile_settings: '{}',
        })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow();
      const { token } = await ctx.tokens.signAccess({ sub: user.id, ver: 0, name: user.username });
      const authorization = `Bearer ${token}`;
      // the data: UTC slots from 60 days ago, one row per location and slot
      const startMs = Math.floor((Date.now() - 60 * 86_400_000) / 86_400_000) * 86_400_000;
      const value = (l: number, s: number, k: number) =>
        ((l * 31 + s * 17 + k * 7) % 97) + (k === 0 ? 0.5 : 0);
      await new Promise<void>((resolve, reject) => {
        const out = fs.createWriteStream(file);
        out.on('error', reject);
        out.write('store,date,time,sales,transactions,staff\n');
        let s = 0;
        const writeMore = () => {
          while (s < slots) {
            const iso = new Date(startMs + s * SLOT).toISOString();
            const date = iso.slice(0, 10);
            const time = iso.slice(11, 16);
            let chunk = '';
            for (let l = 0; l < locations; l++)
              chunk += `${refs[l]},${date},${time},${value(l, s, 0)},${value(l, s, 1)},${value(l, s, 2)}\n`;
            s++;
            if (!out.write(chunk)) return void out.once('drain', writeMore);
          }
          out.end(resolve);
        };
        writeMore();
      });
      const bytes = fs.statSync(file).size;
      done();

      const send = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(baseUrl + url, {
          method,
          headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : null,
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
        return JSON.parse(text) as unknown;
      };
      const body: ImportTaskBody = {
        organizationalTreeId: groupId,
        name: 'Bench',
        source: { kind: 'upload' },
        format: 'csv',
        delimiter: 'comma',
        encoding: 'utf-8',
        mapping: {
          location: 'store',
          locationBy: 'referenceId',
          date: 'date',
          dateFormat: 'YYYY-MM-DD',
          time: 'time',
          timeFormat: 'HH:mm',
          values: { Sales: 'sales', Transactions: 'transactions', StaffHours: 'staff' },
          decimalComma: false,
        },
        timeZone: 'UTC',
        granularity: '15',
        skipInvalidRows: false,
      };
      const task = (await send('POST', '/api/ExternalDataImportTask', body)) as { id: string };
      // CPU from outside the server: this process (the server runs in it) and the whole cluster
      const meter = await cpuMeter(db);

      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 100);
      const importOnce = async (label: string) => {
        const done = step(`${label}: upload ${(bytes / 1024 / 1024).toFixed(1)} MB, run, poll to the end`);
        const cpu0 = meter.read();
        const t0 = performance.now();
        const up = await fetch(`${baseUrl}/api/file-upload?name=bench.csv`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/octet-stream' },
          body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        if (!up.ok) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
        const { fileId } = (await up.json()) as { fileId: string };
        const uploadSeconds = (performance.now() - t0) / 1000;
        let run = (await send('POST', `/api/ExternalDataImportTask/${task.id}/run`, { fileId })) as ImportRun;
        while (run.status === 'running') {
          await new Promise((r) => setTimeout(r, 250));
          run = (await send('GET', `/api/ExternalDataImportTask/${task.id}/runs/${run.id}`)) as ImportRun;
        }
        const seconds = (performance.now() - t0) / 1000;
        const cpu1 = meter.read();
        done();
        if (run.status !== 'succeeded' || run.rowsWritten !== rowCount)
          throw new Error(`the run ended ${run.status} with ${run.rowsWritten} rows written: ${run.message}`);
        const cpu = {
          node: cpu1.node - cpu0.node,
          pg: cpu1.pg === null || cpu0.pg === null ? null : cpu1.pg - cpu0.pg,
        };
        return { run, seconds, uploadSeconds, cpu };
      };
      // the first run creates the locations' series (3 per location); the second replaces every point
      explaining = true;
      const first = await importOnce('first import (creates the series)');
      explaining = false;
      const again = await importOnce('the same file again (replaces)');
      clearInterval(sampler);

      // the same points through the JSON endpoint, a month later on the same series
      const series = await db
        .selectFrom('time_series')
        .select(['id', 'node_id', 'measurement_protocol'])
        .where('node_id', 'in', locationIds)
        .execute();
      const idOf = new Map(series.map((s) => [`${s.node_id}|${s.measurement_protocol}`, s.id]));
      const shift = 30 * 86_400_000;
      const perRequest = 10_000;
      const totalPoints = rowCount * KPIS.length;
      // --no-ingest: the imports only (the JSON path of 3,000,000 points takes minutes at scale 1)
      const requests = options.flags.has('no-ingest') ? 0 : Math.ceil(totalPoints / perRequest);
      const bodyOf = (r: number) => {
        const measurements = [];
        for (let p = r * perRequest; p < Math.min(totalPoints, (r + 1) * perRequest); p++) {
          const row = Math.floor(p / KPIS.length);
          const k = p % KPIS.length;
          const s = Math.floor(row / locations);
          const l = row % locations;
          measurements.push({
            timeSeriesId: idOf.get(`${locationIds[l]}|${KPIS[k]}`)!,
            occurredOn: new Date(startMs + shift + s * SLOT).toISOString(),
            value: value(l, s, k),
          });
        }
        return JSON.stringify({ measurements });
      };
      done = step(
        `the same ${totalPoints.toLocaleString('en')} points: ${requests} JSON requests, 4 in flight`,
      );
      let next = 0;
      const cpu2 = meter.read();
      const t1 = performance.now();
      const worker = async () => {
        while (next < requests) {
          const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: bodyOf(next++),
          });
          if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const ingestSeconds = (performance.now() - t1) / 1000;
      const cpu3 = meter.read();
      done();

      if (explained.length > 0) {
        console.log();
        printTable(
          ['statement of the first run (auto_explain, >= 10 ms)', 'ms', 'rows'],
          explained.map((e) => [e.text, e.ms.toFixed(0), e.rows.toLocaleString('en')]),
        );
      }
      const cpuCells = (c: { node: number; pg: number | null }) => [
        c.node.toFixed(1),
        c.pg === null ? 'n/a' : c.pg.toFixed(1),
      ];
      console.log();
      printTable(
        ['path', 'rows', 'points', 'seconds', 'rows/s', 'node CPU s', 'PostgreSQL CPU s', 'memory growth'],
        [
          ...[
            ['import, first run (upload + run)', first],
            ['import, same file again (replaces)', again],
          ].map(([label, r]) => {
            const { run, seconds, uploadSeconds, cpu } = r as typeof first;
            return [
              `${label as string}, upload ${uploadSeconds.toFixed(1)} s`,
              rowCount.toLocaleString('en'),
              run.pointsWritten.toLocaleString('en'),
              seconds.toFixed(1),
              (rowCount / seconds).toFixed(0),
              ...cpuCells(cpu),
              `${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MB (peak, both runs)`,
            ];
          }),
          ...[
            [
              'POST /api/ingest/measurements',
              rowCount.toLocaleString('en'),
              totalPoints.toLocaleString('en'),
              ingestSeconds.toFixed(1),
              (rowCount / ingestSeconds).toFixed(0),
              ...cpuCells({
                node: cpu3.node - cpu2.node,
                pg: cpu3.pg === null || cpu2.pg === null ? null : cpu3.pg - cpu2.pg,
              }),
              '',
            ],
          ].filter(() => requests > 0),
        ],
      );
      console.log(
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      fs.rmSync(file, { force: true });
      await app?.close();
      await db.destroy();
      await database.stop();
    }
  },
};
