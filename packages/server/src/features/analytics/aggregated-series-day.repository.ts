import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type DayQuery, type StatsRow } from './aggregated-params.js';

/**
 * Series statistics over whole local days: rollup_day, one primary-key range scan
 * (series_key, local_date) per series. Per series when `perSeries` (First/Last add up each series'
 * own first/last value), else summed per group. First/last are ordered by real instants (UTC
 * minutes): a day ranks by its local midnight, a day's last value by the minute before the next one.
 */
export async function seriesDayStats(db: Db, q: DayQuery & { perSeries: boolean }): Promise<StatsRow[]> {
  const { rows } = await sql<StatsRow>`
    select x.grp, x.seg, x.sk as series_key,
      sum(x.v)::float8 as sum, sum(x.c)::int8 as count, min(x.mn) as min, max(x.mx) as max,
      (array_agg(x.f order by x.at) filter (where ${q.perSeries}))[1] as first, min(x.at) as first_at,
      (array_agg(x.l order by x.at desc) filter (where ${q.perSeries}))[1] as last, max(x.until) - 1 as last_at
    from (
      select s.grp, case when ${q.perSeries} then s.key else 0 end as sk,
        (date_part('epoch', r.local_date::timestamp at time zone s.tz) / 60)::int8 as at,
        (date_part('epoch', (r.local_date + 1)::timestamp at time zone s.tz) / 60)::int8 as until,
        (${segArray(q.segs)}::int[])[width_bucket((r.local_date - date '1970-01-01') * 1440, ${boundArray(q.bounds)}::int[])] as seg,
        case when ${q.businessHoursOnly} then r.bh_sum else r.sum end as v,
        case when ${q.businessHoursOnly} then r.bh_count else r.count end as c,
        case when ${q.businessHoursOnly} then r.bh_min else r.min end as mn,
        case when ${q.businessHoursOnly} then r.bh_max else r.max end as mx,
        case when ${q.businessHoursOnly} then r.bh_first else r.first end as f,
        case when ${q.businessHoursOnly} then r.bh_last else r.last end as l
      from unnest(${q.sources.keys}::int[], ${q.sources.timeZones}::text[], ${q.sources.groups}::int[])
        as s(key, tz, grp)
      cross join lateral (
        -- one index range scan per source and window (offset 0 keeps it a nested loop)
        select r.* from rollup_day r where r.series_key = s.key and r.local_date >= ${q.fromDate}::date and r.local_date < ${q.toDate}::date offset 0
      ) r
    ) x
    where x.seg >= 0 and x.c > 0
    group by x.grp, x.seg, x.sk`.execute(db);
  return rows;
}
