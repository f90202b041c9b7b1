import { sql, type Kysely } from 'kysely';

/**
 * An SFTP import source pins its server's host key (issue 16): `source_host_key` holds the key's
 * SHA256 fingerprint as `ssh-keygen -lf` prints it ("SHA256:" and 43 base64 characters). A pull checks
 * the key the server shows against it; none stored means no pull (the run says the key seen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_task add column source_host_key text`.execute(db);
}
