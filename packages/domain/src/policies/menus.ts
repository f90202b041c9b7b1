import type { Role } from '../roles.js';
import { isDashboardOnly } from './role-groups.js';
import type { MobileSettings } from '../contracts/users.js';
import { inRoleGroup } from './role-groups.js';
import { canAccessOccupancy, canAccessShowtimes, canOpenReports } from './areas.js';

/**
 * Who sees what in the web's frame (spec sections 2 and 6), as pure functions of the signed-in
 * user so the menus, the toolbar and the route guards agree and can be tested without rendering.
 */
type MenuSubject = { roles: readonly Role[]; mobileSettings: MobileSettings };

export type Section =
  'dashboard' | 'reports' | 'monitoring' | 'settings' | 'liveViews' | 'showtimes' | 'tracks';

/**
 * Section icons of the top toolbar (and of the mobile layout's section menu): the current section's
 * icon is hidden, settings for admins only, reports for all but dashboard-only users, the live views
 * list with occupancy access and showtimes with showtimes access (the rules the server enforces), and
 * tracks (viewer, player, heat map, attendance) for every role (spec section 6).
 */
export function toolbarSections(user: MenuSubject, current: Section): Section[] {
  const all: Section[] = [
    'settings',
    'dashboard',
    'reports',
    'monitoring',
    'liveViews',
    'showtimes',
    'tracks',
  ];
  return all.filter((s) => {
    if (s === current) return false;
    if (s === 'settings') return inRoleGroup(user, 'adminKind');
    if (s === 'reports') return canOpenReports(user);
    if (s === 'liveViews') return canAccessOccupancy(user);
    if (s === 'showtimes') return canAccessShowtimes(user);
    return true;
  });
}

/** The monitoring-tickets button with its badge: superAdmin or admin. */
export const showsTicketButton = (user: Pick<MenuSubject, 'roles'>) => inRoleGroup(user, 'adminKind');

export type SettingsMenuKey =
  | 'tree'
  | 'users'
  | 'alerts'
  | 'logs'
  | 'objectives'
  | 'imports'
  | 'occReset'
  | 'sso'
  | 'liveViews'
  | 'events';

/** Settings side menu: tree and users always; alerts, logs, objectives for admins; imports, resets for superAdmin. */
export function settingsMenu(user: Pick<MenuSubject, 'roles'>): SettingsMenuKey[] {
  const items: SettingsMenuKey[] = ['tree', 'users'];
  if (inRoleGroup(user, 'adminKind')) items.push('alerts', 'logs', 'objectives');
  if (inRoleGroup(user, 'superAdmin')) items.push('imports', 'occReset', 'sso');
  // issue 16: live view and showtime settings (the spec has no route for them), admins
  if (inRoleGroup(user, 'adminKind')) items.push('liveViews', 'events');
  return items;
}

export type MonitoringMenuKey = 'tickets' | 'devices' | 'incidents';

/** Monitoring menu: tickets for everyone, devices for superAdmin or deviceManagerAdmin, incidents for superAdmin. */
export function monitoringMenu(user: Pick<MenuSubject, 'roles'>): MonitoringMenuKey[] {
  const items: MonitoringMenuKey[] = ['tickets'];
  if (inRoleGroup(user, 'deviceManagers')) items.push('devices');
  if (inRoleGroup(user, 'superAdmin')) items.push('incidents');
  return items;
}

/** Occupancy-only users: occupancy is the only mobile area open to them. */
export function isOccupancyOnly(user: Pick<MenuSubject, 'mobileSettings'>): boolean {
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
  user: MenuSubject,
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
export function mobileDashboardRedirectsToOccupancy(user: Pick<MenuSubject, 'mobileSettings'>): boolean {
  return !user.mobileSettings.hasAccessDashboard && user.mobileSettings.hasAccessOccupancy;
}
