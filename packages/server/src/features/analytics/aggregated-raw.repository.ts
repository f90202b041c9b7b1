import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type InstantQuery, type StatsRow } from './aggregated-params.js';

/**
 * Raw minutes, only for the unaligned edges of a range (never more than 14 minutes a segment end):
 * measurement primary key (series_key, occurred_on) range scan per series over the UTC window.
 * A point belongs to the local minute of its start; business hours come from the series' copy of
 * its location's hours (business_minutes[weekday + 1] holds minutes of the day).
 */
export async function rawStats(db: Db, q: InstantQuery & { perSeries: boolean }): Promise<StatsRow[]> {
  const { rows } = await sql<StatsRow>`
    select x.grp, x.seg, x.sk as series_key,
      sum(x.v)::float8 as sum, count(*)::int8 as count, min(x.v) as min, max(x.v) as max,
      (array_agg(x.v order by x.utc) filter (where ${q.perSeries}))[1] as first, min(x.utc) as first_at,
      (array_agg(x.v order by x.utc desc) filter (where ${q.perSeries}))[1] as last, max(x.utc) as last_at
    from (
      select s.grp, case when ${q.perSeries} then s.key else 0 end as sk, floor(date_part('epoch', m.occurred_on) / 60)::int8 as utc, m.value as v, t.at,
        (${segArray(q.segs)}::int[])[width_bucket(t.at, ${boundArray(q.bounds)}::int[])] as seg
      from unnest(${q.sources.keys}::int[], ${q.sources.timeZones}::text[], ${q.sources.groups}::int[])
        as s(key, tz, grp)
      cross join unnest(${q.windowStarts}::timestamptz[], ${q.windowEnds}::timestamptz[]) as w(lo, hi)
      cross join lateral (
        -- one index range scan per source and window (offset 0 keeps it a nested loop)
        select r.occurred_on, r.value from measurement r where r.series_key = s.key and r.occurred_on >= w.lo and r.occurred_on < w.hi offset 0
      ) m
      join time_series ts on ts.key = s.key
      cross join lateral (select floor(date_part('epoch', m.occurred_on at time zone s.tz) / 60)::int as at) t
      where not ${q.businessHoursOnly}
        or ts.business_minutes[((t.at / 1440 + 4) % 7) + 1] @> (t.at % 1440)
    ) x
    where x.seg >= 0
    group by x.grp, x.seg, x.sk`.execute(db);
  return rows;
}
