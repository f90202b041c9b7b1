import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { buildDataset, type Dataset } from '../../../../e2e/src/bench/timeseries-dataset.js';
import { rebuildNodeTotals, rebuildSeriesRollups } from './ingest.rollup.repository.js';

/**
 * The benchmark's dataset generator at tiny scale (4 stores, 2 days of minutes, 1 month of quarter
 * hours): the raw points it writes set-based and the rollups it builds afterwards are the ones the
 * engine's own ingest path makes from the same points - every rollup table, every column, equal.
 * (The app itself derives Occupancy series from the doors' In/Out as they are ingested; those are
 * not the generator's and are left out of the comparison.)
 */
const GENERATED = ['TrafficIn', 'TrafficOut', 'Sales', 'Transactions', 'StaffHours'];
const ROLLUPS = ['rollup_15m', 'rollup_day', 'node_rollup_15m', 'node_rollup_hour', 'node_rollup_day'];
let t: TestApp;
let data: Dataset;

beforeAll(async () => {
  t = await createTestApp();
  data = await buildDataset(t.app, t.db, { locations: 4, nowMs: Date.now(), months: 1, minuteDays: 2 });
}, 300_000);

describe('benchmark dataset generator', () => {
  it('writes raw points on the daily curve and rollups equal to a recomputation from raw', async () => {
    expect(data.rawPoints).toBeGreaterThan(50_000);
    const { rows } = await sql<{ n: number; night: number }>`
      select count(*) filter (where s.measurement_protocol = any(${GENERATED}))::int as n,
        count(*) filter (where s.measurement_protocol = any(${GENERATED})
          and extract(hour from m.occurred_on at time zone s.time_zone) not between 8 and 21)::int as night
      from measurement m join time_series s on s.key = m.series_key`.execute(t.db);
    // the count it reports is what lies in the table; no generated point outside 08:00-22:00 local
    expect(rows[0]!.n).toBe(data.rawPoints);
    expect(rows[0]!.night).toBe(0);
    await expectRollupsConsistent(t.db);
  });

  it('builds the same rollups as the ingest path fed the same points', async () => {
    for (const table of ROLLUPS)
      await sql`create table ${sql.table(`gen_${table}`)} as select * from ${sql.table(table)}`.execute(t.db);
    const { rows: points } = await sql<{ key: number; at: number; value: number }>`
      select series_key as key, (extract(epoch from occurred_on) * 1000)::float8 as at, value
      from measurement
      where series_key in (select key from time_series where measurement_protocol = any(${GENERATED}))
      order by occurred_on, series_key`.execute(t.db);
    await sql`truncate measurement, ${sql.join(ROLLUPS.map((r) => sql.table(r)))}`.execute(t.db);
    for (let i = 0; i < points.length; i += 10_000) {
      const batch = points.slice(i, i + 10_000);
      await t.app.services.ingest.store({
        keys: batch.map((p) => p.key),
        times: batch.map((p) => p.at),
        values: batch.map((p) => p.value),
      });
    }
    for (const table of ROLLUPS) {
      const by = table.startsWith('node_')
        ? sql`node_kpi_key in (select key from node_kpi where measurement_protocol = any(${GENERATED}))`
        : sql`series_key in (select key from time_series where measurement_protocol = any(${GENERATED}))`;
      const gen = sql`(select * from ${sql.table(`gen_${table}`)} where ${by})`;
      const ing = sql`(select * from ${sql.table(table)} where ${by})`;
      const { rows } = await sql<{ generated: number; ingested: number; differ: number }>`
        select (select count(*) from ${gen} g)::int as generated,
          (select count(*) from ${ing} i)::int as ingested,
          (select count(*) from ((select * from ${gen} g except select * from ${ing} i)
            union all (select * from ${ing} i except select * from ${gen} g)) d)::int as differ`.execute(
        t.db,
      );
      expect(rows[0]!.generated, table).toBeGreaterThan(0);
      expect(rows[0], table).toEqual({
        generated: rows[0]!.ingested,
        ingested: rows[0]!.ingested,
        differ: 0,
      });
    }
  }, 300_000);

  it('builds the same rollups as the engine rebuild, opening edges inside quarter hours included', async () => {
    // opening at 09:10 and closing at 20:50: the 09:00 and 20:45 buckets straddle an edge, so their
    // business-hours copy comes from their raw points (coverage 2)
    const hours = Object.fromEntries(
      ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['09:10', '20:50']] as [string, string][]]),
    );
    const edged = await buildDataset(t.app, t.db, {
      locations: 4,
      nowMs: Date.now(),
      months: 1,
      minuteDays: 2,
      hours,
    });
    expect(edged.rawPoints).toBeGreaterThan(50_000);
    const nodes = [...edged.locations.map((l) => l.id), ...edged.devices.map((d) => d.id)];
    const { rows: series } = await sql<{ key: number }>`
      select key from time_series where node_id = any(${nodes}::uuid[])`.execute(t.db);
    const keys = series.map((r) => r.key);
    const { rows: kpis } = await sql<{ key: number }>`
      select distinct node_kpi_key as key from node_kpi_member where series_key = any(${keys}::int[])`.execute(
      t.db,
    );
    const kpiKeys = kpis.map((r) => r.key);
    const { rows: straddling } = await sql<{ n: number }>`
      select count(*)::int as n from rollup_15m
      where series_key = any(${keys}::int[]) and bh_count > 0 and bh_count < count`.execute(t.db);
    expect(straddling[0]!.n).toBeGreaterThan(0);
    await expectRollupsConsistent(t.db);
    for (const table of ROLLUPS)
      await sql`create table ${sql.table(`edge_${table}`)} as select * from ${sql.table(table)}`.execute(
        t.db,
      );
    await t.db.transaction().execute(async (trx) => {
      await rebuildSeriesRollups(trx, keys);
      await rebuildNodeTotals(trx, kpiKeys);
    });
    for (const table of ROLLUPS) {
      const by = table.startsWith('node_')
        ? sql`node_kpi_key = any(${kpiKeys}::int[])`
        : sql`series_key = any(${keys}::int[])`;
      const gen = sql`(select * from ${sql.table(`edge_${table}`)} where ${by})`;
      const reb = sql`(select * from ${sql.table(table)} where ${by})`;
      const { rows } = await sql<{ generated: number; rebuilt: number; differ: number }>`
        select (select count(*) from ${gen} g)::int as generated,
          (select count(*) from ${reb} i)::int as rebuilt,
          (select count(*) from ((select * from ${gen} g except select * from ${reb} i)
            union all (select * from ${reb} i except select * from ${gen} g)) d)::int as differ`.execute(
        t.db,
      );
      expect(rows[0]!.generated, table).toBeGreaterThan(0);
      expect(rows[0], table).toEqual({ generated: rows[0]!.rebuilt, rebuilt: rows[0]!.rebuilt, differ: 0 });
    }
  }, 300_000);
});
