import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists setting (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by text
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists setting`.execute(db);
}
