import { sql } from 'kysely';
import { formatLocal, parseLocal, type LocalMinute } from '@footfall/domain';
import type { Db } from '../../../server/src/platform/db/database.js';

/**
 * The baseline: the same questions answered the plain way, one GROUP BY over the raw points of the
 * subtree's series (recursive walk of the tree, each point's local time from its series' zone,
 * business hours from the series' copy of its location's hours). No rollup is read.
 */
export interface BaselineQuestion {
  rootIds: string[];
  protocol: string;
  from: LocalMinute;
  to: LocalMinute;
  unit: 'hour' | 'day' | 'month';
  businessHoursOnly: boolean;
}

/**
 * With `--cached-baseline` and a kept dataset (`--data-dir`), answers computed by an earlier run are
 * read back from `bench_baseline` instead (the data are the same): for quick iterations on the
 * engine only. Its timings are then meaningless, and the table says so.
 */
export const baselineCache = { enabled: false };

/** Local bucket start (clipped to `from`) -> sum. */
export async function baselineSums(db: Db, q: BaselineQuestion): Promise<Map<LocalMinute, number>> {
  if (!baselineCache.enabled) return computeSums(db, q);
  await sql`create table if not exists bench_baseline (question text primary key, sums jsonb not null)`.execute(
    db,
  );
  const question = JSON.stringify(q);
  const { rows } = await sql<{ sums: [number, number][] }>`
    select sums from bench_baseline where question = ${question}`.execute(db);
  if (rows[0]) return new Map(rows[0].sums);
  const sums = await computeSums(db, q);
  await sql`insert into bench_baseline (question, sums) values (${question}, ${JSON.stringify([...sums])}::jsonb)
    on conflict do nothing`.execute(db);
  return sums;
}

async function computeSums(db: Db, q: BaselineQuestion): Promise<Map<LocalMinute, number>> {
  const from = formatLocal(q.from);
  const to = formatLocal(q.to);
  // every zone is within UTC-12..UTC+14: a UTC window that certainly holds the local range
  const u0 = new Date((q.from - 14 * 60) * 60_000);
  const u1 = new Date((q.to + 12 * 60) * 60_000);
  const { rows } = await sql<{ bucket: string; sum: number }>`
    with recursive sub as (
      select id from node where id = any(${q.rootIds}::uuid[])
      union
      select n.id from node n join sub on n.parent_id = sub.id
    )
    select to_char(greatest(date_trunc(${q.unit}, l.lt), ${from}::timestamp), 'YYYY-MM-DD HH24:MI') as bucket,
      sum(m.value)::float8 as sum
    from time_series ts
    join measurement m on m.series_key = ts.key and m.occurred_on >= ${u0} and m.occurred_on < ${u1}
    cross join lateral (select m.occurred_on at time zone ts.time_zone as lt) l
    where ts.node_id in (select id from sub) and ts.measurement_protocol = ${q.protocol}
      and not ts.excluded_in_formula
      and l.lt >= ${from}::timestamp and l.lt < ${to}::timestamp
      and (not ${q.businessHoursOnly}
        or ts.business_minutes[extract(dow from l.lt)::int + 1]
          @> (extract(hour from l.lt) * 60 + extract(minute from l.lt))::int)
    group by 1`.execute(db);
  return new Map(rows.map((r) => [parseLocal(r.bucket)!, r.sum]));
}
