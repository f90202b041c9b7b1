import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../platform/context.js';
import { loadConfig } from '../../config/config.js';
import { createDb, ensureDatabase, migrate } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { systemClock } from '../../platform/clock.js';
import { TokenService } from '../../platform/auth/tokens.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { EventBus } from '../../platform/event-bus.js';
import { traceStatementCpu } from './ingest.statement-cpu.js';

/**
 * Ingestion throughput through the real HTTP endpoint (not a test): POSTs batches of 10,000 minute
 * points over real sockets with `concurrency` requests in flight, rollups and node totals maintained
 * as in production. Used by `npm run bench`; runnable alone (`--statements`: then 20 more batches, one
 * in flight, with the backend CPU of each SQL statement per 1,000 points):
 *   npx tsx packages/server/src/features/timeseries/ingest.bench.ts postgres://.../footfall_bench [--statements]
 */
export async function measureIngestThroughput(opts: {
  baseUrl: string;
  authorization: string;
  seriesIds: string[];
  batches: number;
  concurrency: number;
  /** first minute written (epoch ms) */
  startMs: number;
}): Promise<{ points: number; seconds: number; pointsPerSecond: number }> {
  const BATCH = 10_000;
  const perSeries = Math.max(1, Math.floor(BATCH / opts.seriesIds.length));
  const bodies: string[] = [];
  for (let b = 0; b < opts.batches; b++) {
    const measurements = [];
    for (const id of opts.seriesIds) {
      for (let m = 0; m < perSeries; m++) {
        const t = opts.startMs + (b * perSeries + m) * 60_000;
        measurements.push({
          timeSeriesId: id,
          occurredOn: new Date(t).toISOString(),
          value: (m * 7 + b) % 9,
        });
      }
    }
    bodies.push(JSON.stringify({ measurements }));
  }
  const points = opts.batches * perSeries * opts.seriesIds.length;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const res = await fetch(`${opts.baseUrl}/api/ingest/measurements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: opts.authorization },
        body,
      });
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { points, seconds, pointsPerSecond: Math.round(points / seconds) };
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: ingest.bench.ts <postgres url of a scratch database>');
  const trace = process.argv.includes('--statements') ? traceStatementCpu() : null;
  await ensureDatabase(url);
  const { db } = createDb(url);
  await migrate(db);
  const config = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: '/tmp/footfall-ingest-bench', DATABASE_URL: url });
  const ctx: AppContext = {
    config,
    db,
    log: createLogger('warn'),
    clock: systemClock,
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir }),
    tokens: new TokenService(randomBytes(32).toString('hex'), systemClock, 60),
    bus: new EventBus(),
  };
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // 100 locations x 2 devices, TrafficIn per device, under one group
  const suffix = randomBytes(3).toString('hex');
  const group = await db
    .insertInto('node')
    .values({ type: 'group', name: `Bench ${suffix}`, parent_id: null, attributes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const seriesIds: string[] = [];
  for (let l = 0; l < 100; l++) {
    const loc = await db
      .insertInto('node')
      .values({
        type: 'location',
        name: `Store ${l}`,
        parent_id: group.id,
        attributes: JSON.stringify({
          timezone: l % 2 ? 'America/Toronto' : 'Europe/Paris',
          businessHours: { '1': [['09:00', '21:00']], '2': [['09:00', '21:00']], '3': [['09:00', '21:00']] },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let d = 0; d < 2; d++) {
      const dev = await db
        .insertInto('node')
        .values({ type: 'device', name: `Door ${l}.${d}`, parent_id: loc.id, attributes: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      seriesIds.push(
        (await app.services.series.ensureSeries({ nodeId: dev.id, measurementProtocol: 'TrafficIn' })).id,
      );
    }
  }
  const user = await db
    .insertInto('app_user')
    .values({
      username: `bench-${suffix}`,
      first_name: 'Bench',
      last_name: 'Bench',
      email: `bench-${suffix}@example.com`,
      roles: ['superAdmin'],
      mobile_settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await ctx.tokens.signAccess({ sub: user.id, ver: 0, name: `bench-${suffix}` });
  const startMs = Date.UTC(2025, 0, 6, 8, 0) - 400 * 86_400_000 * Math.random();
  const common = { baseUrl: `http://127.0.0.1:${port}`, authorization: `Bearer ${token}`, seriesIds };
  await measureIngestThroughput({
    ...common,
    batches: 3,
    concurrency: 1,
    startMs: startMs - 30 * 86_400_000,
  });
  // CPU seconds of this process and of the database's backends: on a machine shared with other
  // work, points per CPU second tell what an idle 2-core machine would do (Node and PostgreSQL each
  // on one core, the busier one bounding the rate)
  const backendCpu = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database()`.execute(db);
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // not on this machine (remote database) or gone
      }
    }
    return new Map(rows.map((r) => [r.pid, 0])).size > 0 ? ticks / 100 : 0;
  };
  for (const concurrency of [1, 2, 4]) {
    const cpu0 = process.cpuUsage();
    const pg0 = await backendCpu();
    const r = await measureIngestThroughput({
      ...common,
      batches: 20,
      concurrency,
      startMs: startMs + concurrency * 7 * 86_400_000,
    });
    const cpu = process.cpuUsage(cpu0);
    const nodeSeconds = (cpu.user + cpu.system) / 1e6;
    const pgSeconds = (await backendCpu()) - pg0;
    console.log(
      `ingest concurrency ${concurrency}: ${r.points} points in ${r.seconds.toFixed(2)} s = ${r.pointsPerSecond} points/s;` +
        ` CPU node ${nodeSeconds.toFixed(2)} s, postgres ${pgSeconds.toFixed(2)} s` +
        ` -> ${Math.round(r.points / Math.max(nodeSeconds, pgSeconds))} points/s when each has a core`,
    );
  }
  if (trace) {
    trace.start();
    const r = await measureIngestThroughput({
      ...common,
      batches: 20,
      concurrency: 1,
      startMs: startMs + 50 * 86_400_000,
    });
    const perK = (ms: number) => (ms / (r.points / 1000)).toFixed(2).padStart(8);
    console.log(
      `statements of ${r.points} points, one batch in flight (backend CPU and wall ms per 1,000 points):`,
    );
    for (const s of trace.stop().filter((s) => s.cpuMs > 0 || s.wallMs > 1))
      console.log(`${perK(s.cpuMs)} ${perK(s.wallMs)} ${String(s.runs).padStart(5)}  ${s.statement}`);
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from measurement`.execute(db);
  console.log(`measurement rows: ${rows[0]!.n}`);
  await app.close();
  await db.destroy();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
