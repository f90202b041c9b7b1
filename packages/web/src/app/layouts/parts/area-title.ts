import { stripLanguage } from '../../../lib/language';

/** Title key of the dashboard-area page a path shows (toolbar on desktop, top bar on mobile). */
const AREA_TITLES: Record<string, string> = {
  dashboard: 'nav_dashboard',
  performance: 'mobile_title_performance',
  ranking: 'mobile_title_ranking',
  liveview: 'mobile_title_occupancy',
  orgtreeevent: 'mobile_title_showtimes',
};

export function areaTitleKey(pathname: string): string {
  const segment = stripLanguage(pathname).split('/')[1] ?? '';
  return AREA_TITLES[segment] ?? 'nav_dashboard';
}
