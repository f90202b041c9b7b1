import { describe, expect, it } from 'vitest';
import { DEFAULT_MOBILE_SETTINGS } from '../contracts/users.js';
import { ROLES, type Role } from '../roles.js';
import { canAccessOccupancy, canAccessShowtimes, routeAccess } from './areas.js';
import {
  isOccupancyOnly,
  mobileDashboardRedirectsToOccupancy,
  mobileNavEntries,
  monitoringMenu,
  settingsMenu,
  showsTicketButton,
  toolbarSections,
} from './menus.js';

const user = (roles: Role[], mobile: Partial<typeof DEFAULT_MOBILE_SETTINGS> = {}) => ({
  roles,
  mobileSettings: { ...DEFAULT_MOBILE_SETTINGS, ...mobile },
});

describe('settings menu per role', () => {
  it.each<[Role, string[]]>([
    [
      'superAdmin',
      ['tree', 'users', 'alerts', 'logs', 'objectives', 'imports', 'occReset', 'sso', 'liveViews', 'events'],
    ],
    ['admin', ['tree', 'users', 'alerts', 'logs', 'objectives', 'liveViews', 'events']],
    ['User', ['tree', 'users']],
    ['deviceManagerAdmin', ['tree', 'users']],
  ])('%s sees %j', (role, items) => {
    expect(settingsMenu(user([role]))).toEqual(items);
  });
});

describe('monitoring menu per role', () => {
  it.each<[Role, string[]]>([
    ['superAdmin', ['tickets', 'devices', 'incidents']],
    ['deviceManagerAdmin', ['tickets', 'devices']],
    ['admin', ['tickets']],
    ['User', ['tickets']],
    ['dashboardOnly', ['tickets']],
  ])('%s sees %j', (role, items) => {
    expect(monitoringMenu(user([role]))).toEqual(items);
  });
});

describe('top toolbar', () => {
  it('shows settings to admin-kind only and hides the current section', () => {
    // admins operate occupancy and manage events: live views and showtimes too
    expect(toolbarSections(user(['admin']), 'dashboard')).toEqual([
      'settings',
      'reports',
      'monitoring',
      'liveViews',
      'showtimes',
      'tracks',
    ]);
    expect(toolbarSections(user(['superAdmin']), 'settings')).toEqual([
      'dashboard',
      'reports',
      'monitoring',
      'liveViews',
      'showtimes',
      'tracks',
    ]);
    expect(toolbarSections(user(['User']), 'dashboard')).toEqual(['reports', 'monitoring', 'tracks']);
    expect(toolbarSections(user(['User']), 'monitoring')).toEqual(['dashboard', 'reports', 'tracks']);
    expect(toolbarSections(user(['User']), 'tracks')).toEqual(['dashboard', 'reports', 'monitoring']);
  });
  it('shows live views with occupancy access and showtimes with showtimes access, as the server decides', () => {
    expect(toolbarSections(user(['OccupancyOperator']), 'dashboard')).toEqual([
      'reports',
      'monitoring',
      'liveViews',
      'tracks',
    ]);
    expect(toolbarSections(user(['User'], { hasAccessOccupancy: true }), 'liveViews')).toEqual([
      'dashboard',
      'reports',
      'monitoring',
      'tracks',
    ]);
    expect(toolbarSections(user(['User'], { hasAccessOrganizationalTreeEvent: true }), 'showtimes')).toEqual([
      'dashboard',
      'reports',
      'monitoring',
      'tracks',
    ]);
    for (const r of ROLES) {
      for (const flag of [false, true]) {
        const u = user([r], { hasAccessOrganizationalTreeEvent: flag, hasAccessOccupancy: flag });
        const sections = toolbarSections(u, 'dashboard');
        expect(sections.includes('showtimes')).toBe(canAccessShowtimes(u));
        expect(sections.includes('liveViews')).toBe(canAccessOccupancy(u));
        // tracks are for everyone (spec section 6)
        expect(sections.includes('tracks')).toBe(true);
        // the web's route guard for showtimes is the server's rule (an admin without the flag reads them)
        expect(routeAccess.orgTreeEvent(u)).toBe(canAccessShowtimes(u));
      }
    }
    expect(routeAccess.orgTreeEvent(user(['admin']))).toBe(true);
  });
  it('gives dashboardOnly users no reports', () => {
    expect(toolbarSections(user(['dashboardOnly']), 'dashboard')).toEqual(['monitoring', 'tracks']);
    expect(routeAccess.reports(user(['dashboardOnly']))).toBe(false);
  });
  it('shows the tickets button to superAdmin and admin only', () => {
    for (const r of ROLES) expect(showsTicketButton(user([r]))).toBe(r === 'superAdmin' || r === 'admin');
  });
});

describe('mobile bottom navigation per mobileSettings', () => {
  const all = {
    hasAccessDashboard: true,
    hasAccessPerformance: true,
    hasAccessRanking: true,
    hasAccessOccupancy: true,
    hasAccessOrganizationalTreeEvent: true,
  };
  it('lists every allowed entry in order', () => {
    expect(mobileNavEntries(user(['User'], all))).toEqual([
      'dashboard',
      'performance',
      'ranking',
      'occupancy',
      'showtimes',
    ]);
  });
  it('follows each flag', () => {
    expect(
      mobileNavEntries(user(['User'], { ...all, hasAccessRanking: false, hasAccessPerformance: false })),
    ).toEqual(['dashboard', 'occupancy', 'showtimes']);
    expect(mobileNavEntries(user(['User'], { ...all, hasAccessDashboard: false }))).toEqual([
      'performance',
      'ranking',
      'occupancy',
      'showtimes',
    ]);
  });
  it('keeps only the dashboard when the dashboard is read-only', () => {
    expect(mobileNavEntries(user(['User'], all), true)).toEqual(['dashboard']);
    expect(mobileNavEntries(user(['dashboardOnly'], all))).toEqual(['dashboard']);
  });
  it('gives occupancy-only users no bottom navigation', () => {
    const occ = user(['User'], { hasAccessDashboard: false, hasAccessOccupancy: true });
    expect(isOccupancyOnly(occ)).toBe(true);
    expect(mobileNavEntries(occ)).toEqual([]);
    expect(mobileDashboardRedirectsToOccupancy(occ)).toBe(true);
    expect(mobileDashboardRedirectsToOccupancy(user(['User'], all))).toBe(false);
  });
});

describe('route access', () => {
  it('matches spec section 6', () => {
    expect(routeAccess.adminKind(user(['admin']))).toBe(true);
    expect(routeAccess.adminKind(user(['User']))).toBe(false);
    expect(routeAccess.superAdmin(user(['admin']))).toBe(false);
    expect(routeAccess.monitoringDevices(user(['deviceManagerAdmin']))).toBe(true);
    expect(routeAccess.monitoringDevices(user(['admin']))).toBe(false);
    expect(routeAccess.performance(user(['User'], { hasAccessPerformance: true }))).toBe(true);
    expect(routeAccess.ranking(user(['superAdmin']))).toBe(false);
    expect(routeAccess.occupancy(user(['OccupancyOperator']))).toBe(true);
    expect(routeAccess.occupancy(user(['User']))).toBe(false);
  });
});
