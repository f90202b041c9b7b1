import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db).catch(() => undefined);
  await sql`
    create table node (
      id uuid primary key default gen_random_uuid(),
      parent_id uuid references node(id) on delete set null,
      type text not null check (type in ('group', 'location', 'device')),
      name text not null check (length(trim(name)) > 0),
      reference_id text,
      attributes jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index node_parent_idx on node(parent_id);
    create index node_mac_idx on node ((lower(attributes->>'macAddress')));

    create table user_group (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      user_retention_policy_days int not null default 0,
      default_dashboard_template text,
      default_mobile_dashboard_template text,
      support_chat_enabled boolean not null default true,
      created_at timestamptz not null default now()
    );
    create unique index user_group_name_idx on user_group (lower(name));

    create table app_user (
      id uuid primary key default gen_random_uuid(),
      username text not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      language text not null default 'en',
      password_hash text,
      roles text[] not null default '{}',
      scope_node_id uuid references node(id) on delete set null,
      user_group_id uuid references user_group(id) on delete set null,
      timeout_minutes int not null default 0,
      reset_password_at_next_login boolean not null default false,
      is_sso_user boolean not null default false,
      mobile_settings jsonb not null default '{}',
      disabled_at timestamptz,
      token_version int not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index app_user_username_idx on app_user (lower(username));

    create table refresh_token (
      id uuid primary key default gen_random_uuid(),
      family_id uuid not null,
      user_id uuid not null references app_user(id) on delete cascade,
      actor_user_id uuid references app_user(id) on delete cascade,
      token_hash text not null unique,
      issued_at timestamptz not null default now(),
      family_expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz
    );
    create index refresh_token_family_idx on refresh_token(family_id);

    create table event_log (
      id bigserial primary key,
      occurred_on timestamptz not null default now(),
      requester text not null,
      requester_id uuid,
      on_behalf_of text,
      command text not null,
      target text,
      details jsonb not null default '{}'
    );
    create index event_log_occurred_idx on event_log(occurred_on desc);

    create table password_reset (
      token_hash text primary key,
      user_id uuid not null references app_user(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table login_throttle (
      key text primary key,
      window_start timestamptz not null,
      failures int not null,
      locked_until timestamptz
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('foundation migration cannot be reverted');
}
