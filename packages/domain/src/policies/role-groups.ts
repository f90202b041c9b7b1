import { hasRole, type Principal, type Role } from '../roles.js';

/**
 * The groups of roles that routes, services and screens open to (spec section 6), written once.
 * The server's route declarations (`ACCESS` in platform/http), the access-control matrix, the role
 * predicates of roles.ts and the web's menus all read these lists.
 */
export const ROLE_GROUPS = {
  /** "Admin-kind means admin or superAdmin" */
  adminKind: ['superAdmin', 'admin'],
  superAdmin: ['superAdmin'],
  /** may sign in as another user of their scope */
  impersonators: ['superAdmin', 'admin', 'Impersonator'],
  /** may adjust and reset occupancy */
  occupancyOperators: ['superAdmin', 'admin', 'OccupancyOperator'],
  /** monitor devices */
  deviceManagers: ['superAdmin', 'deviceManagerAdmin'],
  /** close monitoring tickets: the device managers and the client group's admins */
  ticketClosers: ['superAdmin', 'admin', 'deviceManagerAdmin'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

/** True when the principal holds at least one role of the group. */
export const inRoleGroup = (p: { roles: readonly Role[] }, group: RoleGroup): boolean =>
  ROLE_GROUPS[group].some((r) => p.roles.includes(r));

export const isSuperAdmin = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'superAdmin');
/** "Admin-kind means admin or superAdmin" */
export const isAdminKind = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'adminKind');
export const canImpersonate = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'impersonators');
export const canManageDevices = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'deviceManagers');
export const canOperateOccupancy = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'occupancyOperators');
export const isDashboardOnly = (p: Pick<Principal, 'roles'>) =>
  hasRole(p, 'dashboardOnly') && !isAdminKind(p);
