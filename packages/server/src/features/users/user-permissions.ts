import { hasRole, type Principal, type Role } from '@footfall/domain';

/** superAdmin 3, admin 2, anyone else 1: nobody acts as, or creates, someone above them. */
export const privilegeLevel = (roles: readonly Role[]) =>
  roles.includes('superAdmin') ? 3 : roles.includes('admin') ? 2 : 1;

/** Roles an admin-kind user may hand out: a superAdmin any, an admin all but superAdmin. */
export const canGrantRoles = (actor: Pick<Principal, 'roles'>, roles: readonly Role[]) =>
  hasRole(actor, 'superAdmin') || (hasRole(actor, 'admin') && !roles.includes('superAdmin'));

/** True when `actor` may act as a user holding `targetRoles` (impersonation, user management). */
export const outranksOrEquals = (actor: Pick<Principal, 'roles'>, targetRoles: readonly Role[]) =>
  privilegeLevel(actor.roles) >= privilegeLevel(targetRoles);
