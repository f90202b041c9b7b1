import { sql, type Kysely } from 'kysely';

/**
 * The reports a user may use (spec section 3, User `reports`): report names (domain USER_REPORTS),
 * none for the users there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column reports text[] not null default '{}'`.execute(db);
}
