import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * SQL of the monitoring demo (monitoring-demo.ts): the outages the demo history really holds, the
 * points a crafted fault rewrites, the demo users who receive the mails.
 */

export async function anyIncidentOn(db: Db, nodeIds: readonly string[]): Promise<boolean> {
  if (nodeIds.length === 0) return false;
  const row = await db
    .selectFrom('monitoring_incident')
    .select('id')
    .where('node_id', 'in', [...nodeIds])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Offline incidents, already resolved, for every gap of the devices' TrafficIn minute data in
 * [since, until) that left `minMinutes` or more business minutes without data (a closed night is no
 * gap). First seen `minMinutes` into the gap, when the detection would have raised it; last seen and
 * resolved at the first point after it. Newest last seen first.
 */
export async function insertOutageIncidents(
  db: Db,
  deviceIds: readonly string[],
  since: Date,
  until: Date,
  minMinutes: number,
): Promise<{ id: string; node_id: string; last_seen_at: Date }[]> {
  if (deviceIds.length === 0) return [];
  const { rows } = await sql<{ id: string; node_id: string; last_seen_at: Date }>`
    with pts as (
      select s.node_id as device_id, s.time_zone as tz, s.business_minutes as bm, m.occurred_on,
             lag(m.occurred_on) over (partition by s.key order by m.occurred_on) as prev
      from time_series s join measurement m on m.series_key = s.key
      where s.node_id = any(${[...deviceIds]}::uuid[]) and s.measurement_protocol = 'TrafficIn'
        and s.meta_tags = '{}' and m.occurred_on >= ${since} and m.occurred_on < ${until}
    ),
    gaps as (
      select device_id, prev + interval '1 minute' as gap_start, occurred_on as gap_end,
             monitoring_expected_minutes(bm, tz, prev + interval '1 minute', occurred_on) as missing
      from pts where prev is not null and occurred_on - prev > make_interval(mins => ${minMinutes})
    )
    insert into monitoring_incident (rule, severity, scope_type, node_id, status, first_seen_at, last_seen_at,
                                     resolved_at, details)
    select 'offline', 'error', 0, device_id, 'resolved', gap_start + make_interval(mins => ${minMinutes}),
           gap_end, gap_end,
           jsonb_build_object('missingMinutes', missing, 'lastIntervalEnd', gap_start)
    from gaps where missing >= ${minMinutes}
    returning id, node_id, last_seen_at`.execute(db);
  return rows.sort((a, b) => b.last_seen_at.getTime() - a.last_seen_at.getTime());
}

export async function seriesKeysOf(db: Db, deviceId: string): Promise<{ in?: number; out?: number }> {
  const rows = await db
    .selectFrom('time_series')
    .select(['key', 'measurement_protocol'])
    .where('node_id', '=', deviceId)
    .where('meta_tags', '=', sql<string[]>`'{}'`)
    .where('measurement_protocol', 'in', ['TrafficIn', 'TrafficOut'])
    .execute();
  return {
    in: rows.find((r) => r.measurement_protocol === 'TrafficIn')?.key,
    out: rows.find((r) => r.measurement_protocol === 'TrafficOut')?.key,
  };
}

/** The stored points of a series in [fromMs, toMs), epoch ms. */
export async function seriesPoints(db: Db, key: number, fromMs: number, toMs: number) {
  const { rows } = await sql<{ t: number; v: number }>`
    select (extract(epoch from occurred_on) * 1000)::float8 as t, value as v from measurement
    where series_key = ${key} and occurred_on >= to_timestamp(${fromMs} / 1000.0)
      and occurred_on < to_timestamp(${toMs} / 1000.0)
    order by occurred_on`.execute(db);
  return rows;
}

export async function userIdsByUsername(db: Db, names: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('app_user')
    .select('id')
    .where('username', 'in', [...names])
    .execute();
  return rows.map((r) => r.id);
}
