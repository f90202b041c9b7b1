import { sql } from 'kysely';
import type { Db } from '../../../server/src/platform/db/database.js';
import { benchApp } from './bench-app.js';
import { freshDatabase, printTable, step, type BenchModule } from './bench-kit.js';
import { buildDataset } from './timeseries-dataset.js';
import { STORAGE_TABLES } from './timeseries-storage.js';
import { AUTOVACUUM_OPTIONS } from '../../../server/src/platform/db/migrations/0850_timeseries_layout.js';

/**
 * Continuous ingestion with re-sends (issue 20): every door's In/Out series gets its new minute and
 * the 5 minutes before it again (a sensor re-sending its window, counts sometimes corrected), one
 * simulated minute per batch through the ingest service (raw upsert, rollups and node totals kept
 * current), as fast as the machine allows, for `--churn-seconds` (default 180) of wall time. Sampled
 * every 10 s from pg_stat_user_tables: dead tuples, HOT updates, autovacuum runs, heap and index growth
 * per table. Run twice on fresh databases: PostgreSQL's default autovacuum thresholds, then the
 * per-table settings of migration 0850.
 */
const RESENT = 5;

interface Sample {
  table: string;
  live: number;
  dead: number;
  updates: number;
  hot: number;
  autovacuums: number;
  heap: number;
  indexes: number;
}

async function sample(db: Db): Promise<Sample[]> {
  const { rows } = await sql<Sample>`
    with rel as (
      select t.name as table, coalesce(i.inhrelid, t.name::regclass) as oid
      from unnest(${[...STORAGE_TABLES]}::text[]) t(name)
      left join pg_inherits i on i.inhparent = t.name::regclass
    )
    select rel.table, sum(s.n_live_tup)::float8 as live, sum(s.n_dead_tup)::float8 as dead,
      sum(s.n_tup_upd)::float8 as updates, sum(s.n_tup_hot_upd)::float8 as hot,
      sum(s.autovacuum_count)::float8 as autovacuums,
      sum(pg_relation_size(rel.oid))::float8 as heap, sum(pg_indexes_size(rel.oid))::float8 as indexes
    from rel join pg_stat_user_tables s on s.relid = rel.oid
    group by rel.table`.execute(db);
  return rows;
}

/** Every relation the settings apply to: the plain tables and each partition of measurement. */
async function setDefaults(db: Db) {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relkind = 'r' and (c.relname = any(${[...STORAGE_TABLES]}::text[])
      or c.oid in (select inhrelid from pg_inherits where inhparent = 'measurement'::regclass))`.execute(db);
  const names = Object.keys(AUTOVACUUM_OPTIONS);
  for (const r of rows) await sql.raw(`alter table "${r.name}" reset (${names.join(', ')})`).execute(db);
}

async function churnPhase(label: string, seconds: number, locations: number, tuned: boolean) {
  const database = await freshDatabase('churn');
  const bench = benchApp(database.url, new Date());
  const { db, clock } = bench;
  try {
    let done = step(`${label}: fresh database, ${locations} locations, 7 days of minutes`);
    const app = await bench.start();
    const data = await buildDataset(app, db, {
      locations,
      nowMs: clock.now().getTime(),
      months: 1,
      minuteDays: 7,
    });
    if (!tuned) await setDefaults(db);
    await sql`vacuum analyze`.execute(db);
    done();
    const { rows } = await sql<{ key: number }>`
      select key from time_series where measurement_protocol in ('TrafficIn', 'TrafficOut') order by key`.execute(
      db,
    );
    const keys = rows.map((r) => r.key);
    const { rows: av } = await sql<{
      setting: string;
    }>`select setting from pg_settings where name = 'autovacuum'`.execute(db);
    if (av[0]?.setting !== 'on')
      console.log(
        `\n  WARNING: autovacuum is ${av[0]?.setting} on this server: no autovacuum runs can be measured`,
      );
    const start = await sample(db);
    const peaks = new Map<string, number>();
    done = step(`${label}: ${seconds} s of ingestion, ${keys.length} series, new minute + ${RESENT} re-sent`);
    const t0 = performance.now();
    let minute = data.nowMs;
    let points = 0;
    let nextSample = t0 + 10_000;
    while (performance.now() - t0 < seconds * 1000) {
      minute += 60_000;
      clock.set(new Date(minute + 30_000));
      const batch = { keys: [] as number[], times: [] as number[], values: [] as number[] };
      for (const key of keys)
        for (let back = 0; back <= RESENT; back++) {
          batch.keys.push(key);
          batch.times.push(minute - back * 60_000);
          // a re-sent minute is sometimes corrected by one
          batch.values.push(
            ((key * 31 + minute / 60_000) % 9) + (back > 0 && (key + back) % 4 === 0 ? 1 : 0),
          );
        }
      points += await app.services.ingest.store(batch);
      if (performance.now() >= nextSample) {
        nextSample += 10_000;
        for (const s of await sample(db)) peaks.set(s.table, Math.max(peaks.get(s.table) ?? 0, s.dead));
      }
    }
    const elapsed = (performance.now() - t0) / 1000;
    done();
    // the occupancy of the doors is refolded after each batch, off the request: let it finish
    await new Promise((r) => setTimeout(r, 3000));
    const end = await sample(db);
    for (const s of end) peaks.set(s.table, Math.max(peaks.get(s.table) ?? 0, s.dead));
    console.log(
      `\n  ${label}: ${points.toLocaleString('en-US')} points (${Math.round((minute - data.nowMs) / 60_000)} ` +
        `simulated minutes) in ${elapsed.toFixed(0)} s = ${Math.round(points / elapsed).toLocaleString('en-US')} points/s`,
    );
    const mb = (b: number) => (b / 1_048_576).toFixed(1);
    printTable(
      [
        'table',
        'live rows',
        'dead end',
        'dead peak',
        'updates',
        'HOT %',
        'autovacuums',
        'heap MB (+)',
        'index MB (+)',
      ],
      end.map((e) => {
        const s = start.find((x) => x.table === e.table)!;
        const updates = e.updates - s.updates;
        return [
          e.table,
          Math.round(e.live).toLocaleString('en-US'),
          Math.round(e.dead).toLocaleString('en-US'),
          Math.round(peaks.get(e.table) ?? 0).toLocaleString('en-US'),
          updates.toLocaleString('en-US'),
          updates > 0 ? ((100 * (e.hot - s.hot)) / updates).toFixed(0) : '-',
          String(e.autovacuums - s.autovacuums),
          `${mb(e.heap)} (+${mb(e.heap - s.heap)})`,
          `${mb(e.indexes)} (+${mb(e.indexes - s.indexes)})`,
        ];
      }),
    );
  } finally {
    await bench.close();
    await database.stop();
  }
}

export const churnBench: BenchModule = {
  name: 'timeseries-churn',
  description:
    'continuous ingestion with re-sends: dead tuples, bloat, autovacuum (default vs tuned settings)',
  async run(options) {
    const seconds = Number(options.flags.get('churn-seconds') ?? 180);
    const locations = Math.max(4, Math.round(50 * options.scale));
    await churnPhase('default autovacuum settings', seconds, locations, false);
    await churnPhase('settings of migration 0850', seconds, locations, true);
  },
};
