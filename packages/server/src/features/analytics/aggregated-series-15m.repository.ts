import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type InstantQuery, type StatsRow } from './aggregated-params.js';

/**
 * Series statistics over whole 15-minute slots: rollup_15m, one primary-key range scan
 * (series_key, bucket) per series over the UTC window; each series' own zone gives the local slot.
 */
export async function series15mStats(db: Db, q: InstantQuery & { perSeries: boolean }): Promise<StatsRow[]> {
  const { rows } = await sql<StatsRow>`
    select x.grp, x.seg, x.sk as series_key,
      sum(x.v)::float8 as sum, sum(x.c)::int8 as count, min(x.mn) as min, max(x.mx) as max,
      (array_agg(x.f order by x.utc) filter (where ${q.perSeries}))[1] as first, min(x.utc) as first_at,
      (array_agg(x.l order by x.utc desc) filter (where ${q.perSeries}))[1] as last, max(x.utc) as last_at
    from (
      select s.grp, case when ${q.perSeries} then s.key else 0 end as sk, (date_part('epoch', r.bucket) / 60)::int8 as utc, (${segArray(q.segs)}::int[])[width_bucket(t.at, ${boundArray(q.bounds)}::int[])] as seg,
       
        case when ${q.businessHoursOnly} then r.bh_sum else r.sum end as v,
        case when ${q.businessHoursOnly} then r.bh_count else r.count end as c,
        case when ${q.businessHoursOnly} then r.bh_min else r.min end as mn,
        case when ${q.businessHoursOnly} then r.bh_max else r.max end as mx,
        case when ${q.businessHoursOnly} then r.bh_first else r.first end as f,
        case when ${q.businessHoursOnly} then r.bh_last else r.last end as l
      from unnest(${q.sources.keys}::int[], ${q.sources.timeZones}::text[], ${q.sources.groups}::int[])
        as s(key, tz, grp)
      cross join unnest(${q.windowStarts}::timestamptz[], ${q.windowEnds}::timestamptz[]) as w(lo, hi)
      cross join lateral (
        -- one index range scan per source and window (offset 0 keeps it a nested loop)
        select r.* from rollup_15m r where r.series_key = s.key and r.bucket >= w.lo and r.bucket < w.hi offset 0
      ) r
      cross join lateral (select (date_part('epoch', r.bucket at time zone s.tz) / 60)::int as at) t
    ) x
    where x.seg >= 0 and x.c > 0
    group by x.grp, x.seg, x.sk`.execute(db);
  return rows;
}
