import { sql } from 'kysely';
import type { App } from '../../../server/src/app.js';
import { benchApp } from './bench-app.js';
import type { Db } from '../../../server/src/platform/db/database.js';
import { freshDatabase, ms, percentile, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * `npm run bench -- --only monitoring [--monitoring-devices 10000] [--monitoring-runs 10] [--keep]`:
 * one detection pass (features/monitoring, `services.monitoring.detect`) over N devices (default
 * 10,000, 4 doors a location, 10 client groups, three time zones, open 08:00-20:00) that hold a day
 * of minute data (TrafficIn and TrafficOut, the business hours of the last 24 hours) plus one daily point on the same
 * weekday of the 4 weeks before (sudden drop). About 1 % of the doors are offline for the last two
 * hours, 1 % count zero for two hours, 1 % miscount their exits. The data is generated set-based in
 * SQL and rolled up by the ingest service's bulk rebuild; then the pass is timed `runs` times.
 * Target: <= 2 s a pass at 10,000 devices.
 */
const MINUTE = 60_000;

async function generate(app: App, db: Db, devices: number, nowMs: number) {
  const locations = Math.max(1, Math.ceil(devices / 4));
  const now = new Date(nowMs);
  await sql`
    insert into node (type, name, parent_id, attributes)
    select 'group', 'Bench client ' || g, null, '{}'::jsonb from generate_series(1, 10) g`.execute(db);
  await sql`
    with clients as (select id, row_number() over (order by name) - 1 as i from node where name like 'Bench client %')
    insert into node (type, name, parent_id, attributes)
    select 'location', 'Bench store ' || l, c.id,
           jsonb_build_object(
             'timezone', (array['Europe/Paris', 'America/Toronto', 'UTC'])[l % 3 + 1],
             'businessHours', jsonb_build_object('0', '[["08:00","20:00"]]'::jsonb, '1', '[["08:00","20:00"]]'::jsonb,
               '2', '[["08:00","20:00"]]'::jsonb, '3', '[["08:00","20:00"]]'::jsonb, '4', '[["08:00","20:00"]]'::jsonb,
               '5', '[["08:00","20:00"]]'::jsonb, '6', '[["08:00","20:00"]]'::jsonb))
    from generate_series(0, ${locations - 1}) l join clients c on c.i = l % 10`.execute(db);
  await sql`
    with locs as (select id, attributes->>'timezone' as tz, row_number() over (order by name) - 1 as i
                  from node where type = 'location' and name like 'Bench store %')
    insert into node (type, name, parent_id, attributes)
    select 'device', 'Bench door ' || d, l.id,
           jsonb_build_object('macAddress', upper(regexp_replace(lpad(to_hex(d), 12, '0'), '(..)(?!$)', '\\1:', 'g')))
    from generate_series(0, ${devices - 1}) d join locs l on l.i = d / 4`.execute(db);
  await sql`
    insert into time_series (node_id, measurement_protocol, meta_tags, source, time_zone, business_minutes, created_at)
    select d.id, p, '{}', 'bench', loc.attributes->>'timezone',
           array_fill('{[480,1200)}'::int4multirange, array[7]), ${now}
    from node d join node loc on loc.id = d.parent_id
    cross join unnest(array['TrafficIn', 'TrafficOut']) p
    where d.type = 'device' and d.name like 'Bench door %'`.execute(db);
  await sql`
    insert into node_kpi (node_id, measurement_protocol, meta_tags)
    select id, p, '{}' from node cross join unnest(array['TrafficIn', 'TrafficOut']) p
    where type = 'location' and name like 'Bench store %'`.execute(db);
  await sql`
    insert into node_kpi_member (node_kpi_key, series_key)
    select k.key, s.key from time_series s join node d on d.id = s.node_id
    join node_kpi k on k.node_id = d.parent_id and k.measurement_protocol = s.measurement_protocol`.execute(
    db,
  );
  // a day of minutes; door number d: d % 100 = 1 offline for 2 h, = 2 zero for 2 h, = 3 exits halved
  const { rows } = await sql<{ n: number }>`
    with s as (
      select s.key, s.measurement_protocol as p, substring(d.name from 12)::int as d, s.time_zone as tz
      from time_series s join node d on d.id = s.node_id where s.source = 'bench'
    ),
    ins as (
      insert into measurement (series_key, occurred_on, value)
      select s.key, t,
             case when s.d % 100 = 2 and t >= ${now}::timestamptz - interval '2 hours' then 0
                  when s.d % 100 = 3 and s.p = 'TrafficOut' then floor(random() * 3)
                  else floor(random() * 5) end
      from s cross join generate_series(${now}::timestamptz - interval '24 hours', ${now}::timestamptz - interval '1 minute',
                                        interval '1 minute') t
      where not (s.d % 100 = 1 and t >= ${now}::timestamptz - interval '2 hours')
        and (t at time zone s.tz)::time >= '08:00' and (t at time zone s.tz)::time < '20:00'
      returning 1
    )
    select count(*)::int as n from ins`.execute(db);
  await sql`
    insert into measurement (series_key, occurred_on, value)
    select s.key, ${now}::timestamptz - interval '1 day' * w - interval '12 hours', 2000
    from time_series s cross join unnest(array[7, 14, 21, 28]) w where s.source = 'bench'`.execute(db);
  const keys = (
    await sql<{ key: number }>`select key from time_series where source = 'bench'`.execute(db)
  ).rows.map((r) => r.key);
  const kpis = (
    await sql<{
      key: number;
    }>`select k.key from node_kpi k join node n on n.id = k.node_id where n.name like 'Bench store %'`.execute(
      db,
    )
  ).rows.map((r) => r.key);
  await db.transaction().execute((trx) => app.services.ingest.rebuildRollups(trx, keys, kpis));
  await sql`analyze`.execute(db);
  return { locations, rawRows: rows[0]?.n ?? 0, series: keys.length };
}

export const monitoringBench: BenchModule = {
  name: 'monitoring',
  description: 'one monitoring detection pass over 10,000 devices with a day of minute data (target <= 2 s)',
  async run(options) {
    const devices = Number(options.flags.get('monitoring-devices') ?? 10_000);
    const runs = Number(options.flags.get('monitoring-runs') ?? 10);
    if (!(devices > 0) || !(runs > 0))
      throw new Error('--monitoring-devices and --monitoring-runs must be positive');
    const database = await freshDatabase('monitoring', { keep: options.flags.has('keep') });
    // 14:00 UTC today: open in every zone of the dataset (Paris 16:00, Toronto 10:00, UTC 14:00)
    const nowMs = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 14 * 3_600_000;
    const bench = benchApp(database.url, new Date(nowMs));
    const { db } = bench;
    try {
      let done = step('fresh database, migrations');
      const app = await bench.start();
      done();
      done = step(`generating ${devices} devices, a day of minute data (set-based SQL) and rollups`);
      const data = await generate(app, db, devices, nowMs);
      done();
      const monitoring = app.services.monitoring;
      const t0 = performance.now();
      const refreshed = await monitoring.refreshHealth();
      const refreshMs = performance.now() - t0;
      // arrivals 30 s after each newest interval, as a device pushing every minute would
      await sql`update monitoring_device_health set last_arrival_at = last_interval_end + interval '30 seconds'`.execute(
        db,
      );
      const first = await monitoring.detect(new Date(nowMs));
      const times: number[] = [];
      let last = first;
      for (let i = 0; i < runs; i++) {
        const at = new Date(nowMs + (i + 1) * MINUTE);
        const s = performance.now();
        last = await monitoring.detect(at);
        times.push(performance.now() - s);
      }
      const incidents = await sql<{ rule: string; n: number }>`
        select rule, count(*)::int as n from monitoring_incident where status = 'open' group by rule order by rule`.execute(
        db,
      );
      console.log();
      printTable(
        [
          'devices',
          'locations',
          'raw rows',
          'rows read / pass',
          'health refresh ms',
          'pass p50 ms',
          'pass max ms',
          'runs',
        ],
        [
          [
            String(last.devices),
            String(data.locations),
            String(data.rawRows),
            String(last.rowsRead),
            ms(refreshMs),
            ms(percentile(times, 50)),
            ms(Math.max(...times)),
            String(runs),
          ],
        ],
      );
      console.log(
        `  first pass raised ${first.raised} incidents; open by rule: ${incidents.rows.map((r) => `${r.rule} ${r.n}`).join(', ')}` +
          `; health rows refreshed: ${refreshed}`,
      );
      if (last.devices !== devices)
        throw new Error(`the pass judged ${last.devices} devices, not ${devices}`);
    } finally {
      await bench.close();
      await database.stop();
    }
  },
};
