import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

export interface NodeTable {
  id: Generated<string>;
  parent_id: string | null;
  type: 'group' | 'location' | 'device';
  name: string;
  reference_id: string | null;
  attributes: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserGroupTable {
  id: Generated<string>;
  name: string;
  user_retention_policy_days: Generated<number>;
  default_dashboard_template: string | null;
  default_mobile_dashboard_template: string | null;
  support_chat_enabled: Generated<boolean>;
  /** migration 0012: the tree node owning the group (null: the deployment, unscoped superAdmin only) */
  owner_scope_node_id: string | null;
  created_at: Timestamp;
}

export interface AppUserTable {
  id: Generated<string>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  language: Generated<string>;
  password_hash: string | null;
  roles: string[];
  scope_node_id: string | null;
  user_group_id: string | null;
  timeout_minutes: Generated<number>;
  reset_password_at_next_login: Generated<boolean>;
  is_sso_user: Generated<boolean>;
  mobile_settings: Json<Record<string, unknown>>;
  disabled_at: Timestamp | null;
  /** bumped to invalidate every token issued before */
  token_version: Generated<number>;
  /** last successful password sign-in (migration 0500) */
  last_sign_in_at: Timestamp | null;
  /** the reports the user may use (migration 0600) */
  reports: Generated<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  actor_user_id: string | null;
  token_hash: string;
  issued_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface EventLogTable {
  id: Generated<string>;
  occurred_on: Timestamp;
  requester: string;
  requester_id: string | null;
  on_behalf_of: string | null;
  command: string;
  target: string | null;
  details: Json<Record<string, unknown>>;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  window_start: Timestamp;
  failures: number;
  locked_until: Timestamp | null;
}

export interface FoundationTables {
  node: NodeTable;
  user_group: UserGroupTable;
  app_user: AppUserTable;
  refresh_token: RefreshTokenTable;
  event_log: EventLogTable;
  password_reset: PasswordResetTable;
  login_throttle: LoginThrottleTable;
}
