import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { formatLocal, parseLocal, type LocalMinute } from '@footfall/domain';
import type { Db } from '../../../server/src/platform/db/database.js';
import type { BaselineQuestion } from './timeseries-baseline.js';

/**
 * The column-store peer (issue 20), in the benchmark only: the same raw points, the tree, the series
 * (zone, protocol) and their business hours copied into an in-memory DuckDB, then the five questions
 * asked there the way a data team would write them: a recursive walk of the tree, each point's local
 * time with ICU's `timezone(zone, instant)`, business hours through a join on (series, weekday, minute
 * range). No rollup is copied: DuckDB scans raw points.
 *
 * The copy goes through CSV files written by the PostgreSQL server itself (`COPY ... TO '<file>'`), so
 * the database must run on this machine (the embedded cluster or a local BENCH_DATABASE_URL).
 */
export interface DuckPeer {
  sums(q: BaselineQuestion): Promise<Map<LocalMinute, number>>;
  /** seconds to export from PostgreSQL and load into DuckDB, and DuckDB's own size of the raw points */
  load: { exportSeconds: number; loadSeconds: number; bytes: number | null };
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function openDuckPeer(db: Db): Promise<DuckPeer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'footfall-duck-'));
  // the PostgreSQL server (maybe another OS user) writes the files
  await fs.chmod(dir, 0o777);
  const file = (name: string) => path.join(dir, `${name}.csv`);
  let t0 = performance.now();
  const exports: [string, string][] = [
    ['measurement', 'select series_key, extract(epoch from occurred_on)::int8, value from measurement'],
    ['node', 'select id, parent_id from node'],
    ['series', `select key, node_id, measurement_protocol, time_zone, excluded_in_formula from time_series`],
    [
      'business_hours',
      `select ts.key, d.dow - 1, lower(r), upper(r)
       from time_series ts cross join lateral unnest(ts.business_minutes) with ordinality d(hours, dow)
       cross join lateral unnest(d.hours) r`,
    ],
  ];
  for (const [name, query] of exports)
    await sql.raw(`copy (${query}) to '${file(name)}' with (format csv)`).execute(db);
  const exportSeconds = (performance.now() - t0) / 1000;

  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const c = await instance.connect();
  t0 = performance.now();
  await c.run(`set TimeZone = 'UTC'`);
  await c.run(`
    create table measurement as
    select series_key, to_timestamp(t) as occurred_on, value
    from read_csv('${file('measurement')}', header = false,
      columns = {'series_key': 'INTEGER', 't': 'BIGINT', 'value': 'DOUBLE'})`);
  await c.run(`create table node as select * from read_csv('${file('node')}', header = false,
      columns = {'id': 'VARCHAR', 'parent_id': 'VARCHAR'})`);
  await c.run(`create table series as select * from read_csv('${file('series')}', header = false,
      columns = {'key': 'INTEGER', 'node_id': 'VARCHAR', 'protocol': 'VARCHAR', 'time_zone': 'VARCHAR',
                 'excluded': 'BOOLEAN'})`);
  await c.run(`create table business_hours as select * from read_csv('${file('business_hours')}', header = false,
      columns = {'series_key': 'INTEGER', 'dow': 'INTEGER', 'lo': 'INTEGER', 'hi': 'INTEGER'})`);
  const loadSeconds = (performance.now() - t0) / 1000;
  await fs.rm(dir, { recursive: true, force: true });
  const size = await c.runAndReadAll(`select sum(memory_usage_bytes)::DOUBLE as b from duckdb_memory()`);
  const bytes = Number(size.getRowObjects()[0]?.b ?? NaN);

  // one question at a time on the one connection (DuckDB parallelises each query itself)
  let queue: Promise<unknown> = Promise.resolve();
  return {
    load: { exportSeconds, loadSeconds, bytes: Number.isFinite(bytes) ? bytes : null },
    sums(q) {
      const next = queue.then(() => duckSums(c, q));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      c.closeSync();
      instance.closeSync();
    },
  };
}

async function duckSums(c: DuckDBConnection, q: BaselineQuestion): Promise<Map<LocalMinute, number>> {
  if (!q.rootIds.every((id) => UUID.test(id))) throw new Error('node ids must be uuids');
  const roots = q.rootIds.map((id) => `'${id}'`).join(', ');
  const from = formatLocal(q.from);
  const to = formatLocal(q.to);
  // every zone is within UTC-12..UTC+14: a UTC window that certainly holds the local range
  const u0 = new Date((q.from - 14 * 60) * 60_000).toISOString();
  const u1 = new Date((q.to + 12 * 60) * 60_000).toISOString();
  const businessJoin = q.businessHoursOnly
    ? `join business_hours bh on bh.series_key = p.series_key and bh.dow = dayofweek(p.lt)
         and hour(p.lt) * 60 + minute(p.lt) >= bh.lo and hour(p.lt) * 60 + minute(p.lt) < bh.hi`
    : '';
  const reader = await c.runAndReadAll(
    `with recursive sub(id) as (
       select id from node where id in (${roots})
       union
       select n.id from node n join sub on n.parent_id = sub.id
     ),
     ser as (
       select key, time_zone from series
       where node_id in (select id from sub) and protocol = $protocol and not excluded
     ),
     p as (
       select m.series_key, m.value, timezone(s.time_zone, m.occurred_on) as lt
       from measurement m join ser s on s.key = m.series_key
       where m.occurred_on >= $u0::TIMESTAMPTZ and m.occurred_on < $u1::TIMESTAMPTZ
     )
     select strftime(greatest(date_trunc('${q.unit}', p.lt), $from::TIMESTAMP), '%Y-%m-%d %H:%M') as bucket,
       sum(p.value)::DOUBLE as sum
     from p ${businessJoin}
     where p.lt >= $from::TIMESTAMP and p.lt < $to::TIMESTAMP
     group by 1`,
    { protocol: q.protocol, u0, u1, from, to },
  );
  const out = new Map<LocalMinute, number>();
  for (const row of reader.getRowObjects()) out.set(parseLocal(String(row.bucket))!, Number(row.sum));
  return out;
}
