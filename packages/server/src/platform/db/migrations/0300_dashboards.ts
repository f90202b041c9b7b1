import { sql, type Kysely } from 'kysely';

/**
 * Dashboards (and reports, saved through the same save) owned by a user, with at most one default and
 * one default mobile dashboard per user; dashboard templates per user group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dashboard (
      id uuid primary key default gen_random_uuid(),
      owner_id uuid not null references app_user(id) on delete cascade,
      kind text not null default 'dashboard' check (kind in ('dashboard', 'report')),
      name text not null,
      json jsonb not null,
      linked_template_name text,
      is_default boolean not null default false,
      is_default_mobile boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index dashboard_owner_idx on dashboard (owner_id);
    create unique index dashboard_default_idx on dashboard (owner_id) where is_default;
    create unique index dashboard_default_mobile_idx on dashboard (owner_id) where is_default_mobile;

    create table dashboard_template (
      id uuid primary key default gen_random_uuid(),
      user_group_id uuid not null references user_group(id) on delete cascade,
      name text not null,
      dashboard jsonb not null,
      user_creation_action text not null default 'none'
        check (user_creation_action in ('none', 'copy', 'link')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index dashboard_template_name_idx on dashboard_template (user_group_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists dashboard_template; drop table if exists dashboard;`.execute(db);
}
