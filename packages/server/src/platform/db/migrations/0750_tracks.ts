import { sql, type Kysely } from 'kysely';

/**
 * Tracks (features/tracks, issue 18). `track_point` holds the positions of tracked people, one row per
 * (device, track, instant), x/y in metres on the sensor's floor plane. It is the one table of the
 * feature that grows without bound, so it is partitioned by range of `occurred_on`, one partition a
 * UTC day (`track_point_pYYYYMMDD`), created ahead by the `tracks.partitions` job (and by an ingest
 * that needs one) and dropped past `TRACK_RETENTION_DAYS`: dropping a partition is instant and leaves
 * no dead rows. There is no default partition on purpose: a point outside every partition is refused
 * by the service before it reaches SQL.
 *
 * `track_device`: a device reporting tracks (its measurement protocol `Track`) and where its field of
 * view lies on its location's floor plan (pixels per metre, rotation in degrees, offset in pixels).
 * `floor_plan`: one image per location. `track_zone`: a device's active zones, polygons in sensor
 * metres (PostgreSQL `polygon`, so "is this point in the zone" is the `<@` operator in SQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table track_point (
      device_id uuid not null,
      track_id text not null,
      occurred_on timestamptz not null,
      x real not null,
      y real not null,
      primary key (device_id, occurred_on, track_id)
    ) partition by range (occurred_on);

    create table track_device (
      device_id uuid primary key references node(id) on delete cascade,
      scale double precision not null default 40 check (scale > 0),
      rotation double precision not null default 0,
      offset_x double precision not null default 0,
      offset_y double precision not null default 0,
      updated_on timestamptz not null default now()
    );

    create table floor_plan (
      location_id uuid primary key references node(id) on delete cascade,
      content_type text not null,
      image bytea not null,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      updated_on timestamptz not null default now()
    );

    create table track_zone (
      id uuid primary key default gen_random_uuid(),
      device_id uuid not null references node(id) on delete cascade,
      name text not null,
      area polygon not null,
      position integer not null default 0
    );
    create index track_zone_device_idx on track_zone (device_id, position);
  `.execute(db);
}
