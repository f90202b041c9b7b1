import { sql, type Kysely } from 'kysely';

/**
 * The users screen shows each user's last sign-in and sorts by it: a column on app_user, set by a
 * successful password sign-in, filled from the event log's sign-ins for users who signed in before.
 * The lower-case username index serves the list reads it with the user row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user add column last_sign_in_at timestamptz;
    update app_user u set last_sign_in_at = l.at
      from (select requester_id, max(occurred_on) as at from event_log
            where command = 'Authentication.Login' and requester_id is not null
            group by requester_id) l
      where l.requester_id = u.id;
  `.execute(db);
}
