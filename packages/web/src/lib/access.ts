/**
 * Who sees what in the frame (spec sections 2 and 6). The rules are the domain's policies, the
 * same functions the server enforces; this module re-exports them for the frame and adds the
 * presentation of the ticket badge.
 */
import { canOperateOccupancy, type Language, type UserCurrent } from '@footfall/domain';
import { paths } from '../config/paths';

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

/**
 * The occupancy screen the mobile Occupancy tab opens: the user's default live view, with the
 * operator's count controls (/liveview/authorized) for those who operate occupancy.
 */
export function occupancyScreenPath(lang: Language, user: UserCurrent): string {
  const id = user.mobileSettings.defaultOccupancyLiveViewId;
  return canOperateOccupancy(user) ? paths.liveViewAuthorized(lang, id) : paths.liveView(lang, id);
}

/** Badge text: hidden (null) at zero, "99+" above 99. */
export function ticketBadgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
