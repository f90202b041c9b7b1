import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { boundArray, segArray, type DayQuery, type SumRow } from './aggregated-params.js';

/**
 * Sums of node totals over whole local days: node_rollup_day, one primary-key range scan
 * (node_kpi_key, local_date) per node total. Each member added its own local date, so a group
 * spanning time zones is right here too. Every day maps to its segment by width_bucket.
 */
export async function sumNodeDays(db: Db, q: DayQuery): Promise<SumRow[]> {
  const { rows } = await sql<SumRow>`
    select x.grp, x.seg, sum(x.v)::float8 as sum, sum(x.c)::int8 as count
    from (
      select s.grp,
        (${segArray(q.segs)}::int[])[width_bucket((r.local_date - date '1970-01-01') * 1440, ${boundArray(q.bounds)}::int[])] as seg,
        case when ${q.businessHoursOnly} then r.bh_sum else r.sum end as v,
        case when ${q.businessHoursOnly} then r.bh_count else r.count end as c
      from unnest(${q.sources.keys}::int[], ${q.sources.groups}::int[]) as s(key, grp)
      cross join lateral (
        -- one index range scan per source and window (offset 0 keeps it a nested loop)
        select r.* from node_rollup_day r where r.node_kpi_key = s.key and r.local_date >= ${q.fromDate}::date and r.local_date < ${q.toDate}::date offset 0
      ) r
    ) x
    where x.seg >= 0 and x.c > 0
    group by x.grp, x.seg`.execute(db);
  return rows;
}
