import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * The track reads, one query each, over `track_point` of a location's devices in a local period.
 * The period bounds turn into instants in SQL (`at time zone`), so the planner prunes the day
 * partitions outside them and reads each remaining one by its primary key (device, occurred_on, ...).
 * A position's zone is the device's first zone (by position) whose polygon holds it (`<@`).
 */

export interface PeriodScope {
  deviceIds: string[];
  timeZone: string;
  /** local wall-clock "YYYY-MM-DD HH:mm" */
  from: string;
  to: string;
}

export interface DurationFilter {
  minDurationSeconds?: number;
  maxDurationSeconds?: number;
}

const bucketOf = (col: RawBuilder<unknown>, aggregation: 'hour' | 'day' | 'all', tz: string) =>
  aggregation === 'all'
    ? sql<string>`''`
    : sql<string>`to_char(date_trunc(${aggregation}, ${col} at time zone ${tz}), 'YYYY-MM-DD HH24:MI')`;

/** Positions of the period with their zone, and the tracks passing the duration filter. */
function zonedPoints(p: PeriodScope, f: DurationFilter) {
  return sql`
    pts as (
      select tp.device_id, tp.track_id, tp.occurred_on, tp.x, tp.y, z.id as zone_id
      from track_point tp
      left join lateral (
        select id from track_zone tz where tz.device_id = tp.device_id and point(tp.x, tp.y) <@ tz.area
        order by tz.position, tz.id limit 1
      ) z on true
      where tp.device_id = any(${p.deviceIds}::uuid[])
        and tp.occurred_on >= (${p.from}::timestamp at time zone ${p.timeZone})
        and tp.occurred_on < (${p.to}::timestamp at time zone ${p.timeZone})
    ),
    tracks as (
      select device_id, track_id, min(occurred_on) as s, max(occurred_on) as e, count(*)::int as n
      from pts group by device_id, track_id
      having extract(epoch from max(occurred_on) - min(occurred_on)) >= ${f.minDurationSeconds ?? 0}
        and (${f.maxDurationSeconds ?? null}::int is null
             or extract(epoch from max(occurred_on) - min(occurred_on)) <= ${f.maxDurationSeconds ?? null}::int)
    ),
    kept as (
      select pts.* from pts join tracks using (device_id, track_id)
    ),
    runs as (
      select kept.*,
        row_number() over (partition by device_id, track_id order by occurred_on)
        - row_number() over (partition by device_id, track_id, zone_id order by occurred_on) as grp
      from kept
    ),
    visits as (
      select device_id, track_id, zone_id, min(occurred_on) as s, max(occurred_on) as e
      from runs where zone_id is not null group by device_id, track_id, zone_id, grp
    ),
    ordered as (
      select visits.*, lag(zone_id) over (partition by device_id, track_id order by s) as from_zone
      from visits
    )`;
}

export interface MasterRowDb {
  key: string;
  zone_id: string;
  tracks: number;
  visits: number;
  avg_dwell: number | null;
  entries: { fromZoneId: string | null; count: number }[];
}

/** Per local bucket (of the visit's start) and zone: tracks, visits, mean visit, where visitors came from. */
export async function masterRows(
  db: Db,
  p: PeriodScope,
  f: DurationFilter & { aggregation: 'hour' | 'day' | 'all'; zoneIds: string[] },
): Promise<{ rows: MasterRowDb[]; totalTracks: number }> {
  const key = bucketOf(sql`s`, f.aggregation, p.timeZone);
  const { rows } = await sql<MasterRowDb & { total: number }>`
    with ${zonedPoints(p, f)},
    keyed as (select ordered.*, ${key} as key from ordered
      where cardinality(${f.zoneIds}::uuid[]) = 0 or zone_id = any(${f.zoneIds}::uuid[])),
    entries as (
      select key, zone_id, from_zone, count(*)::int as n from keyed group by key, zone_id, from_zone
    ),
    total as (select count(*)::int as total from tracks)
    select k.key, k.zone_id::text, count(distinct (k.device_id, k.track_id))::int as tracks,
      count(*)::int as visits, avg(extract(epoch from k.e - k.s))::float8 as avg_dwell,
      (select coalesce(json_agg(json_build_object('fromZoneId', e.from_zone, 'count', e.n)
         order by e.n desc, e.from_zone nulls first), '[]')
       from entries e where e.key = k.key and e.zone_id = k.zone_id) as entries,
      (select total from total) as total
    from keyed k group by k.key, k.zone_id order by k.key, k.zone_id`.execute(db);
  const totalTracks =
    rows[0]?.total ??
    (
      await sql<{
        total: number;
      }>`with ${zonedPoints(p, f)} select count(*)::int as total from tracks`.execute(db)
    ).rows[0]!.total;
  return { rows, totalTracks };
}

export interface DetailRowDb {
  device_id: string;
  track_id: string;
  s: Date;
  e: Date;
  n: number;
  zone_ids: string[] | null;
  full_count: number;
}

/** The tracks themselves, optionally only those visiting a zone (in a bucket), by start. */
export async function detailRows(
  db: Db,
  p: PeriodScope,
  f: DurationFilter & {
    aggregation: 'hour' | 'day' | 'all';
    zoneId?: string;
    key?: string;
    offset: number;
    limit: number;
  },
): Promise<DetailRowDb[]> {
  const key = bucketOf(sql`o.s`, f.aggregation, p.timeZone);
  const { rows } = await sql<DetailRowDb>`
    with ${zonedPoints(p, f)},
    chosen as (
      select t.* from tracks t
      where ${f.zoneId ?? null}::uuid is null or exists (
        select 1 from ordered o where o.device_id = t.device_id and o.track_id = t.track_id
          and o.zone_id = ${f.zoneId ?? null}::uuid
          and (${f.key ?? null}::text is null or ${key} = ${f.key ?? null}::text))
    )
    select c.device_id::text, c.track_id, c.s, c.e, c.n,
      (select array_agg(o.zone_id::text order by o.s) from ordered o
        where o.device_id = c.device_id and o.track_id = c.track_id) as zone_ids,
      count(*) over ()::int as full_count
    from chosen c order by c.s, c.device_id, c.track_id
    offset ${f.offset} limit ${f.limit}`.execute(db);
  return rows;
}

/** Plan pixel of a sensor position: rotate, scale, then offset (the device's placement). */
const planX = sql`(d.offset_x + d.scale * (p.x * cos(radians(d.rotation)) - p.y * sin(radians(d.rotation))))`;
const planY = sql`(d.offset_y + d.scale * (p.x * sin(radians(d.rotation)) + p.y * cos(radians(d.rotation))))`;
const placement = sql`
  left join lateral (
    select coalesce(td.scale, 40) as scale, coalesce(td.rotation, 0) as rotation,
           coalesce(td.offset_x, 0) as offset_x, coalesce(td.offset_y, 0) as offset_y
    from (select 1) one left join track_device td on td.device_id = p.device_id
  ) d on true`;

export interface PlayerTrackDb {
  device_id: string;
  track_id: string;
  t: number[];
  x: number[];
  y: number[];
  matched: number;
}

/** The chosen tracks' positions in plan pixels, time as epoch milliseconds. */
export async function playerPoints(
  db: Db,
  p: PeriodScope,
  f: DurationFilter & { tracks?: { deviceId: string; trackId: string }[]; maxTracks: number },
): Promise<PlayerTrackDb[]> {
  const only = f.tracks ?? null;
  // no zones here: the tracks and their positions only, one pass over the period's partitions
  const { rows } = await sql<PlayerTrackDb>`
    with pts as (
      select device_id, track_id, occurred_on, x, y from track_point
      where device_id = any(${p.deviceIds}::uuid[])
        and occurred_on >= (${p.from}::timestamp at time zone ${p.timeZone})
        and occurred_on < (${p.to}::timestamp at time zone ${p.timeZone})
    ),
    tracks as (
      select device_id, track_id, min(occurred_on) as s from pts group by device_id, track_id
      having extract(epoch from max(occurred_on) - min(occurred_on)) >= ${f.minDurationSeconds ?? 0}
        and (${f.maxDurationSeconds ?? null}::int is null
             or extract(epoch from max(occurred_on) - min(occurred_on)) <= ${f.maxDurationSeconds ?? null}::int)
    ),
    chosen as (
      select t.*, count(*) over ()::int as matched from tracks t
      where ${only === null}::boolean or (t.device_id, t.track_id) in (
        select d, tr from unnest(${(only ?? []).map((r) => r.deviceId)}::uuid[],
                                 ${(only ?? []).map((r) => r.trackId)}::text[]) as u(d, tr))
      order by t.s, t.device_id, t.track_id limit ${f.maxTracks}
    )
    select c.device_id::text, c.track_id, c.matched,
      array_agg((extract(epoch from p.occurred_on) * 1000)::float8 order by p.occurred_on) as t,
      array_agg(round(${planX}::numeric, 1)::float8 order by p.occurred_on) as x,
      array_agg(round(${planY}::numeric, 1)::float8 order by p.occurred_on) as y
    from chosen c join pts p using (device_id, track_id) ${placement}
    group by c.device_id, c.track_id, c.matched, c.s order by c.s, c.device_id, c.track_id`.execute(db);
  return rows;
}

/**
 * Heat map grid over the plan: per cell of `cell` pixels, the number of positions, or the seconds spent
 * (each position holds until the track's next one, at most 10 s). Cells off the plan are left out.
 */
export async function heatMapCells(
  db: Db,
  p: PeriodScope,
  opts: { metric: 'positions' | 'dwell'; cell: number; width: number; height: number },
): Promise<{ col: number; row: number; value: number }[]> {
  const { rows } = await sql<{ col: number; row: number; value: number }>`
    with pts as (
      select p.device_id, p.track_id, p.occurred_on, ${planX} as px, ${planY} as py,
        -- least() skips nulls: a track's last position holds nothing, not 10 s
        coalesce(extract(epoch from lead(p.occurred_on) over (partition by p.device_id, p.track_id
          order by p.occurred_on) - p.occurred_on), 0) as gap
      from track_point p ${placement}
      where p.device_id = any(${p.deviceIds}::uuid[])
        and p.occurred_on >= (${p.from}::timestamp at time zone ${p.timeZone})
        and p.occurred_on < (${p.to}::timestamp at time zone ${p.timeZone})
    )
    select floor(px / ${opts.cell})::int as col, floor(py / ${opts.cell})::int as row,
      ${opts.metric === 'dwell' ? sql`coalesce(sum(least(gap, 10)), 0)::float8` : sql`count(*)::float8`} as value
    from pts where px >= 0 and py >= 0 and px < ${opts.width} and py < ${opts.height}
    group by 1, 2 order by 2, 1`.execute(db);
  return rows;
}

/** Distinct visitors (tracks) per local bucket and zone, and for the whole location (zone null). */
export async function attendanceRows(
  db: Db,
  p: PeriodScope,
  aggregation: 'hour' | 'day',
): Promise<{ key: string; zone_id: string | null; visitors: number }[]> {
  const key = bucketOf(sql`occurred_on`, aggregation, p.timeZone);
  const { rows } = await sql<{ key: string; zone_id: string | null; visitors: number }>`
    with ${zonedPoints(p, {})},
    keyed as (select device_id, track_id, zone_id, ${key} as key from pts)
    select key, zone_id::text, count(distinct (device_id, track_id))::int as visitors
    from keyed group by grouping sets ((key, zone_id), (key))
    having zone_id is not null or grouping(zone_id) = 1
    order by key, zone_id nulls first`.execute(db);
  return rows;
}
