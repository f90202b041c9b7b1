import type { ReactNode } from 'react';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import EventSeat from '@mui/icons-material/EventSeatOutlined';
import LiveTv from '@mui/icons-material/LiveTvOutlined';
import MonitorHeart from '@mui/icons-material/MonitorHeartOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import SpaceDashboard from '@mui/icons-material/SpaceDashboardOutlined';
import Timeline from '@mui/icons-material/TimelineOutlined';
import type { Language } from '@footfall/domain';
import { paths } from '../../../config/paths';
import type { Section } from '../../../lib/access';

/** Each section's icon, label and link (the toolbar's icons and the mobile layout's section menu). */
export const SECTIONS: Record<Section, { icon: ReactNode; label: string; to: (l: Language) => string }> = {
  settings: { icon: <Settings />, label: 'nav_settings', to: paths.settingsTree },
  dashboard: { icon: <SpaceDashboard />, label: 'nav_dashboard', to: paths.dashboards },
  reports: { icon: <Assessment />, label: 'nav_reports', to: paths.reports },
  monitoring: { icon: <MonitorHeart />, label: 'nav_monitoring', to: paths.monitoringTickets },
  liveViews: { icon: <LiveTv />, label: 'liveview_list_title', to: paths.liveViews },
  showtimes: { icon: <EventSeat />, label: 'mobile_title_showtimes', to: paths.orgTreeEvent },
  tracks: { icon: <Timeline />, label: 'nav_tracks', to: paths.trackViewer },
};
