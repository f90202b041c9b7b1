import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type DayQuery, type SumRow } from './aggregated-params.js';

/** Where whole-day sums are read: node totals' days, or series' own days (sums only). */
const DAY_TABLES = {
  node: { table: 'node_rollup_day', key: 'node_kpi_key' },
  series: { table: 'rollup_day', key: 'series_key' },
} as const;

/**
 * Sums over whole local days: node totals' (node_rollup_day) or series' (rollup_day: devices and
 * totals of one series when only sums are asked), one primary-key range scan per source, index-only
 * (both keys carry sum and count: migrations 0930 and 0996). Each member added its own local date, so
 * a group spanning time zones is right here too. Every day maps to its segment by width_bucket.
 */
export const sumNodeDays = (db: Db, q: DayQuery) => sumDays(db, q, 'node');
export const sumSeriesDays = (db: Db, q: DayQuery) => sumDays(db, q, 'series');

async function sumDays(db: Db, q: DayQuery, of: keyof typeof DAY_TABLES): Promise<SumRow[]> {
  const { table, key } = DAY_TABLES[of];
  // summed per group and day first (730,000 rows of a year and its N-1/Y-1 for 1,000 node totals
  // become 1,460), then each day is given its segment: width_bucket and the segment array once a
  // day and group, not once a row
  // and the answer is one row per group, its segments' figures as three comma-separated texts
  // (float8 and int8 as PostgreSQL prints them: the digits the driver would parse): a row per group
  // and segment was ~730,000 rows for a cold export of a year of days over 500 locations with
  // N-1/Y-1, and the driver's decoding of them, a string per field, was ~1 s of its CPU and garbage
  const { rows } = await sql<{ grp: number; segs: string; sums: string; counts: string }>`
    -- no "order by" in the aggregates (a sort each): the three advance together on each input row,
    -- so their items line up
    select e.grp, string_agg(e.seg::text, ',') as segs, string_agg(e.sum::text, ',') as sums,
      string_agg(e.count::text, ',') as counts
    from (
    select d.grp, d.seg, sum(d.v)::float8 as sum, sum(d.c)::int8 as count
    from (
      select x.grp, x.v, x.c,
        (${segArray(q.segs)}::int[])[width_bucket((x.local_date - date '1970-01-01') * 1440, ${boundArray(q.bounds)}::int[])] as seg
      from (
        select s.grp, r.local_date,
          sum(case when ${q.businessHoursOnly} then r.bh_sum else r.sum end) as v,
          sum(case when ${q.businessHoursOnly} then r.bh_count else r.count end) as c
        from unnest(${q.sources.keys}::int[], ${q.sources.groups}::int[]) as s(key, grp)
        cross join lateral (
          -- one index-only range scan per source and window (offset 0 keeps it a nested loop)
          select r.* from ${sql.table(table)} r where ${sql.ref(`r.${key}`)} = s.key and r.local_date >= ${q.fromDate}::date and r.local_date < ${q.toDate}::date offset 0
        ) r
        where (case when ${q.businessHoursOnly} then r.bh_count else r.count end) > 0
        group by s.grp, r.local_date
        -- offset 0: the segment's filter is not pushed down to every row
        offset 0
      ) x
    ) d
    where d.seg >= 0
    group by d.grp, d.seg
    ) e
    group by e.grp`.execute(db);
  const out: SumRow[] = [];
  for (const r of rows) {
    const segs = r.segs.split(',');
    const sums = r.sums.split(',');
    const counts = r.counts.split(',');
    for (let i = 0; i < segs.length; i++)
      out.push({ grp: r.grp, seg: Number(segs[i]), sum: Number(sums[i]), count: Number(counts[i]) });
  }
  return out;
}
