import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { mobileDashboardRedirectsToOccupancy, occupancyScreenPath } from '../../lib/access';
import { useUser } from '../../lib/session/current-user';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useLang } from '../../lib/use-lang';

/** Chooses the desktop or the mobile layout at the 1246 px breakpoint. */
export function ResponsiveLayout({ desktop, mobile }: { desktop: ReactNode; mobile: ReactNode }) {
  return useIsDesktop() ? desktop : mobile;
}

/**
 * On the mobile layout a dashboard route goes to the user's default occupancy live view (with the
 * count controls for operators) when they have occupancy access but no dashboard access.
 */
export function MobileDashboardGate() {
  const desktop = useIsDesktop();
  const user = useUser();
  const lang = useLang();
  if (!desktop && mobileDashboardRedirectsToOccupancy(user)) {
    return <Navigate to={occupancyScreenPath(lang, user)} replace />;
  }
  return <Outlet />;
}
