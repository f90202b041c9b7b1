import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Bulk writes of the demo history into series that hold nothing yet: plain multi-row INSERT ...
 * SELECT FROM unnest (three array parameters per statement instead of one per value), with
 * synchronous_commit off for the load transaction (the demo is regenerated from its seed if a crash
 * loses it). Rollups are rebuilt afterwards in one pass.
 */
export async function bulkInsertMeasurements(
  trx: Q,
  keys: Int32Array,
  times: Float64Array,
  values: Float64Array,
  length: number,
): Promise<void> {
  const CHUNK = 100_000;
  for (let i = 0; i < length; i += CHUNK) {
    const end = Math.min(length, i + CHUNK);
    await sql`
      insert into measurement (series_key, occurred_on, value)
      select k, to_timestamp(t / 1000.0), v
      from unnest(${Array.from(keys.subarray(i, end))}::int[], ${Array.from(times.subarray(i, end))}::float8[],
        ${Array.from(values.subarray(i, end))}::float8[]) as x(k, t, v)`.execute(trx);
  }
}

/** The load transaction may lose its last commit in a crash (the demo comes back from its seed). */
export async function relaxDurability(trx: Q): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/** Fewer rows than this in measurement: a fresh database, where keys are rebuilt after the load. */
const FRESH_LIMIT = 50_000;

export async function isFreshStore(trx: Q): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from measurement limit ${FRESH_LIMIT}) x`.execute(trx);
  return (rows[0]?.n ?? 0) < FRESH_LIMIT;
}

/**
 * On a fresh database the primary keys of the big tables are dropped for the load and built once
 * after it (an index built in one pass costs a fraction of 1.6 M ordered insertions). Inside the
 * load transaction: a crash brings them back with the rollback.
 */
const BULK_KEYS = [
  ['measurement', 'measurement_pkey', 'series_key, occurred_on'],
  ['rollup_15m', 'rollup_15m_pkey', 'series_key, bucket'],
  // the daily and hourly keys carry their figures (index-only reads: migrations 0996, 0995, 0930)
  ['rollup_day', 'rollup_day_pkey', 'series_key, local_date', 'count, bh_count, sum, bh_sum'],
  ['node_rollup_15m', 'node_rollup_15m_pkey', 'node_kpi_key, bucket'],
  ['node_rollup_hour', 'node_rollup_hour_pkey', 'node_kpi_key, local_hour', 'count, bh_count, sum, bh_sum'],
  ['node_rollup_day', 'node_rollup_day_pkey', 'node_kpi_key, local_date', 'sum, count, bh_sum, bh_count'],
] as const;

export async function dropBulkKeys(trx: Q): Promise<void> {
  for (const [table, key] of BULK_KEYS)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(key)}`.execute(trx);
}

/** Builds the dropped keys again: 'raw' (measurement, which the rollup rebuild reads by key) or 'rollups'. */
export async function restoreBulkKeys(trx: Q, which: 'raw' | 'rollups'): Promise<void> {
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const [table, key, columns, include] of BULK_KEYS) {
    if ((table === 'measurement') !== (which === 'raw')) continue;
    const carried = include ? sql` include (${sql.raw(include)})` : sql``;
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(key)} primary key (${sql.raw(columns)})${carried}`.execute(
      trx,
    );
  }
}

/** Whether any of these series holds a value (the demo history exists). */
export async function anyMeasurement(db: Db, seriesKeys: readonly number[]): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from measurement where series_key = any(${[...seriesKeys]}::int[])) as found`.execute(
    db,
  );
  return rows[0]?.found ?? false;
}

/** The newest instant of any of these series (epoch ms), null without data. */
export async function lastInstant(db: Db, seriesKeys: readonly number[]): Promise<number | null> {
  const { rows } = await sql<{ t: number | null }>`
    select (extract(epoch from max(x.t)) * 1000)::float8 as t
    from unnest(${[...seriesKeys]}::int[]) k
    cross join lateral (select max(occurred_on) as t from measurement where series_key = k) x`.execute(db);
  return rows[0]?.t ?? null;
}

/** Node totals that add up any of these series. */
export async function nodeKpisOfSeries(db: Db, seriesKeys: readonly number[]): Promise<number[]> {
  const { rows } = await sql<{ key: number }>`
    select distinct node_kpi_key as key from node_kpi_member where series_key = any(${[...seriesKeys]}::int[])`.execute(
    db,
  );
  return rows.map((r) => r.key);
}

export async function analyzeTimeSeriesTables(db: Db): Promise<void> {
  await sql`analyze measurement, rollup_15m, rollup_day, node_rollup_15m, node_rollup_hour, node_rollup_day, time_series`.execute(
    db,
  );
}

/** A schedule for the demo locations unless one already lists any of them. */
export async function hasResetSchedule(db: Db, locationIds: readonly string[]): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from occupancy_reset_schedule_location where node_id = any(${[...locationIds]}::uuid[]))
      as found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Empties series (the demo's occupancy histories hold only a start point before the load). */
export async function clearSeries(db: Db, seriesKeys: readonly number[]): Promise<void> {
  await sql`delete from measurement where series_key = any(${[...seriesKeys]}::int[])`.execute(db);
}

/**
 * The UTC offsets (minutes) of a time zone over [fromMs, toMs) as PostgreSQL's tz database has them:
 * the offset at `fromMs`, then each change, sampled hourly (every zone of the demo changes on the
 * hour). A few rows per year. See demo-zone.ts for why the demo does not use Node's copy.
 */
export async function zoneOffsets(
  db: Db,
  timeZone: string,
  fromMs: number,
  toMs: number,
): Promise<{ fromMs: number; offset: number }[]> {
  const { rows } = await sql<{ t: number; o: number }>`
    with h as (
      select t, (extract(epoch from ((t at time zone ${timeZone}) - (t at time zone 'UTC'))) / 60)::int as o
      from generate_series(date_trunc('hour', to_timestamp(${fromMs} / 1000.0)), to_timestamp(${toMs} / 1000.0),
                           interval '1 hour') t
    )
    select (extract(epoch from t) * 1000)::float8 as t, o
    from (select t, o, lag(o) over (order by t) as prev from h) x
    where prev is null or prev <> o
    order by t`.execute(db);
  return rows.map((r) => ({ fromMs: r.t, offset: r.o }));
}
