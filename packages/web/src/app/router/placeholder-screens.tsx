import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import BugReport from '@mui/icons-material/BugReportOutlined';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import EventSeat from '@mui/icons-material/EventSeatOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import Groups from '@mui/icons-material/GroupsOutlined';
import Leaderboard from '@mui/icons-material/LeaderboardOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import RestartAlt from '@mui/icons-material/RestartAltOutlined';
import Route from '@mui/icons-material/RouteOutlined';
import Schedule from '@mui/icons-material/ScheduleOutlined';
import SpaceDashboard from '@mui/icons-material/SpaceDashboardOutlined';
import Speed from '@mui/icons-material/SpeedOutlined';
import { PlaceholderPage } from '../../components/placeholder-page';

/**
 * Screens that later releases fill. Each sits in its real layout and says what it will hold; the
 * feature that builds a screen replaces its entry in the route table.
 */
const SCREENS = {
  dashboards: { icon: <SpaceDashboard />, title: 'ph_dashboards_title', text: 'ph_dashboards_text' },
  dashboard: { icon: <SpaceDashboard />, title: 'ph_dashboard_title', text: 'ph_dashboard_text' },
  reportDashboard: {
    icon: <Assessment />,
    title: 'ph_report_dashboard_title',
    text: 'ph_report_dashboard_text',
  },
  performance: { icon: <Speed />, title: 'ph_performance_title', text: 'ph_performance_text' },
  ranking: { icon: <Leaderboard />, title: 'ph_ranking_title', text: 'ph_ranking_text' },
  orgTreeEvent: { icon: <EventSeat />, title: 'ph_showtimes_title', text: 'ph_showtimes_text' },
  reports: { icon: <Assessment />, title: 'ph_reports_title', text: 'ph_reports_text' },
  reportViewer: { icon: <Assessment />, title: 'ph_report_viewer_title', text: 'ph_report_viewer_text' },
  reportNew: { icon: <Assessment />, title: 'ph_report_new_title', text: 'ph_report_new_text' },
  reportScheduled: {
    icon: <Schedule />,
    title: 'ph_report_scheduled_title',
    text: 'ph_report_scheduled_text',
  },
  report: { icon: <Assessment />, title: 'ph_report_title', text: 'ph_report_text' },
  settingsAlerts: { icon: <NotificationsActive />, title: 'ph_alerts_title', text: 'ph_alerts_text' },
  settingsAlert: { icon: <NotificationsActive />, title: 'ph_alert_title', text: 'ph_alert_text' },
  settingsObjectives: { icon: <Flag />, title: 'ph_objectives_title', text: 'ph_objectives_text' },
  settingsOccReset: { icon: <RestartAlt />, title: 'ph_occ_reset_title', text: 'ph_occ_reset_text' },
  settingsImports: { icon: <CloudUpload />, title: 'ph_imports_title', text: 'ph_imports_text' },
  settingsImport: { icon: <CloudUpload />, title: 'ph_import_title', text: 'ph_import_text' },
  liveView: { icon: <Groups />, title: 'ph_live_view_title', text: 'ph_live_view_text' },
  liveViewQueue: { icon: <Groups />, title: 'ph_live_queue_title', text: 'ph_live_queue_text' },
  liveViewCustomer: { icon: <Groups />, title: 'ph_live_customer_title', text: 'ph_live_customer_text' },
  trackPlayer: { icon: <Route />, title: 'ph_track_player_title', text: 'ph_track_player_text' },
  trackViewer: { icon: <Route />, title: 'ph_track_viewer_title', text: 'ph_track_viewer_text' },
  tests: { icon: <BugReport />, title: 'ph_tests_title', text: 'ph_tests_text' },
} satisfies Record<string, { icon: ReactNode; title: string; text: string }>;
export type PlaceholderId = keyof typeof SCREENS;

export function PlaceholderScreen({ id, compact }: { id: PlaceholderId; compact?: boolean }) {
  const { t } = useTranslation();
  const params = useParams();
  const screen = SCREENS[id];
  // the identifiers the page was opened with, shown so a deep link can be checked
  const detail = Object.entries(params)
    .filter(([k, v]) => k !== '*' && v)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
  return (
    <PlaceholderPage
      icon={screen.icon}
      title={t(screen.title)}
      description={t(screen.text)}
      detail={detail || undefined}
      compact={compact ?? false}
    />
  );
}

export default PlaceholderScreen;
