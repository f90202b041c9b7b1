import type { Role } from '../roles.js';
import { isDashboardOnly } from './role-groups.js';
import type { MobileSettings } from '../contracts/users.js';
import { inRoleGroup } from './role-groups.js';

/** What the area rules read of a user: roles and the mobile access flags (spec section 6). */
export interface AreaSubject {
  roles: readonly Role[];
  mobileSettings: MobileSettings;
}

/** "Live view by id needs access to occupancy": the mobile flag, or a role that operates occupancy. */
export const canAccessOccupancy = (u: {
  roles: readonly Role[];
  mobileSettings: Pick<MobileSettings, 'hasAccessOccupancy'>;
}): boolean => u.mobileSettings.hasAccessOccupancy || inRoleGroup(u, 'occupancyOperators');

/** Showtimes need the orgtreeevent flag; admins, who manage events, read them too. */
export const canAccessShowtimes = (u: {
  roles: readonly Role[];
  mobileSettings: Pick<MobileSettings, 'hasAccessOrganizationalTreeEvent'>;
}): boolean => u.mobileSettings.hasAccessOrganizationalTreeEvent || inRoleGroup(u, 'adminKind');

/** Reports are for everyone but dashboard-only users (an admin-kind user keeps them). */
export const canOpenReports = (u: { roles: readonly Role[] }): boolean => !isDashboardOnly(u);

/**
 * The web's route groups: each names who may open a group of routes. The server answers 403 to the
 * API calls behind them by the same role groups (`ACCESS` in the server's platform/http).
 */
export const routeAccess = {
  everyone: () => true,
  adminKind: (u: AreaSubject) => inRoleGroup(u, 'adminKind'),
  superAdmin: (u: AreaSubject) => inRoleGroup(u, 'superAdmin'),
  monitoringDevices: (u: AreaSubject) => inRoleGroup(u, 'deviceManagers'),
  reports: (u: AreaSubject) => canOpenReports(u),
  performance: (u: AreaSubject) => u.mobileSettings.hasAccessPerformance,
  ranking: (u: AreaSubject) => u.mobileSettings.hasAccessRanking,
  orgTreeEvent: (u: AreaSubject) => canAccessShowtimes(u),
  occupancy: (u: AreaSubject) => canAccessOccupancy(u),
} as const;
export type RouteAccess = keyof typeof routeAccess;
