import { sql, type Kysely } from 'kysely';

/**
 * Real-device ingestion (issue 17, features/timeseries/sensors/pipeline.ts):
 * - `sensor_unknown_device`: pushes from devices no node matches (identity normalised: MAC as 12 lower
 *   hex digits, serial lower-cased), kept for a superAdmin to adopt into the tree.
 * - `device_push_key`: per-device push URL keys (hash only, revocable).
 * - `sensor_device_state`: per device and format, the last sequence number seen (Irisys LogEntryId,
 *   Xovis package_info id) and the gaps noticed.
 * - `sensor_future_refusal`: pushes refused for instants too far in the future, per device (monitoring's
 *   clock-drift rule also sees them through monitoring_device_health).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sensor_unknown_device (
      identity text primary key,
      vendor text not null,
      identities text[] not null,
      scope_node_id uuid references node(id) on delete cascade,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      push_count integer not null default 1,
      adopted_node_id uuid references node(id) on delete set null,
      adopted_at timestamptz
    );
    create index sensor_unknown_device_open_idx on sensor_unknown_device (last_seen_at desc) where adopted_at is null;

    create table device_push_key (
      id uuid primary key default gen_random_uuid(),
      device_id uuid not null references node(id) on delete cascade,
      key_hash text not null unique,
      key_prefix text not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    );
    create index device_push_key_device_idx on device_push_key (device_id);

    create table sensor_device_state (
      device_id uuid not null references node(id) on delete cascade,
      format text not null,
      last_sequence bigint,
      last_at timestamptz,
      gaps integer not null default 0,
      missed bigint not null default 0,
      updated_at timestamptz not null,
      primary key (device_id, format)
    );

    create table sensor_future_refusal (
      device_id uuid primary key references node(id) on delete cascade,
      refused_count integer not null default 0,
      last_refused_at timestamptz not null,
      last_instant timestamptz not null
    );
  `.execute(db);
}
