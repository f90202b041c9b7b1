import { sql, type Kysely } from 'kysely';

/**
 * Customer sign-ins (features/sso, issue 18): one row per customer-specific sign-in page, its
 * branding and its OpenID Connect provider. The client secret is stored encrypted (AES-256-GCM,
 * `platform/auth/secret-box.ts`). `sso_login_state` keeps each sign-in attempt's state, nonce and
 * PKCE verifier server-side: looked up by the SHA-256 of the state, used once, expiring after ten
 * minutes. `sso_identity` links a provider subject to a user (matching by subject, and remembering
 * who an e-mail match was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table customer_sign_in (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      endpoint text not null unique,
      name text not null,
      enabled boolean not null default true,
      branding jsonb not null,
      issuer_url text not null,
      client_id text not null,
      client_secret_enc text,
      scopes text not null,
      user_match text not null check (user_match in ('email', 'subject')),
      auto_create jsonb not null,
      updated_on timestamptz not null default now()
    );
    create table sso_login_state (
      state_hash text primary key,
      sign_in_id uuid not null references customer_sign_in(id) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      redirect_to text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index sso_login_state_expires_idx on sso_login_state (expires_at);
    create table sso_identity (
      sign_in_id uuid not null references customer_sign_in(id) on delete cascade,
      subject text not null,
      user_id uuid not null references app_user(id) on delete cascade,
      primary key (sign_in_id, subject)
    );
    create index sso_identity_user_idx on sso_identity (user_id);
  `.execute(db);
}
