import { inRoleGroup } from './policies/role-groups.js';

/** Roles of spec section 6. The string values are what the API and tokens carry. */
export const ROLES = [
  'superAdmin',
  'admin',
  'Impersonator',
  'OccupancyOperator',
  'User',
  'dashboardOnly',
  'deviceManagerAdmin',
] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  userId: string;
  username: string;
  roles: readonly Role[];
  /** root of the subtree this user may see; null means the whole tree (superAdmin only) */
  scopeNodeId: string | null;
  /** set while impersonating: who is really acting */
  actor?: { userId: string; username: string } | undefined;
}

export const hasRole = (p: Pick<Principal, 'roles'>, ...roles: Role[]) =>
  roles.some((r) => p.roles.includes(r));
export const isSuperAdmin = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'superAdmin');
/** "Admin-kind means admin or superAdmin" */
export const isAdminKind = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'adminKind');
export const canImpersonate = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'impersonators');
export const canManageDevices = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'deviceManagers');
export const canOperateOccupancy = (p: Pick<Principal, 'roles'>) => inRoleGroup(p, 'occupancyOperators');
export const isDashboardOnly = (p: Pick<Principal, 'roles'>) =>
  hasRole(p, 'dashboardOnly') && !isAdminKind(p);
