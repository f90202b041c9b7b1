import { sql, type Kysely } from 'kysely';

/**
 * Occupancy configs created by default for a location (all its devices' TrafficIn/TrafficOut) stay
 * `auto_managed` and follow new doors; an admin's save takes them over (false).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table occupancy_config add column auto_managed boolean not null default false;
    create index occupancy_config_in_idx on occupancy_config using gin (time_series_in_ids);
    create index occupancy_config_out_idx on occupancy_config using gin (time_series_out_ids);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists occupancy_config_in_idx;
    drop index if exists occupancy_config_out_idx;
    alter table occupancy_config drop column if exists auto_managed;
  `.execute(db);
}
