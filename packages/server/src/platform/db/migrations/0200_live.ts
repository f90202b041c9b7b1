import { sql, type Kysely } from 'kysely';

/**
 * Live views (door screens) and site events (showtimes) with their sessions.
 *
 * A live view shows one location's occupancy; its thresholds are people counts (see
 * features/liveview/README.md). The public share link is a random token of which only the sha-256 is
 * kept: regenerating or deleting it revokes every screen opened with the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_view (
      id uuid primary key default gen_random_uuid(),
      node_id uuid not null references node(id) on delete cascade,
      occupancy_id uuid references occupancy_config(id) on delete set null,
      name text not null check (length(trim(name)) > 0),
      warning_threshold double precision not null default 25 check (warning_threshold >= 0),
      alert_threshold double precision not null default 50 check (alert_threshold >= 0),
      black_screen_outside_business_hours boolean not null default false,
      threshold_delta double precision not null default 0 check (threshold_delta >= 0),
      is_delta_percentage boolean not null default false,
      share_token_hash text unique,
      share_created_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (warning_threshold <= alert_threshold)
    );
    create index live_view_node_idx on live_view (node_id);

    create table site_event (
      id uuid primary key default gen_random_uuid(),
      node_id uuid not null references node(id) on delete cascade,
      name text not null check (length(trim(name)) > 0),
      time_series_id uuid references time_series(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index site_event_node_idx on site_event (node_id);

    create table site_event_session (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references site_event(id) on delete cascade,
      node_id uuid not null references node(id) on delete cascade,
      title text not null check (length(trim(title)) > 0),
      start_at timestamptz not null,
      end_at timestamptz not null,
      occupancy_sold int not null default 0 check (occupancy_sold >= 0),
      occupancy_max int check (occupancy_max >= 0),
      is_cancelled boolean not null default false,
      alerts_raw text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_at > start_at)
    );
    -- the showtimes view asks for one day's sessions of the events under a node
    create index site_event_session_time_idx on site_event_session (event_id, start_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists site_event_session, site_event, live_view`.execute(db);
}
