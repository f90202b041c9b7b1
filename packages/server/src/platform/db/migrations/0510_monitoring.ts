import { sql, type Kysely } from 'kysely';

/**
 * Monitoring (features/monitoring, issue 13): device health kept on ingest and by the detection job,
 * incidents of the detection rules (one open per node and rule), tickets opened from them with their
 * comments, per-client-group rule thresholds and mail recipients.
 *
 * `monitoring_expected_minutes(business_minutes, tz, a, b)`: the business minutes between two
 * instants, from a series' rollup basis (7 int4multiranges of local minutes, index 1 = Sunday). Each
 * local date between them contributes its opening ranges turned into instants in the zone, clipped to
 * [a, b): a spring-forward day is an hour shorter, an autumn day an hour longer.
 * `monitoring_client_group(node)`: the client group (top-level group) above a node, null for an orphan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function monitoring_expected_minutes(bm int4multirange[], tz text, a timestamptz, b timestamptz)
    returns integer language sql stable parallel safe as $fn$
      select coalesce(sum(greatest(0, extract(epoch from (least(b, x.hi) - greatest(a, x.lo))) / 60)), 0)::int
      from generate_series((a at time zone tz)::date, (b at time zone tz)::date, interval '1 day') d
      cross join lateral unnest(bm[extract(dow from d)::int + 1]) r
      cross join lateral (select (d::date + lower(r) * interval '1 minute') at time zone tz as lo,
                                 (d::date + upper(r) * interval '1 minute') at time zone tz as hi) x
      where a < b
    $fn$;

    create function monitoring_client_group(start uuid) returns uuid language sql stable parallel safe as $fn$
      with recursive up as (
        select id, parent_id, type, 0 as depth from node where id = start
        union all
        select n.id, n.parent_id, n.type, up.depth + 1 from node n join up on n.id = up.parent_id where up.depth < 64
      )
      select id from up where parent_id is null and type = 'group'
    $fn$;

    create table monitoring_device_health (
      device_id uuid primary key references node(id) on delete cascade,
      last_interval_at timestamptz,
      last_interval_end timestamptz,
      last_arrival_at timestamptz,
      status text not null default 'neverReported',
      status_since timestamptz,
      checked_at timestamptz
    );

    create table monitoring_status_change (
      id bigint generated always as identity primary key,
      device_id uuid not null references node(id) on delete cascade,
      status text not null,
      from_at timestamptz not null,
      to_at timestamptz
    );
    create index monitoring_status_change_device_idx on monitoring_status_change (device_id, from_at desc);

    create table monitoring_arrival (
      device_id uuid not null references node(id) on delete cascade,
      hour timestamptz not null,
      min_delay_s integer not null,
      max_delay_s integer not null,
      primary key (device_id, hour)
    );

    create table monitoring_incident (
      id uuid primary key default gen_random_uuid(),
      rule text not null,
      severity text not null check (severity in ('warning', 'error')),
      scope_type smallint not null check (scope_type in (0, 1)),
      node_id uuid not null references node(id) on delete cascade,
      status text not null check (status in ('open', 'resolved', 'discarded')),
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      resolved_at timestamptz,
      details jsonb not null default '{}',
      review_decision text check (review_decision in ('approved', 'discarded')),
      review_by text,
      review_at timestamptz,
      review_text text
    );
    create unique index monitoring_incident_one_open on monitoring_incident (node_id, rule) where status = 'open';
    create index monitoring_incident_node_idx on monitoring_incident (node_id, first_seen_at desc);
    create index monitoring_incident_seen_idx on monitoring_incident (first_seen_at desc);

    create sequence monitoring_ticket_seq;
    create table monitoring_ticket (
      number bigint primary key default nextval('monitoring_ticket_seq'),
      incident_id uuid not null unique references monitoring_incident(id) on delete cascade,
      status text not null check (status in ('open', 'closed')),
      opened_at timestamptz not null,
      opened_by text not null,
      closed_at timestamptz,
      closed_by text,
      close_note text
    );
    alter sequence monitoring_ticket_seq owned by monitoring_ticket.number;

    create table monitoring_ticket_comment (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      ticket_number bigint not null references monitoring_ticket(number) on delete cascade,
      author text not null,
      author_id uuid references app_user(id) on delete set null,
      text text not null,
      created_at timestamptz not null
    );
    create index monitoring_ticket_comment_idx on monitoring_ticket_comment (ticket_number, created_at, seq);

    create table monitoring_rule_settings (
      client_group_id uuid primary key references node(id) on delete cascade,
      thresholds jsonb not null default '{}',
      updated_at timestamptz not null
    );

    create table monitoring_recipient (
      id bigint generated always as identity primary key,
      client_group_id uuid not null references node(id) on delete cascade,
      user_id uuid references app_user(id) on delete cascade,
      email text,
      language text,
      position integer not null,
      check ((user_id is null) <> (email is null))
    );
    create index monitoring_recipient_group_idx on monitoring_recipient (client_group_id, position);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists monitoring_recipient, monitoring_rule_settings, monitoring_ticket_comment,
      monitoring_ticket, monitoring_incident, monitoring_arrival, monitoring_status_change,
      monitoring_device_health;
    drop function if exists monitoring_client_group(uuid);
    drop function if exists monitoring_expected_minutes(int4multirange[], text, timestamptz, timestamptz);
  `.execute(db);
}
