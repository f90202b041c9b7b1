import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { InstantSumRow, SlotQuery } from './aggregated-params.js';

/**
 * Sums of node totals per 15-minute UTC slot: node_rollup_15m, one primary-key range scan
 * (node_kpi_key, bucket) per node total and UTC window (offset 0 keeps it a nested loop of index
 * scans). Rows are added up per group, zone and slot, with no per-row time-zone work: the caller
 * turns each (zone, slot) into its local slot and segment. Only node totals whose members share one
 * zone come here; both instants of a repeated autumn hour then land in the same local slot.
 */
export async function sumNode15m(db: Db, q: SlotQuery): Promise<InstantSumRow[]> {
  const { rows } = await sql<InstantSumRow>`
    select s.grp, s.zone, (date_part('epoch', r.bucket) / 60)::int8 as at, sum(r.v)::float8 as sum, sum(r.c)::int8 as count
    from unnest(${q.keys}::int[], ${q.zones}::int[], ${q.groups}::int[]) as s(key, zone, grp)
    cross join unnest(${q.windowStarts}::timestamptz[], ${q.windowEnds}::timestamptz[]) as w(lo, hi)
    cross join lateral (
      select r.bucket,
        case when ${q.businessHoursOnly} then r.bh_sum else r.sum end as v,
        case when ${q.businessHoursOnly} then r.bh_count else r.count end as c
      from node_rollup_15m r
      where r.node_kpi_key = s.key and r.bucket >= w.lo and r.bucket < w.hi
      offset 0
    ) r
    where r.c > 0
    group by s.grp, s.zone, r.bucket`.execute(db);
  return rows;
}
