import { sql, type Kysely } from 'kysely';

/** The special user group `_EVERYONE_`: always present, listed first, the group of users without one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into user_group (name)
    select '_EVERYONE_' where not exists (select 1 from user_group where lower(name) = lower('_EVERYONE_'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_group where name = '_EVERYONE_'`.execute(db);
}
