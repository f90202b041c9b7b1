import { sql } from 'kysely';
import type { App } from '../../../server/src/app.js';
import type { Db } from '../../../server/src/platform/db/database.js';
import { benchApp } from './bench-app.js';
import { freshDatabase, ms, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * `npm run bench -- --only reports [--reports-locations 500] [--reports-days 365] [--keep]`: the
 * traffic report (features/reports) for N locations (default 500, one door each, three time zones)
 * over a year, daily, through the HTTP routes of an in-process server: the first page on screen
 * (POST /api/Report/trafficReport, computed, then a page of get-rows from the kept report), the XLSX
 * and the PDF of the same report, each with the peak growth of the process's memory (RSS sampled
 * every 10 ms) while it runs, printed beside the aggregated query (POST
 * /api/TimeSeries/AggregatedTimeSeries) for the same parameters. Targets (issue 14): first page
 * <= 300 ms, XLSX <= 3 s, PDF <= 5 s, peak memory growth <= 200 MB.
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
  await sql`analyze`.execute(db);
  const group = await sql<{ id: string }>`select id from node where name = 'Bench reports client'`.execute(
    db,
  );
  return { rawRows: rows[0]?.n ?? 0, groupId: group.rows[0]!.id };
}

/** Runs `work`, answering its time and the peak RSS growth over the RSS before it. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const t0 = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: performance.now() - t0, peakMb: (peak - base) / 1_048_576 };
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
    const database = await freshDatabase('reports', { keep: options.flags.has('keep') });
    const nowMs = Math.floor(Date.now() / DAY) * DAY + 14 * 3_600_000;
    const bench = benchApp(database.url, new Date(nowMs));
    const { db } = bench;
    try {
      let done = step('fresh database, migrations');
      const app = await bench.start();
      done();
      done = step(`generating ${locations} locations, ${days + 371} days of daily TrafficIn/Out and rollups`);
      const data = await generate(app, db, locations, days, nowMs);
      done();
      const admin = await app.services.users.createAsSystem({
        username: 'bench-reports',
        password: 'Bench-password-1',
        firstName: 'Bench',
        lastName: 'Reports',
        email: 'bench-reports@bench.local',
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
      const row = (what: string, r: { ms: number; peakMb: number }, note: string) =>
        rows.push([what, ms(r.ms), r.peakMb.toFixed(0), note]);

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
      row(
        'aggregated query (same parameters)',
        aggregated,
        `${(aggregated.value.rawPayload.length / 1e6).toFixed(1)} MB JSON`,
      );
      const first = await measured(() => post('/api/Report/trafficReport?pageSize=100', parameters));
      const doc = first.value.json() as { sections: { rowCount: number }[] };
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
      const xlsx = await measured(() => post('/api/Report/trafficReport/file?format=xlsx', parameters));
      row('XLSX', xlsx, `${(xlsx.value.rawPayload.length / 1e6).toFixed(1)} MB`);
      const pdf = await measured(() => post('/api/Report/trafficReport/file?format=pdf', parameters));
      row('PDF', pdf, `${(pdf.value.rawPayload.length / 1e6).toFixed(1)} MB`);
      console.log();
      printTable(['traffic report', 'ms', 'peak RSS growth MB', ''], rows);
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
