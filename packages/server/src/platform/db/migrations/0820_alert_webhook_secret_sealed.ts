import { sql, type Kysely } from 'kysely';

/**
 * Webhook secrets of alert rules encrypted at rest (issue 16): `webhook_secret_sealed` holds the secret
 * sealed by the server's secret box (platform/auth/secret-box.ts, AES-256-GCM under a key derived from
 * the server secret), so a database dump alone does not reveal it. SQL cannot seal (the key is not in
 * the database), so the plain secrets written before this migration move to `webhook_secret_plain`,
 * and the alerts service seals them at start-up (`sealLegacySecrets`, run before the server listens)
 * and clears that column; nothing writes it any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alert_rule rename column webhook_secret to webhook_secret_plain;
    alter table alert_rule add column webhook_secret_sealed text;
  `.execute(db);
}
