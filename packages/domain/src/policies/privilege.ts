import { ROLES, type Principal, type Role } from '../roles.js';
import { inRoleGroup } from './role-groups.js';

/** superAdmin 3, admin 2, anyone else 1: nobody acts as, or creates, someone above them. */
export const privilegeLevel = (roles: readonly Role[]): 1 | 2 | 3 =>
  roles.includes('superAdmin') ? 3 : roles.includes('admin') ? 2 : 1;

/** True when `actor` may act as a user holding `targetRoles` (impersonation, user management). */
export const outranksOrEquals = (actor: Pick<Principal, 'roles'>, targetRoles: readonly Role[]): boolean =>
  privilegeLevel(actor.roles) >= privilegeLevel(targetRoles);

/** Roles an admin-kind user may hand out: a superAdmin any, an admin all but superAdmin, others none. */
export function grantableRoles(actor: Pick<Principal, 'roles'>): Role[] {
  if (actor.roles.includes('superAdmin')) return [...ROLES];
  if (inRoleGroup(actor, 'adminKind')) return ROLES.filter((r) => r !== 'superAdmin');
  return [];
}

/** Whether `actor` may give all of `roles` (an empty list: whenever the actor is admin-kind). */
export const canGrantRoles = (actor: Pick<Principal, 'roles'>, roles: readonly Role[]): boolean => {
  const grantable = grantableRoles(actor);
  return grantable.length > 0 && roles.every((r) => grantable.includes(r));
};
