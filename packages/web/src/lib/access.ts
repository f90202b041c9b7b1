/**
 * Who sees what in the frame (spec sections 2 and 6). The rules are the domain's policies, the
 * same functions the server enforces; this module re-exports them for the frame and adds the
 * presentation of the ticket badge.
 */
export {
  isOccupancyOnly,
  mobileDashboardRedirectsToOccupancy,
  mobileNavEntries,
  monitoringMenu,
  routeAccess,
  settingsMenu,
  showsTicketButton,
  toolbarSections,
  type MobileNavKey,
  type MonitoringMenuKey,
  type RouteAccess,
  type Section,
  type SettingsMenuKey,
} from '@footfall/domain';

/** Badge text: hidden (null) at zero, "99+" above 99. */
export function ticketBadgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
