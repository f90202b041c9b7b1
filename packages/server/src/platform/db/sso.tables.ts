import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';
import type { SignInBranding, SsoAutoCreate } from '@footfall/domain';

/** Customer sign-ins and their OpenID Connect provider (migration 0760). */
export interface CustomerSignInTable {
  id: Generated<string>;
  slug: string;
  endpoint: string;
  name: string;
  enabled: boolean;
  branding: Json<SignInBranding>;
  issuer_url: string;
  client_id: string;
  /** AES-256-GCM sealed (platform/auth/secret-box.ts), null when the provider needs none */
  client_secret_enc: string | null;
  scopes: string;
  user_match: 'email' | 'subject';
  auto_create: Json<SsoAutoCreate>;
  updated_on: Timestamp;
}

/** One sign-in attempt: kept server-side, used once, expiring (migration 0760). */
export interface SsoLoginStateTable {
  state_hash: string;
  sign_in_id: string;
  code_verifier: string;
  nonce: string;
  redirect_to: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SsoIdentityTable {
  sign_in_id: string;
  subject: string;
  user_id: string;
}

export interface SsoTables {
  customer_sign_in: CustomerSignInTable;
  sso_login_state: SsoLoginStateTable;
  sso_identity: SsoIdentityTable;
}
