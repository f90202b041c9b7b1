import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';

/**
 * Monitoring SQL, part 1: device health and the detection pass. Every step is one set-based statement
 * over all devices at once (never a query per device), reading the health rows, the 15-minute and
 * daily rollups and the counter readings, so one pass over 10,000 devices stays within the benchmark
 * budget (`npm run bench -- --only monitoring`).
 *
 * The pass works on a temporary table `mon_dev` (one row per device: location, client group, time
 * zone and business minutes of its series, thresholds of its client group over the defaults), then:
 * 1. statuses (online / late / offline / noDataExpected / neverReported) into the health rows, and the
 *    status history;
 * 2. each rule into `mon_hit` (condition holds: raise or keep) and `mon_clear` (condition evaluated and
 *    false: resolve);
 * 3. incidents: raise (one open per node and rule), refresh, resolve.
 *
 * (A data-modifying WITH runs once and to completion whether or not the main query reads it.)
 */

type Q = Db | Tx;

export interface IngestedPoints {
  /** series key, UTC hour start (ms), earliest and latest interval start in that hour (ms) */
  keys: number[];
  hours: number[];
  minTimes: number[];
  maxTimes: number[];
  /** latest interval start in that hour with a count above zero (ms), -1 when none */
  countedTimes: number[];
}

/**
 * After an ingest: the devices' newest interval and arrival move forward, and the arrival delays of
 * each touched hour are kept (min and max, seconds after the interval end). Two statements whatever
 * the batch size; series of non-device nodes are ignored.
 */
export async function recordIngest(db: Q, p: IngestedPoints, arrivedAt: Date): Promise<void> {
  if (p.keys.length === 0) return;
  await sql`
    with pts as (
      select s.node_id as device_id, s.interval_seconds as iv, to_timestamp(h / 1000.0) as hour,
             to_timestamp(lo / 1000.0) as lo, to_timestamp(hi / 1000.0) as hi,
             case when c >= 0 and s.measurement_protocol in ('TrafficIn', 'TrafficOut')
                  then to_timestamp(c / 1000.0) end as counted
      from unnest(${p.keys}::int[], ${p.hours}::float8[], ${p.minTimes}::float8[], ${p.maxTimes}::float8[],
                  ${p.countedTimes}::float8[]) as x(k, h, lo, hi, c)
      join time_series s on s.key = x.k
      join node n on n.id = s.node_id and n.type = 'device'
    ),
    per_hour as (
      select device_id, hour,
             min(extract(epoch from (${arrivedAt}::timestamptz - (hi + make_interval(secs => iv)))))::int as min_delay,
             max(extract(epoch from (${arrivedAt}::timestamptz - (lo + make_interval(secs => iv)))))::int as max_delay
      from pts group by device_id, hour
    ),
    arrivals as (
      insert into monitoring_arrival (device_id, hour, min_delay_s, max_delay_s)
      select device_id, hour, min_delay, max_delay from per_hour
      on conflict (device_id, hour) do update
        set min_delay_s = least(monitoring_arrival.min_delay_s, excluded.min_delay_s),
            max_delay_s = greatest(monitoring_arrival.max_delay_s, excluded.max_delay_s)
    )
    insert into monitoring_device_health (device_id, last_interval_at, last_interval_end, last_arrival_at, last_counted_at)
    select device_id, max(hi), max(hi + make_interval(secs => iv)), ${arrivedAt}::timestamptz, max(counted)
    from pts group by device_id
    on conflict (device_id) do update set
      last_counted_at = greatest(monitoring_device_health.last_counted_at, excluded.last_counted_at),
      last_interval_at = greatest(monitoring_device_health.last_interval_at, excluded.last_interval_at),
      last_interval_end = greatest(monitoring_device_health.last_interval_end, excluded.last_interval_end),
      last_arrival_at = greatest(monitoring_device_health.last_arrival_at, excluded.last_arrival_at)`.execute(
    db,
  );
}

/**
 * Health from the stored data (after a bulk load, or on request): the newest interval of each device's
 * series, one index probe per series (the measurement primary key). Arrival stays as recorded.
 * `deviceIds` null = every device. Answers the number of devices refreshed.
 */
export async function refreshHealthFromData(db: Q, deviceIds: readonly string[] | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with devs as (
      select id from node where type = 'device'
        and (${deviceIds === null}::boolean or id = any(${deviceIds ?? []}::uuid[]))
    ),
    newest as (
      select d.id as device_id, max(m.t) as t, max(m.t + make_interval(secs => s.interval_seconds)) as e
      from devs d
      join time_series s on s.node_id = d.id
      cross join lateral (
        select occurred_on as t from measurement where series_key = s.key order by occurred_on desc limit 1
      ) m
      group by d.id
    ),
    counted as (
      select d.id as device_id, max(m.t) as c
      from devs d
      join time_series s on s.node_id = d.id and s.measurement_protocol in ('TrafficIn', 'TrafficOut')
      cross join lateral (
        select occurred_on as t from measurement where series_key = s.key and value > 0
        order by occurred_on desc limit 1
      ) m
      group by d.id
    ),
    up as (
      insert into monitoring_device_health (device_id, last_interval_at, last_interval_end, last_counted_at)
      select n.device_id, n.t, n.e, c.c from newest n left join counted c on c.device_id = n.device_id
      on conflict (device_id) do update set
        last_interval_at = excluded.last_interval_at,
        last_interval_end = excluded.last_interval_end,
        last_counted_at = excluded.last_counted_at
      returning 1
    )
    select count(*)::int as n from up`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Thresholds as SQL: the group's override, else the default (`th` is the merged jsonb of mon_dev). */
const th = (alias: string, key: string, type: 'int' | 'float8' = 'int'): RawBuilder<number> =>
  sql<number>`(${sql.ref(`${alias}.th`)}->>${key})::${sql.raw(type)}`;

export interface DetectionStats {
  devices: number;
  locations: number;
  /** source rows aggregated by the rules (health rows, rollup rows, counter readings) */
  rowsRead: number;
  raised: number;
  refreshed: number;
  resolved: number;
  statusChanges: number;
}

/**
 * One detection pass at `now`, in the caller's transaction. `defaults` is the documented threshold
 * set; a client group's overrides (monitoring_rule_settings) win key by key.
 */
export async function detect(
  tx: Tx,
  now: Date,
  defaults: Record<string, number>,
  /** judging the current moment (the health rows are as fresh as `now`), not the past */
  live: boolean,
): Promise<DetectionStats> {
  const ts = sql`${now.toISOString()}::timestamptz`;
  await sql`
    create temp table mon_dev on commit drop as
    with recursive clients as (
      select id, id as root from node where parent_id is null and type = 'group'
      union all
      select n.id, c.root from node n join clients c on n.parent_id = c.id where n.type <> 'device'
    )
    select d.id as device_id, d.parent_id as location_id, c.root as client_group_id,
           coalesce(b.time_zone, 'UTC') as tz,
           coalesce(b.business_minutes, array_fill('{}'::int4multirange, array[7])) as bm,
           ${JSON.stringify(defaults)}::jsonb || coalesce(rs.thresholds, '{}'::jsonb) as th
    from node d
    join clients c on c.id = d.parent_id
    left join (
      select distinct on (node_id) node_id, time_zone, business_minutes from time_series order by node_id, key
    ) b on b.node_id = d.id
    left join monitoring_rule_settings rs on rs.client_group_id = c.root
    where d.type = 'device'`.execute(tx);
  await sql`analyze mon_dev`.execute(tx);
  await sql`
    create temp table mon_hit (node_id uuid, rule text, scope_type smallint, details jsonb) on commit drop;
    create temp table mon_clear (node_id uuid, rule text) on commit drop`.execute(tx);

  // 1. statuses
  const status = await sql<{ devices: number; changes: number }>`
    with st as (
      select d.device_id, h.last_interval_end as e,
             -- business minutes without data: computed only for devices behind (most are online)
             case when h.last_interval_end is null
                    or h.last_interval_end >= ${ts} - make_interval(mins => ${th('d', 'lateMinutes')}) then null
                  else monitoring_expected_minutes(d.bm, d.tz, greatest(h.last_interval_end, ${ts} - interval '14 days'), ${ts})
             end as missing,
             ${th('d', 'lateMinutes')} as late_min, ${th('d', 'offlineMinutes')} as offline_min
      from mon_dev d left join monitoring_device_health h on h.device_id = d.device_id
    ),
    computed as (
      select device_id, missing,
             case when e is null then 'neverReported'
                  when e >= ${ts} - make_interval(mins => late_min) then 'online'
                  when missing >= offline_min then 'offline'
                  when missing = 0 then 'noDataExpected'
                  else 'late' end as status
      from st
    ),
    prev as (
      select c.*, h.status as old_status from computed c
      left join monitoring_device_health h on h.device_id = c.device_id
    ),
    closed as (
      update monitoring_status_change sc set to_at = ${ts}
      from prev p
      where sc.device_id = p.device_id and sc.to_at is null and p.old_status is distinct from p.status
      returning 1
    ),
    opened as (
      insert into monitoring_status_change (device_id, status, from_at)
      select device_id, status, ${ts} from prev where old_status is distinct from status
      returning 1
    ),
    saved as (
      insert into monitoring_device_health (device_id, status, status_since, checked_at)
      select device_id, status, ${ts}, ${ts} from prev where old_status is distinct from status
      on conflict (device_id) do update set
        status = excluded.status, status_since = excluded.status_since, checked_at = excluded.checked_at
      returning 1
    ),
    hits as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select p.device_id, 'offline', 0,
             jsonb_build_object('missingMinutes', p.missing, 'lastIntervalEnd', h.last_interval_end)
      from prev p left join monitoring_device_health h on h.device_id = p.device_id
      where p.status = 'offline'
      returning 1
    ),
    clears as (
      insert into mon_clear (node_id, rule)
      select device_id, 'offline' from prev where status not in ('offline', 'neverReported')
      returning 1
    )
    select (select count(*) from prev)::int as devices,
           (select count(*) from opened)::int as changes`.execute(tx);

  // 2a. blocked: whole 15-minute slots of the last `blockedMinutes`, all inside business hours.
  // A live pass (judging the current slot) reads the rollups only around the candidates: devices
  // whose health says they have not counted since the window started (last_counted_at, kept on
  // ingest), and the other devices of their locations; the others clear from the health row alone.
  // A pass judging the past (demo, replays) cannot trust today's health and reads every device.
  const slotEnd = new Date(Math.floor(now.getTime() / 900_000) * 900_000).toISOString();
  const blocked = await sql<{ rows: number }>`
    with w as (
      select d.device_id, d.location_id, d.bm, d.tz, d.th, ${slotEnd}::timestamptz as we,
             ${slotEnd}::timestamptz - make_interval(mins => (ceil(${th('d', 'blockedMinutes')} / 15.0) * 15)::int) as ws,
             h.last_counted_at
      from mon_dev d left join monitoring_device_health h on h.device_id = d.device_id
    ),
    -- computed once per distinct window (materialized: not re-evaluated per joined row)
    wins as materialized (
      select tz, bm, ws, we, monitoring_expected_minutes(bm, tz, ws, we) as expected
      from (select distinct tz, bm, ws, we from w) x
    ),
    open_w as (
      select w.*, wins.expected from w
      join wins on wins.tz = w.tz and wins.bm = w.bm and wins.ws = w.ws and wins.we = w.we
      where wins.expected >= extract(epoch from (w.we - w.ws)) / 60
    ),
    candidates as (
      select * from open_w where ${!live} or last_counted_at is null or last_counted_at < ws
    ),
    probed as (
      select * from open_w where location_id in (select location_id from candidates)
    ),
    -- one index range scan of the rollups per probed series (lateral)
    sums as (
      select p.device_id, coalesce(sum(r.total), 0) as total, coalesce(sum(r.points), 0) as points,
             coalesce(sum(r.nrows), 0) as nrows
      from probed p
      join time_series s on s.node_id = p.device_id and s.measurement_protocol in ('TrafficIn', 'TrafficOut')
        and s.meta_tags = '{}'
      cross join lateral (
        select sum(r.sum) as total, sum(r.count) as points, count(*) as nrows
        from rollup_15m r where r.series_key = s.key and r.bucket >= p.ws and r.bucket < p.we
      ) r
      group by p.device_id
    ),
    located as (
      select p.device_id, p.location_id, x.total, x.points, x.nrows,
             sum(x.total) over (partition by p.location_id) - x.total as others
      from probed p join sums x on x.device_id = p.device_id
    ),
    judged as (
      select l.*, c.th, c.ws, c.we from located l join candidates c on c.device_id = l.device_id
    ),
    hits as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select device_id, 'blocked', 0,
             jsonb_build_object('windowStart', ws, 'windowEnd', we, 'othersCount', others, 'points', points)
      from judged
      where points > 0 and total = 0 and others >= (th->>'blockedOthersMinCount')::int
      returning 1
    ),
    clears as (
      insert into mon_clear (node_id, rule)
      select device_id, 'blocked' from judged where total > 0
      union all
      select device_id, 'blocked' from open_w
      where ${live} and last_counted_at >= ws and device_id not in (select device_id from candidates)
      returning 1
    )
    select (select coalesce(sum(nrows), 0) from sums)::int as rows`.execute(tx);

  // 2b. imbalance over the previous local day
  const imbalance = await sql<{ rows: number }>`
    with per_dev as (
      select d.device_id, d.th, ((${ts} at time zone d.tz)::date - 1) as day,
             sum(r.sum) filter (where s.measurement_protocol = 'TrafficIn') as ins,
             sum(r.sum) filter (where s.measurement_protocol = 'TrafficOut') as outs,
             count(*) as nrows
      from mon_dev d
      join time_series s on s.node_id = d.device_id and s.measurement_protocol in ('TrafficIn', 'TrafficOut')
        and s.meta_tags = '{}'
      cross join lateral (
        select r.sum from rollup_day r where r.series_key = s.key and r.local_date = (${ts} at time zone d.tz)::date - 1
      ) r
      group by d.device_id, d.th, d.tz
    ),
    judged as (
      select *, greatest(coalesce(ins, 0), coalesce(outs, 0)) as m from per_dev
    ),
    rated as (
      select *, abs(coalesce(ins, 0) - coalesce(outs, 0)) / nullif(m, 0)::float8 as ratio from judged
      where m >= (th->>'imbalanceMinTraffic')::float8
    ),
    hits as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select device_id, 'imbalance', 0,
             jsonb_build_object('date', day, 'in', coalesce(ins, 0), 'out', coalesce(outs, 0), 'ratio', round(ratio::numeric, 3))
      from rated where ratio > (th->>'imbalanceRatio')::float8
      returning 1
    ),
    clears as (
      insert into mon_clear (node_id, rule)
      select device_id, 'imbalance' from rated where ratio <= (th->>'imbalanceRatio')::float8
      returning 1
    )
    select (select coalesce(sum(nrows), 0) from per_dev)::int as rows`.execute(tx);

  // 2c. clock drift, from the health rows (newest interval against the last arrival)
  await sql`
    with j as (
      select d.device_id, h.last_interval_at, h.last_interval_end, h.last_arrival_at,
             extract(epoch from (h.last_interval_at - h.last_arrival_at)) / 60 as ahead,
             extract(epoch from (h.last_arrival_at - h.last_interval_end)) / 60 as behind,
             ${th('d', 'clockFutureMinutes')} as fut, ${th('d', 'clockLagMinutes')} as lag,
             ${th('d', 'offlineMinutes')} as offline_min,
             -- open minutes between the newest interval and its arrival: a closed night's backfill is no drift
             case when h.last_arrival_at - h.last_interval_end > make_interval(mins => ${th('d', 'clockLagMinutes')})
                  then monitoring_expected_minutes(d.bm, d.tz, greatest(h.last_interval_end, h.last_arrival_at - interval '14 days'), h.last_arrival_at)
                  else 0 end as behind_open
      from mon_dev d join monitoring_device_health h on h.device_id = d.device_id
      where h.last_arrival_at is not null
    ),
    hit as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select device_id, 'clockDrift', 0,
             jsonb_build_object('aheadMinutes', round(ahead::numeric), 'behindMinutes', round(behind::numeric),
                                'lastArrivalAt', last_arrival_at, 'lastIntervalAt', last_interval_at)
      from j
      where ahead > fut or (behind_open > lag and last_arrival_at >= ${ts} - make_interval(mins => offline_min))
      returning 1
    )
    insert into mon_clear (node_id, rule)
    select device_id, 'clockDrift' from j
    where not (ahead > fut or (behind_open > lag and last_arrival_at >= ${ts} - make_interval(mins => offline_min)))`.execute(
    tx,
  );

  // 2d. counter resets of cumulative registers over the last 24 h
  const counters = await sql<{ rows: number }>`
    with readings as (
      select s.node_id as device_id, c.total,
             lag(c.total) over (partition by c.series_key order by c.occurred_on) as prev
      from counter_reading c
      join time_series s on s.key = c.series_key
      where c.occurred_on >= ${ts} - interval '24 hours' and c.occurred_on <= ${ts}
    ),
    per_dev as (
      select r.device_id, d.th, count(*) as nrows,
             count(*) filter (where r.prev is not null and r.total < r.prev and r.prev < 2147483648) as resets
      from readings r join mon_dev d on d.device_id = r.device_id
      group by r.device_id, d.th
    ),
    hits as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select device_id, 'counterReset', 0, jsonb_build_object('resets', resets)
      from per_dev where resets >= (th->>'counterResetsPerDay')::int
      returning 1
    ),
    clears as (
      insert into mon_clear (node_id, rule)
      select device_id, 'counterReset' from per_dev where resets < (th->>'counterResetsPerDay')::int
      returning 1
    )
    select (select coalesce(sum(nrows), 0) from per_dev)::int as rows`.execute(tx);

  // 2e. sudden drop of a location's traffic in (previous local day against the same weekday of 4 weeks)
  const drop = await sql<{ rows: number; locations: number }>`
    with locs as (
      select distinct on (location_id) location_id, tz, bm, th, ((${ts} at time zone tz)::date - 1) as day
      from mon_dev order by location_id, device_id
    ),
    vals as (
      select l.location_id, l.th, l.day, l.tz, l.bm,
             sum(r.sum) filter (where r.local_date = l.day) as current,
             sum(r.sum) filter (where r.local_date < l.day) / 4.0 as mean,
             count(r.node_kpi_key) as nrows
      from locs l
      join node_kpi k on k.node_id = l.location_id and k.measurement_protocol = 'TrafficIn' and k.meta_tags = '{}'
      cross join lateral (
        -- node_total_day: the total's own rows, or its one door's rollup_day (migration 0990)
        select r.local_date, r.sum, r.node_kpi_key from node_total_day r
        where r.node_kpi_key = k.key and r.local_date in (l.day, l.day - 7, l.day - 14, l.day - 21, l.day - 28)
      ) r
      group by l.location_id, l.th, l.day, l.tz, l.bm
    ),
    judged as (
      select * from vals
      where mean >= (th->>'dropMinTraffic')::float8
        and monitoring_expected_minutes(bm, tz, day::timestamp at time zone tz, (day + 1)::timestamp at time zone tz) > 0
    ),
    hits as (
      insert into mon_hit (node_id, rule, scope_type, details)
      select location_id, 'suddenDrop', 1,
             jsonb_build_object('date', day, 'value', coalesce(current, 0), 'mean', round(mean::numeric, 1))
      from judged where coalesce(current, 0) < (1 - (th->>'dropRatio')::float8) * mean
      returning 1
    ),
    clears as (
      insert into mon_clear (node_id, rule)
      select location_id, 'suddenDrop' from judged where coalesce(current, 0) >= (1 - (th->>'dropRatio')::float8) * mean
      returning 1
    )
    select (select coalesce(sum(nrows), 0) from vals)::int as rows,
           (select count(*) from locs)::int as locations`.execute(tx);

  await sql`analyze mon_hit; analyze mon_clear`.execute(tx);

  // 3. incidents. An ongoing incident is open, or discarded with the condition still holding
  // (resolved_at null): a discarded false alarm is not raised again until its condition has cleared.
  const applied = await sql<{ raised: number; refreshed: number; resolved: number }>`
    with refreshed as (
      update monitoring_incident i set last_seen_at = ${ts}, details = h.details
      from mon_hit h
      where i.node_id = h.node_id and i.rule = h.rule and i.resolved_at is null and i.status in ('open', 'discarded')
      returning i.node_id, i.rule
    ),
    raised as (
      insert into monitoring_incident (rule, severity, scope_type, node_id, status, first_seen_at, last_seen_at, details)
      select h.rule, case when h.rule in ('offline', 'blocked') then 'error' else 'warning' end,
             h.scope_type, h.node_id, 'open', ${ts}, ${ts}, h.details
      from mon_hit h
      where not exists (select 1 from monitoring_incident i
                        where i.node_id = h.node_id and i.rule = h.rule and i.resolved_at is null
                          and i.status in ('open', 'discarded'))
      on conflict (node_id, rule) where status = 'open' do nothing
      returning 1
    ),
    resolved as (
      update monitoring_incident i
      set status = case when i.status = 'open' then 'resolved' else i.status end, resolved_at = ${ts}
      from mon_clear c
      where i.node_id = c.node_id and i.rule = c.rule and i.resolved_at is null and i.status in ('open', 'discarded')
        and not exists (select 1 from mon_hit h where h.node_id = c.node_id and h.rule = c.rule)
      returning 1
    )
    select (select count(*) from raised)::int as raised, (select count(*) from refreshed)::int as refreshed,
           (select count(*) from resolved)::int as resolved`.execute(tx);

  const s = status.rows[0]!;
  const a = applied.rows[0]!;
  return {
    devices: s.devices,
    locations: drop.rows[0]?.locations ?? 0,
    rowsRead:
      s.devices +
      (blocked.rows[0]?.rows ?? 0) +
      (imbalance.rows[0]?.rows ?? 0) +
      (counters.rows[0]?.rows ?? 0) +
      (drop.rows[0]?.rows ?? 0),
    raised: a.raised,
    refreshed: a.refreshed,
    resolved: a.resolved,
    statusChanges: s.changes,
  };
}
