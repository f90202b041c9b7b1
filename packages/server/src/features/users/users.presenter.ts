import {
  DEFAULT_MOBILE_SETTINGS,
  trimLanguage,
  USER_REPORTS,
  type UserReport,
  type MobileSettings,
  type Role,
  type UserCurrent,
  type UserDto,
} from '@footfall/domain';
import type { UserRow } from './users.repository.js';

/** Stored settings over the defaults, keeping only the known keys. */
export function mobileSettingsOf(stored: Record<string, unknown>): MobileSettings {
  const out = { ...DEFAULT_MOBILE_SETTINGS };
  for (const key of Object.keys(out) as (keyof MobileSettings)[]) {
    const v = stored[key];
    if (key === 'defaultOccupancyLiveViewId') {
      if (v === null || typeof v === 'string') out.defaultOccupancyLiveViewId = v;
    } else if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    language: trimLanguage(row.language),
    roles: row.roles as Role[],
    scope: row.scope_node_id,
    scopeName: row.scope_name,
    userGroupId: row.user_group_id,
    userGroupName: row.user_group_name,
    mobileSettings: mobileSettingsOf(row.mobile_settings),
    timeout: row.timeout_minutes,
    resetPasswordAtNextLogin: row.reset_password_at_next_login,
    isSsoUser: row.is_sso_user,
    reports: USER_REPORTS.filter((r: UserReport) => row.reports.includes(r)),
    disabled: row.disabled_at !== null,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at ? row.last_sign_in_at.toISOString() : null,
  };
}

export function toUserCurrent(row: UserRow, impersonator: string | null): UserCurrent {
  const { disabled: _disabled, createdAt: _createdAt, lastSignInAt: _last, ...rest } = toUserDto(row);
  return { ...rest, impersonator };
}
