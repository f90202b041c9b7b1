import {
  canManageDevices,
  canOperateOccupancy,
  isAdminKind,
  isDashboardOnly,
  isSuperAdmin,
  type UserCurrent,
} from '@footfall/domain';

/**
 * Who sees what in the frame (spec sections 2 and 6), as pure functions of the signed-in user so
 * the menus, the toolbar and the route guards agree and can be tested without rendering.
 */
type U = Pick<UserCurrent, 'roles' | 'mobileSettings'>;

/** Route checks: each names who may open a group of routes. */
export const routeAccess = {
  everyone: () => true,
  adminKind: (u: U) => isAdminKind(u),
  superAdmin: (u: U) => isSuperAdmin(u),
  monitoringDevices: (u: U) => canManageDevices(u),
  reports: (u: U) => !isDashboardOnly(u),
  performance: (u: U) => u.mobileSettings.hasAccessPerformance,
  ranking: (u: U) => u.mobileSettings.hasAccessRanking,
  orgTreeEvent: (u: U) => u.mobileSettings.hasAccessOrganizationalTreeEvent,
  /** "Live view by id needs access to occupancy" */
  occupancy: (u: U) => u.mobileSettings.hasAccessOccupancy || canOperateOccupancy(u),
} as const;
export type RouteAccess = keyof typeof routeAccess;

export type Section = 'dashboard' | 'reports' | 'monitoring' | 'settings';

/** Section icons of the top toolbar: the current section's icon is hidden, settings for admins only. */
export function toolbarSections(user: U, current: Section): Section[] {
  const all: Section[] = ['settings', 'dashboard', 'reports', 'monitoring'];
  return all.filter((s) => {
    if (s === current) return false;
    if (s === 'settings') return isAdminKind(user);
    if (s === 'reports') return !isDashboardOnly(user);
    return true;
  });
}

/** The monitoring-tickets button with its badge: superAdmin or admin. */
export const showsTicketButton = (user: U) => isAdminKind(user);

/** Badge text: hidden (null) at zero, "99+" above 99. */
export function ticketBadgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export type SettingsMenuKey = 'tree' | 'users' | 'alerts' | 'logs' | 'objectives' | 'imports' | 'occReset';

/** Settings side menu: tree and users always; alerts, logs, objectives for admins; imports, resets for superAdmin. */
export function settingsMenu(user: U): SettingsMenuKey[] {
  const items: SettingsMenuKey[] = ['tree', 'users'];
  if (isAdminKind(user)) items.push('alerts', 'logs', 'objectives');
  if (isSuperAdmin(user)) items.push('imports', 'occReset');
  return items;
}

export type MonitoringMenuKey = 'tickets' | 'devices' | 'incidents';

/** Monitoring menu: tickets for everyone, devices for superAdmin or deviceManagerAdmin, incidents for superAdmin. */
export function monitoringMenu(user: U): MonitoringMenuKey[] {
  const items: MonitoringMenuKey[] = ['tickets'];
  if (canManageDevices(user)) items.push('devices');
  if (isSuperAdmin(user)) items.push('incidents');
  return items;
}

/** Occupancy-only users: occupancy is the only mobile area open to them. */
export function isOccupancyOnly(user: U): boolean {
  const m = user.mobileSettings;
  return (
    m.hasAccessOccupancy &&
    !m.hasAccessDashboard &&
    !m.hasAccessPerformance &&
    !m.hasAccessRanking &&
    !m.hasAccessOrganizationalTreeEvent
  );
}

export type MobileNavKey = 'dashboard' | 'performance' | 'ranking' | 'occupancy' | 'showtimes';

/**
 * Mobile bottom navigation entries (spec "Mobile bottom navigation"): each needs its mobileSettings
 * flag; entries other than the dashboard also need the dashboard not to be read-only; occupancy-only
 * users get no bottom navigation at all.
 */
export function mobileNavEntries(
  user: U,
  dashboardReadOnly: boolean = isDashboardOnly(user),
): MobileNavKey[] {
  if (isOccupancyOnly(user)) return [];
  const m = user.mobileSettings;
  const entries: MobileNavKey[] = [];
  if (m.hasAccessDashboard) entries.push('dashboard');
  if (dashboardReadOnly) return entries;
  if (m.hasAccessPerformance) entries.push('performance');
  if (m.hasAccessRanking) entries.push('ranking');
  if (m.hasAccessOccupancy) entries.push('occupancy');
  if (m.hasAccessOrganizationalTreeEvent) entries.push('showtimes');
  return entries;
}

/** On mobile, a dashboard route goes to the occupancy live view for users without dashboard access. */
export function mobileDashboardRedirectsToOccupancy(user: U): boolean {
  return !user.mobileSettings.hasAccessDashboard && user.mobileSettings.hasAccessOccupancy;
}
