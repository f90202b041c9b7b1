import { stripLanguage } from '../../../lib/language';
import type { Section } from '../../../lib/access';

/** Title key of the dashboard-area page a path shows (toolbar on desktop, top bar on mobile). */
const AREA_TITLES: Record<string, string> = {
  dashboard: 'nav_dashboard',
  performance: 'mobile_title_performance',
  ranking: 'mobile_title_ranking',
  liveview: 'mobile_title_occupancy',
  liveviews: 'liveview_list_title',
  orgtreeevent: 'mobile_title_showtimes',
  track: 'nav_tracks',
};

export function areaTitleKey(pathname: string, fallback = 'nav_dashboard'): string {
  const segment = stripLanguage(pathname).split('/')[1] ?? '';
  return AREA_TITLES[segment] ?? fallback;
}

/** The toolbar section of a page of the dashboard layout (its icon is the one the toolbar hides). */
export function areaSection(pathname: string): Section {
  const segment = stripLanguage(pathname).split('/')[1] ?? '';
  if (segment === 'liveviews') return 'liveViews';
  if (segment === 'orgtreeevent') return 'showtimes';
  if (segment === 'track') return 'tracks';
  return 'dashboard';
}
