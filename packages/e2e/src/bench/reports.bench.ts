import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import type { App } from '../../../server/src/app.js';
import type { Db } from '../../../server/src/platform/db/database.js';
import { benchApp } from './bench-app.js';
import { freshDatabase, ms, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * `npm run bench -- --only reports [--reports-locations 500] [--reports-days 365] [--keep]
 * [--reports-reuse <database kept by --keep>]`: the
 * traffic report (features/reports) for N locations (default 500, one door each, three time zones)
 * over a year, daily, through the HTTP routes of an in-process server: the first page on screen
 * (POST /api/Report/trafficReport, computed, then a page of get-rows from the kept report), the XLSX
 * and the PDF of the same report, each with the peak growth of the process's memory (RSS sampled
 * every 10 ms) while it runs, printed beside the aggregated query (POST
 * /api/TimeSeries/AggregatedTimeSeries) for the same parameters, each figure also as a share of
 * that query's time. The files are measured twice: from the report kept after the screen's pages
 * (what the export buttons get), and cold (another language: the report is computed for the file).
 * Targets (issue 14): first page <= 300 ms, XLSX <= 3 s, PDF <= 5 s, peak memory growth <= 200 MB.
 */
const DAY = 86_400_000;

async function generate(app: App, db: Db, locations: number, days: number, nowMs: number) {
  await sql`insert into node (type, name, parent_id, attributes) values ('group', 'Bench reports client', null, '{}')`.execute(
    db,
  );
  await sql`
    insert into node (type, name, parent_id, attributes)
    select 'location', 'Bench report store ' || lpad(l::text, 4, '0'), c.id,
           jsonb_build_object('timezone', (array['Europe/Paris', 'America/Toronto', 'America/Vancouver'])[l % 3 + 1])
    from generate_series(0, ${locations - 1}) l cross join (select id from node where name = 'Bench reports client') c`.execute(
    db,
  );
  await sql`
    insert into node (type, name, parent_id, attributes)
    select 'device', 'Bench report door ' || substring(l.name from 20), l.id, '{}'::jsonb
    from node l where l.type = 'location' and l.name like 'Bench report store %'`.execute(db);
  await sql`
    insert into time_series (node_id, measurement_protocol, meta_tags, source, time_zone, business_minutes, created_at)
    select d.id, p, '{}', 'bench-reports', loc.attributes->>'timezone',
           array_fill('{[0,1440)}'::int4multirange, array[7]), ${new Date(nowMs)}
    from node d join node loc on loc.id = d.parent_id
    cross join unnest(array['TrafficIn', 'TrafficOut']) p
    where d.type = 'device' and d.name like 'Bench report door %'`.execute(db);
  await sql`
    insert into node_kpi (node_id, measurement_protocol, meta_tags)
    select id, p, '{}' from node cross join unnest(array['TrafficIn', 'TrafficOut']) p
    where type = 'location' and name like 'Bench report store %'`.execute(db);
  await sql`
    insert into node_kpi_member (node_kpi_key, series_key)
    select k.key, s.key from time_series s join node d on d.id = s.node_id
    join node_kpi k on k.node_id = d.parent_id and k.measurement_protocol = s.measurement_protocol
    where s.source = 'bench-reports'`.execute(db);
  // one point a day at 12:00 UTC (inside the local day in every zone), the year and the year before
  const start = new Date(nowMs - (days + 371) * DAY);
  const { rows } = await sql<{ n: number }>`
    with ins as (
      insert into measurement (series_key, occurred_on, value)
      select s.key, t, 200 + floor(random() * 300)
      from time_series s
        cross join generate_series(${start}::timestamptz, ${new Date(nowMs - DAY)}::timestamptz, interval '1 day') t
      where s.source = 'bench-reports'
      returning 1
    )
    select count(*)::int as n from ins`.execute(db);
  const keys = (
    await sql<{ key: number }>`select key from time_series where source = 'bench-reports'`.execute(db)
  ).rows.map((r) => r.key);
  const kpis = (
    await sql<{ key: number }>`
      select k.key from node_kpi k join node n on n.id = k.node_id where n.name like 'Bench report store %'`.execute(
      db,
    )
  ).rows.map((r) => r.key);
  await db.transaction().execute((trx) => app.services.ingest.rebuildRollups(trx, keys, kpis));
  // vacuumed as autovacuum leaves a table after a load: its visibility map lets the daily node totals
  // be read index-only (their key carries the figures)
  await sql`vacuum analyze`.execute(db);
  const group = await sql<{ id: string }>`select id from node where name = 'Bench reports client'`.execute(
    db,
  );
  return { rawRows: rows[0]?.n ?? 0, groupId: group.rows[0]!.id };
}

/** The URL of a database an earlier run kept (`--keep`), on the server of BENCH_DATABASE_URL. */
function reusedUrl(name: string): string {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) throw new Error('--reports-reuse needs BENCH_DATABASE_URL (the server of the kept database)');
  const url = new URL(given);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The dataset of a kept database, generated by an earlier run (same locations and days). */
async function reused(db: Db) {
  const { rows } = await sql<{ id: string; n: number }>`
    select (select id from node where name = 'Bench reports client') as id,
      (select count(*)::int from measurement) as n`.execute(db);
  if (!rows[0]?.id) throw new Error('--reports-reuse: no reports bench dataset in that database');
  return { rawRows: rows[0].n, groupId: rows[0].id };
}

/**
 * A full collection, so that a step does not pay for the garbage of the step before it (the first
 * page, after the aggregated query's ~400-550 MB, was billed 150-240 CPU ms instead of ~115). The
 * bench runs under tsx without --expose-gc: the collector's function is asked of V8 here.
 */
const collectGarbage: () => void =
  global.gc ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();

/**
 * Runs `work` after a full collection, answering its time, the CPU time of this process meanwhile (all its threads; not
 * PostgreSQL's: on a loaded machine the wall time is mostly waiting for a core) and the peak RSS
 * growth over the RSS before it.
 */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; cpuMs: number; peakMb: number }> {
  collectGarbage();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpu0);
    return {
      value,
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakMb: (peak - base) / 1_048_576,
    };
  } finally {
    clearInterval(timer);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 00:00`;
};

export const reportsBench: BenchModule = {
  name: 'reports',
  description: 'the traffic report for 500 locations over a year, daily: first page, XLSX, PDF, memory',
  async run(options) {
    const locations = Number(options.flags.get('reports-locations') ?? 500);
    const days = Number(options.flags.get('reports-days') ?? 365);
    if (!(locations > 0 && locations <= 500) || !(days > 0))
      throw new Error('--reports-locations must be 1-500 and --reports-days positive');
    const reuse = options.flags.get('reports-reuse');
    const database = reuse
      ? { url: reusedUrl(reuse), stop: async () => {} }
      : await freshDatabase('reports', { keep: options.flags.has('keep') });
    const nowMs = Math.floor(Date.now() / DAY) * DAY + 14 * 3_600_000;
    const bench = benchApp(database.url, new Date(nowMs));
    const { db } = bench;
    try {
      let done = step('fresh database, migrations');
      const app = await bench.start();
      done();
      done = step(
        reuse
          ? `reading the dataset kept in ${reuse}`
          : `generating ${locations} locations, ${days + 371} days of daily TrafficIn/Out and rollups`,
      );
      const data = reuse ? await reused(db) : await generate(app, db, locations, days, nowMs);
      done();
      const admin = await app.services.users.createAsSystem({
        // a name of its own each run: a reused database (--reports-reuse) has the earlier runs' users
        username: `bench-reports-${Date.now().toString(36)}`,
        password: 'Bench-password-1',
        firstName: 'Bench',
        lastName: 'Reports',
        email: `bench-reports-${Date.now().toString(36)}@bench.local`,
        language: 'en',
        roles: ['superAdmin'],
        scopeNodeId: null,
      });
      const { token } = await bench.ctx.tokens.signAccess({ sub: admin.id, ver: 0, name: 'bench-reports' });
      const headers = { authorization: `Bearer ${token}` };
      const post = async (url: string, payload: object) => {
        const res = await app.inject({ method: 'POST', url, payload, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res;
      };
      const parameters = {
        nodeIds: [data.groupId],
        from: localDay(nowMs - days * DAY),
        to: localDay(nowMs),
        aggregation: 'P1D',
      };
      const rows: string[][] = [];
      let baseline = NaN;
      let baselineCpu = NaN;
      const row = (what: string, r: { ms: number; cpuMs: number; peakMb: number }, note: string) =>
        rows.push([
          what,
          ms(r.ms),
          `${(r.ms / baseline).toFixed(2)}x`,
          ms(r.cpuMs),
          `${(r.cpuMs / baselineCpu).toFixed(2)}x`,
          r.peakMb.toFixed(0),
          note,
        ]);

      const locationIds = (
        await sql<{
          id: string;
        }>`select id from node where type = 'location' and name like 'Bench report store %'`.execute(db)
      ).rows.map((r) => r.id);
      const aggregated = await measured(() =>
        post('/api/TimeSeries/AggregatedTimeSeries', {
          ...parameters,
          nodeIds: locationIds,
          aggregateFunctionsByKpi: [{ kpi: 'TrafficIn' }, { kpi: 'TrafficOut' }],
          modes: ['current_period', 'compared_last_period', 'compared_last_year'],
          breakdownByNode: true,
        }),
      );
      baseline = aggregated.ms;
      baselineCpu = aggregated.cpuMs;
      row(
        'aggregated query (same parameters)',
        aggregated,
        `${(aggregated.value.rawPayload.length / 1e6).toFixed(1)} MB JSON`,
      );
      const first = await measured(() => post('/api/Report/trafficReport?pageSize=100', parameters));
      const doc = first.value.json() as {
        sections: { rowCount: number; rows: unknown[]; totals: unknown }[];
      };
      row('report, first page (computed)', first, `${doc.sections[0]!.rowCount} rows`);
      const page = await measured(() =>
        post('/api/AgGrid/get-rows', {
          reportName: 'trafficReport',
          parameters,
          startRow: 1000,
          endRow: 1100,
          sortModel: [{ colId: 'trafficIn', sort: 'desc' }],
        }),
      );
      row('get-rows, sorted page (kept report)', page, '100 rows');
      // the first page computed alone is the first page of the whole report
      const unsorted = await post('/api/AgGrid/get-rows', {
        reportName: 'trafficReport',
        parameters,
        startRow: 0,
        endRow: 100,
        sortModel: [],
      });
      const [shown, whole] = [doc.sections[0]!, unsorted.json() as { rows: unknown[]; totals: unknown }];
      if (JSON.stringify([shown.rows, shown.totals]) !== JSON.stringify([whole.rows, whole.totals]))
        throw new Error('the first page differs from the first rows of the whole report');
      const file = async (label: string, format: 'xlsx' | 'pdf', body: object) => {
        const r = await measured(() => post(`/api/Report/trafficReport/file?format=${format}`, body));
        row(label, r, `${(r.value.rawPayload.length / 1e6).toFixed(1)} MB`);
      };
      await file('XLSX (report kept from the screen)', 'xlsx', parameters);
      await file('PDF (report kept from the screen)', 'pdf', parameters);
      // another language is another report: computed again for the file
      await file('XLSX, cold (report computed)', 'xlsx', { ...parameters, language: 'fr' });
      await file('PDF, cold (report computed)', 'pdf', { ...parameters, language: 'es' });
      console.log();
      printTable(
        ['traffic report', 'wall ms', 'x aggregated', 'CPU ms', 'x aggregated', 'peak RSS growth MB', ''],
        rows,
      );
      const load = os.loadavg().map((l) => l.toFixed(1));
      console.log(`  load average at the end: ${load.join(', ')} on ${os.cpus().length} cores`);
      console.log(
        `  ${locations} locations x ${days} days (${data.rawRows} raw daily points); targets: first page <= 300 ms, ` +
          'XLSX <= 3 s, PDF <= 5 s, memory growth <= 200 MB',
      );
      if (doc.sections[0]!.rowCount !== locations * days)
        throw new Error(`the report holds ${doc.sections[0]!.rowCount} rows, not ${locations * days}`);
    } finally {
      await bench.close();
      await database.stop();
    }
  },
};
