import { sql, type Kysely } from 'kysely';

/**
 * Import tasks may pull from an SFTP address (issue 16): `source_kind` 'sftp', with the address in
 * `source_url` (sftp://host[:port]/path), the user in `source_username` and the password sealed in
 * `source_secret` like an HTTPS source's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table import_task drop constraint import_task_source_kind_check;
    alter table import_task add constraint import_task_source_kind_check
      check (source_kind in ('upload', 'https', 'sftp'))`.execute(db);
}
