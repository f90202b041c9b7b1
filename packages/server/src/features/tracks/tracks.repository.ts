import { sql } from 'kysely';
import { MIGRATION_LOCK, type Db } from '../../platform/db/database.js';

/**
 * Track storage: the day partitions of `track_point`, the points, devices' placements, floor plans
 * and zones (migration 0750).
 */

const PARTITION_RE = /^track_point_p(\d{4})(\d{2})(\d{2})$/;
const dayName = (day: Date) => `track_point_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Creates the UTC-day partition holding `day` when missing (concurrent callers are fine). */
export async function ensurePartition(db: Db, day: Date): Promise<boolean> {
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const end = new Date(start.getTime() + 86_400_000);
  const name = dayName(start);
  const exists = await sql<{ n: number }>`select 1 as n from pg_class where relname = ${name}`.execute(db);
  if (exists.rows.length > 0) return false;
  // one creator at a time: two ingests of the same new day must not both try
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('track_point_partitions'))`.execute(tx);
    await sql
      .raw(
        `create table if not exists ${name} partition of track_point
         for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
      )
      .execute(tx);
  });
  return true;
}

/** The existing partitions, with the UTC day each holds. */
export async function listPartitions(db: Db): Promise<{ name: string; day: Date }[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'track_point' order by c.relname`.execute(db);
  return rows.flatMap((r) => {
    const m = PARTITION_RE.exec(r.name);
    return m ? [{ name: r.name, day: new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) }] : [];
  });
}

export async function dropPartition(db: Db, name: string): Promise<void> {
  if (!PARTITION_RE.test(name)) throw new Error(`not a track partition: ${name}`);
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('track_point_partitions'))`.execute(tx);
    // not while an instance migrates: its migrator reads every table (MIGRATION_LOCK)
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql.raw(`drop table if exists ${name}`).execute(tx);
  });
}

/** Stores positions (a position sent again replaces the first) and marks the device as tracking. */
export async function insertPoints(
  db: Db,
  deviceId: string,
  points: { trackIds: string[]; times: Date[]; xs: number[]; ys: number[] },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`insert into track_device (device_id) values (${deviceId}) on conflict do nothing`.execute(tx);
    const res = await sql`
      insert into track_point (device_id, track_id, occurred_on, x, y)
      select ${deviceId}::uuid, t, o, x, y
      from unnest(${points.trackIds}::text[], ${points.times.map((d) => d.toISOString())}::timestamptz[],
                  ${points.xs}::real[], ${points.ys}::real[]) as u(t, o, x, y)
      on conflict (device_id, occurred_on, track_id) do update set x = excluded.x, y = excluded.y`.execute(
      tx,
    );
    return Number(res.numAffectedRows ?? 0);
  });
}

/**
 * The track each Irisys target id continues: the device's `irisys-<target>-<start>` track whose last
 * position is at most `gapMs` before `at` (target ids are reused once a person has left).
 */
export async function recentIrisysTracks(
  db: Db,
  deviceId: string,
  at: Date,
  gapMs: number,
): Promise<Map<number, string>> {
  const { rows } = await sql<{ track_id: string }>`
    select distinct on (split_part(track_id, '-', 2)) track_id from track_point
    where device_id = ${deviceId} and track_id like 'irisys-%'
      and occurred_on between ${new Date(at.getTime() - gapMs)} and ${at}
    order by split_part(track_id, '-', 2), occurred_on desc`.execute(db);
  return new Map(rows.map((r) => [Number(r.track_id.split('-')[1]), r.track_id]));
}

export interface LocationRow {
  id: string;
  name: string;
  type: string;
  time_zone: string;
}

export async function findNode(db: Db, id: string): Promise<LocationRow | undefined> {
  const { rows } = await sql<LocationRow>`
    select id, name, type, coalesce(attributes->>'timezone', 'UTC') as time_zone from node where id = ${id}`.execute(
    db,
  );
  return rows[0];
}

export interface TrackDeviceRow {
  id: string;
  name: string;
  tracking: boolean;
  scale: number;
  rotation: number;
  offset_x: number;
  offset_y: number;
}

/** The devices of a location, with their placement (defaults when they never reported nor were placed). */
export async function locationDevices(db: Db, locationId: string): Promise<TrackDeviceRow[]> {
  const { rows } = await sql<TrackDeviceRow>`
    select n.id, n.name, d.device_id is not null as tracking,
           coalesce(d.scale, 40) as scale, coalesce(d.rotation, 0) as rotation,
           coalesce(d.offset_x, 0) as offset_x, coalesce(d.offset_y, 0) as offset_y
    from node n left join track_device d on d.device_id = n.id
    where n.parent_id = ${locationId} and n.type = 'device' order by n.name, n.id`.execute(db);
  return rows;
}

export async function upsertPlacement(
  db: Db,
  deviceId: string,
  p: { scale: number; rotation: number; offsetX: number; offsetY: number },
): Promise<void> {
  await sql`
    insert into track_device (device_id, scale, rotation, offset_x, offset_y, updated_on)
    values (${deviceId}, ${p.scale}, ${p.rotation}, ${p.offsetX}, ${p.offsetY}, now())
    on conflict (device_id) do update set scale = excluded.scale, rotation = excluded.rotation,
      offset_x = excluded.offset_x, offset_y = excluded.offset_y, updated_on = now()`.execute(db);
}

export async function selectFloorPlan(db: Db, locationId: string) {
  return db.selectFrom('floor_plan').selectAll().where('location_id', '=', locationId).executeTakeFirst();
}

export async function upsertFloorPlan(
  db: Db,
  plan: { locationId: string; contentType: string; image: Buffer; width: number; height: number },
): Promise<void> {
  await db
    .insertInto('floor_plan')
    .values({
      location_id: plan.locationId,
      content_type: plan.contentType,
      image: plan.image,
      width: plan.width,
      height: plan.height,
    })
    .onConflict((oc) =>
      oc.column('location_id').doUpdateSet({
        content_type: plan.contentType,
        image: plan.image,
        width: plan.width,
        height: plan.height,
        updated_on: new Date(),
      }),
    )
    .execute();
}

export interface ZoneRow {
  id: string;
  device_id: string;
  name: string;
  area: string;
}

export async function selectZones(db: Db, deviceIds: string[]): Promise<ZoneRow[]> {
  if (deviceIds.length === 0) return [];
  const { rows } = await sql<ZoneRow>`
    select id, device_id, name, area::text as area from track_zone
    where device_id = any(${deviceIds}::uuid[]) order by device_id, position, id`.execute(db);
  return rows;
}

/** Replaces a device's zones (inside the caller's transaction): listed ids kept, others deleted, new ones added. */
export async function replaceZones(
  tx: Db,
  deviceId: string,
  zones: { id?: string; name: string; area: string }[],
): Promise<void> {
  const keep = zones.flatMap((z) => (z.id ? [z.id] : []));
  await sql`delete from track_zone where device_id = ${deviceId}
    and not (id = any(${keep}::uuid[]))`.execute(tx);
  for (const [position, z] of zones.entries()) {
    if (z.id) {
      await sql`update track_zone set name = ${z.name}, area = ${z.area}::polygon, position = ${position}
        where id = ${z.id} and device_id = ${deviceId}`.execute(tx);
    } else {
      await sql`insert into track_zone (device_id, name, area, position)
        values (${deviceId}, ${z.name}, ${z.area}::polygon, ${position})`.execute(tx);
    }
  }
}

/** Locations of a subtree (null: the whole tree) with a floor plan or a device that reports tracks. */
export async function trackLocations(db: Db, within: string | null) {
  const { rows } = await sql<{ location_id: string; name: string; devices: number; has_plan: boolean }>`
    with recursive sub as (
      select id from node where ${within}::uuid is null and parent_id is null
      union all select id from node where id = ${within}::uuid
      union all select n.id from node n join sub on n.parent_id = sub.id
    )
    select l.id as location_id, l.name,
      (select count(*)::int from node d join track_device t on t.device_id = d.id where d.parent_id = l.id) as devices,
      exists (select 1 from floor_plan f where f.location_id = l.id) as has_plan
    from node l join sub on sub.id = l.id
    where l.type = 'location' and (exists (select 1 from floor_plan f where f.location_id = l.id)
      or exists (select 1 from node d join track_device t on t.device_id = d.id where d.parent_id = l.id))
    order by l.name, l.id`.execute(db);
  return rows;
}
