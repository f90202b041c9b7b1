import { ROLES, type Role, type UserDto } from '@footfall/domain';
import type { TFunction } from 'i18next';

/** A role's name in the UI language (spec section 6 names). */
export const roleLabel = (t: TFunction, role: Role) => t(`settings_users_role_${role}`);

export const fullName = (u: Pick<UserDto, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** A date and time in the UI language, or the "never" text. */
export const signInText = (t: TFunction, lang: string, iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })
    : t('settings_users_never');

/** A user's roles named in the UI language, in the product's order of roles (not the order granted). */
export const rolesText = (t: TFunction, roles: readonly Role[]) =>
  ROLES.filter((r) => roles.includes(r))
    .map((r) => roleLabel(t, r))
    .join(', ');
