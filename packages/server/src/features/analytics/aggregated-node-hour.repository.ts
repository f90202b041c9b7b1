import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type HourQuery, type SumRow } from './aggregated-params.js';

/**
 * Sums of node totals over whole local hours: node_rollup_hour, one primary-key range scan
 * (node_kpi_key, local_hour) per node total and local window, index-only (the key carries the
 * figures, migration 0995: through the heap, 7 days hourly for 25 locations touched ~2,450 heap pages). Each member added its own local hour,
 * so a total spanning time zones is right here too. Every hour maps to its segment by width_bucket.
 */
export async function sumNodeHours(db: Db, q: HourQuery): Promise<SumRow[]> {
  const { rows } = await sql<SumRow>`
    select x.grp, x.seg, sum(x.v)::float8 as sum, sum(x.c)::int8 as count
    from (
      select s.grp,
        (${segArray(q.segs)}::int[])[width_bucket((date_part('epoch', r.local_hour) / 60)::int, ${boundArray(q.bounds)}::int[])] as seg,
        case when ${q.businessHoursOnly} then r.bh_sum else r.sum end as v,
        case when ${q.businessHoursOnly} then r.bh_count else r.count end as c
      from unnest(${q.sources.keys}::int[], ${q.sources.groups}::int[]) as s(key, grp)
      cross join unnest(${q.localStarts}::timestamp[], ${q.localEnds}::timestamp[]) as w(lo, hi)
      cross join lateral (
        -- one index range scan per source and window (offset 0 keeps it a nested loop)
        select r.* from node_rollup_hour r where r.node_kpi_key = s.key and r.local_hour >= w.lo and r.local_hour < w.hi offset 0
      ) r
    ) x
    where x.seg >= 0 and x.c > 0
    group by x.grp, x.seg`.execute(db);
  return rows;
}
