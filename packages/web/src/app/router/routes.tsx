import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LANGUAGES } from '@footfall/domain';
import { paths, REPORT_VIEWERS } from '../../config/paths';
import { NotFoundPage, RouteErrorPage } from '../../components/error-pages';
import { lazyPage } from '../../lib/lazy-page';
import { DESKTOP_QUERY } from '../../lib/use-is-desktop';
import { GuestOnly, RequireAccess, RequireAuth } from './guards';
import { LanguageRoot } from './language-root';
import type { PaneState } from '../layouts/parts/left-pane-state';
import type { LiveViewVariant } from '../../features/liveview/components/live-view-page';

/* Every page and layout is its own chunk: the sign-in page loads only what it shows. */
const named = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazyPage<P>(() => load().then((component) => ({ default: component })));

const LoginPage = named(() => import('../../features/auth/components/login-page').then((m) => m.LoginPage));
const ForgotPasswordPage = named(() =>
  import('../../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const RecoverPasswordPage = named(() =>
  import('../../features/auth/components/recover-password-page').then((m) => m.RecoverPasswordPage),
);
const PasswordChangePage = named(() =>
  import('../../features/auth/components/password-change-page').then((m) => m.PasswordChangePage),
);
const LogoutPage = named(() =>
  import('../../features/auth/components/logout-page').then((m) => m.LogoutPage),
);
const UnauthorizedPage = named(() =>
  import('../../features/auth/components/unauthorized-page').then((m) => m.UnauthorizedPage),
);

const CustomerLoginPage = named(() =>
  import('../../features/sso/components/customer-login-page').then((m) => m.CustomerLoginPage),
);
const SsoCallbackPage = named(() =>
  import('../../features/sso/components/sso-callback-page').then((m) => m.SsoCallbackPage),
);
const SsoSettingsPage = named(() =>
  import('../../features/sso/components/sso-settings-page').then((m) => m.SsoSettingsPage),
);
const TestsPage = named(() => import('../../features/tests/components/tests-page').then((m) => m.TestsPage));
const AuthLayout = named(() => import('../layouts/auth-layout').then((m) => m.AuthLayout));
const loadDesktopDashboardLayout = () => import('../layouts/desktop-dashboard-layout');
const loadResponsiveLayout = () => import('../layouts/responsive-layout');
const loadDashboardSidePane = () => import('../../features/dashboard/components/dashboard-side-pane');
const loadDashboardPage = () => import('../../features/dashboard/components/dashboard-page');
const DesktopDashboardLayout = named(() =>
  loadDesktopDashboardLayout().then((m) => m.DesktopDashboardLayout),
);
const loadMobileLayout = () => import('../layouts/mobile-layout');
const loadWidgetGrid = () => import('../../features/dashboard/components/widget-grid');
const MobileLayout = named(() => loadMobileLayout().then((m) => m.MobileLayout));
const SettingsLayout = named(() => import('../layouts/settings-layout').then((m) => m.SettingsLayout));
const MonitoringLayout = named(() => import('../layouts/monitoring-layout').then((m) => m.MonitoringLayout));
const ReportsLayout = named(() => import('../layouts/reports-layout').then((m) => m.ReportsLayout));
const TracksLayout = named(() => import('../layouts/tracks-layout').then((m) => m.TracksLayout));
const LiveViewLayout = named(() => import('../layouts/live-view-layout').then((m) => m.LiveViewLayout));
const ResponsiveLayout = named(() => loadResponsiveLayout().then((m) => m.ResponsiveLayout));
const MobileDashboardGate = named(() => loadResponsiveLayout().then((m) => m.MobileDashboardGate));
const DashboardSidePane = named(() => loadDashboardSidePane().then((m) => m.DashboardSidePane));
const DashboardsIndexPage = named(() =>
  import('../../features/dashboard/components/dashboards-index-page').then((m) => m.DashboardsIndexPage),
);
const DashboardPage = named(() => loadDashboardPage().then((m) => m.DashboardPage));

/**
 * Opening the app on a dashboard URL: fetches the chunks of its nested routes (layouts, side pane,
 * page, and the grid at desktop width) together, while the language loads, instead of one after the
 * other as each route renders. A phone fetches the mobile frame instead of the desktop's pieces.
 */
export function preloadRouteChunks(pathname: string): void {
  if (!/^\/[a-z]{2}\/dashboard(\/|$)/.test(pathname)) return;
  const desktop = window.matchMedia(DESKTOP_QUERY).matches;
  for (const load of [
    loadResponsiveLayout,
    loadDashboardPage,
    ...(desktop ? [loadDesktopDashboardLayout, loadDashboardSidePane, loadWidgetGrid] : [loadMobileLayout]),
  ])
    void load().catch(() => undefined); // a failure shows when the route itself loads the chunk
}
const LiveViewPage = named(() =>
  import('../../features/liveview/components/live-view-page').then((m) => m.LiveViewPage),
);
const LiveViewsPage = named(() =>
  import('../../features/liveview/components/live-views-page').then((m) => m.LiveViewsPage),
);
const ShowtimesPage = named(() =>
  import('../../features/events/components/showtimes-page').then((m) => m.ShowtimesPage),
);
const RankingPage = named(() =>
  import('../../features/ranking/components/ranking-page').then((m) => m.RankingPage),
);
const UserGroupsPage = named(() =>
  import('../../features/settings-groups/components/user-groups-page').then((m) => m.UserGroupsPage),
);
const OccResetPage = named(() =>
  import('../../features/settings-occreset/components/occ-reset-page').then((m) => m.OccResetPage),
);
const LiveViewSettingsPage = named(() =>
  import('../../features/settings-tree/components/live-view-settings-page').then(
    (m) => m.LiveViewSettingsPage,
  ),
);
const EventSettingsPage = named(() =>
  import('../../features/events/components/event-settings-page').then((m) => m.EventSettingsPage),
);
const EventLogPage = named(() =>
  import('../../features/settings-logs/components/event-log-page').then((m) => m.EventLogPage),
);
const SettingsTreePage = named(() =>
  import('../../features/settings-tree/components/settings-tree-page').then((m) => m.SettingsTreePage),
);
const TicketsPage = named(() =>
  import('../../features/monitoring/components/tickets-page').then((m) => m.TicketsPage),
);
const DevicesPage = named(() =>
  import('../../features/monitoring/components/devices-page').then((m) => m.DevicesPage),
);
const DevicePage = named(() =>
  import('../../features/monitoring/components/device-page').then((m) => m.DevicePage),
);
const IncidentsPage = named(() =>
  import('../../features/monitoring/components/incidents-page').then((m) => m.IncidentsPage),
);
const UsersPage = named(() =>
  import('../../features/settings-users/components/users-page').then((m) => m.UsersPage),
);
const UserEditPage = named(() =>
  import('../../features/settings-users/components/user-edit-page').then((m) => m.UserEditPage),
);
const ImportsPage = named(() =>
  import('../../features/settings-imports/components/imports-page').then((m) => m.ImportsPage),
);
const ImportTaskPage = named(() =>
  import('../../features/settings-imports/components/import-task-page').then((m) => m.ImportTaskPage),
);
const AlertsPage = named(() =>
  import('../../features/alerts/components/alerts-page').then((m) => m.AlertsPage),
);
const AlertEditorPage = named(() =>
  import('../../features/alerts/components/alert-editor-page').then((m) => m.AlertEditorPage),
);
const ObjectivesPage = named(() =>
  import('../../features/objectives/components/objectives-page').then((m) => m.ObjectivesPage),
);
const PerformancePage = named(() =>
  import('../../features/objectives/components/performance-page').then((m) => m.PerformancePage),
);
const ScheduledReportsPage = named(() =>
  import('../../features/report-schedules/components/scheduled-reports-page').then(
    (m) => m.ScheduledReportsPage,
  ),
);
const loadReports = () => import('../../features/reports/components/report-routes');
const ReportsPage = named(() =>
  import('../../features/reports/components/reports-page').then((m) => m.ReportsPage),
);
const ReportViewerPage = named(() => loadReports().then((m) => m.ReportViewerPage));
const ReportNewPage = named(() => loadReports().then((m) => m.ReportNewPage));
const ReportWithParametersPage = named(() => loadReports().then((m) => m.ReportWithParametersPage));
const ReportDashboardPage = named(() => loadReports().then((m) => m.ReportDashboardPage));
const TrackViewerPage = named(() =>
  import('../../features/tracks/components/track-viewer-page').then((m) => m.TrackViewerPage),
);
const TrackPlayerPage = named(() =>
  import('../../features/tracks/components/track-player-page').then((m) => m.TrackPlayerPage),
);
const HeatMapPage = named(() =>
  import('../../features/tracks/components/heat-map-page').then((m) => m.HeatMapPage),
);
const AttendancePage = named(() =>
  import('../../features/tracks/components/attendance-page').then((m) => m.AttendancePage),
);
const FloorPlanPage = named(() =>
  import('../../features/tracks/components/floor-plan-page').then((m) => m.FloorPlanPage),
);
const lv = (path: string, variant: LiveViewVariant): RouteObject => ({
  path,
  element: <LiveViewPage variant={variant} />,
});

const guarded = (
  access: Parameters<typeof RequireAccess>[0]['access'],
  children: RouteObject[],
): RouteObject => ({
  element: <RequireAccess access={access} />,
  children,
});

/** The routes under one language prefix (or none): spec section 2. */
function localizedRoutes(): RouteObject[] {
  return [
    {
      element: <GuestOnly />,
      children: [
        {
          element: <AuthLayout />,
          children: [
            { path: paths.login.path, element: <LoginPage /> },
            { path: paths.loginCustomer.path, element: <CustomerLoginPage /> },
            { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
            { path: paths.recoverPassword.path, element: <RecoverPasswordPage /> },
          ],
        },
      ],
    },
    // the identity provider sends users back here, signed in or not (the single-sign-on layout)
    { path: paths.loginCustomerCallback.path, element: <SsoCallbackPage /> },
    { path: paths.logout.path, element: <LogoutPage /> },
    { path: paths.unauthorizedAccess.path, element: <UnauthorizedPage /> },
    {
      element: <LiveViewLayout />,
      children: [lv(paths.liveViewPublic.path, 'public'), lv(paths.liveViewVerizon.path, 'verizon')],
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AuthLayout />,
          children: [{ path: paths.passwordChange.path, element: <PasswordChangePage /> }],
        },
        {
          element: (
            <ResponsiveLayout
              desktop={
                <DesktopDashboardLayout
                  sidePane={(state: PaneState) => <DashboardSidePane state={state} />}
                />
              }
              mobile={<MobileLayout />}
            />
          ),
          children: [
            {
              element: <MobileDashboardGate />,
              children: [
                { index: true, element: <Navigate to="dashboard" replace /> },
                { path: paths.dashboards.path, element: <DashboardsIndexPage /> },
                { path: paths.dashboard.path, element: <DashboardPage /> },
              ],
            },
            guarded('performance', [{ path: paths.performance.path, element: <PerformancePage /> }]),
            guarded('ranking', [{ path: paths.ranking.path, element: <RankingPage /> }]),
            guarded('orgTreeEvent', [{ path: paths.orgTreeEvent.path, element: <ShowtimesPage /> }]),
            guarded('occupancy', [{ path: paths.liveViews.path, element: <LiveViewsPage /> }]),
            // report mode keeps the left pane (spec section 4): a saved report or a dashboard as a report
            guarded('reports', [
              {
                path: paths.reportDashboard.path,
                element: <ReportDashboardPage dashboard={<DashboardPage />} />,
              },
            ]),
          ],
        },
        {
          // tracks are for every role (spec section 6), outside the reports guard, in their own section
          element: <ResponsiveLayout desktop={<TracksLayout />} mobile={<MobileLayout />} />,
          children: [
            { path: paths.trackViewer.path, element: <TrackViewerPage /> },
            { path: paths.trackPlayer.path, element: <TrackPlayerPage /> },
            { path: paths.trackHeatMap.path, element: <HeatMapPage /> },
            { path: paths.trackAttendance.path, element: <AttendancePage /> },
            guarded('adminKind', [{ path: paths.trackFloorPlan.path, element: <FloorPlanPage /> }]),
          ],
        },
        guarded('occupancy', [
          {
            element: <ResponsiveLayout desktop={<LiveViewLayout />} mobile={<MobileLayout noScroll />} />,
            // the operator screen too: the mobile Occupancy tab opens it for operators, in the mobile frame
            children: [lv(paths.liveView.path, 'door'), lv(paths.liveViewAuthorized.path, 'authorized')],
          },
          {
            element: <LiveViewLayout />,
            children: [
              lv(paths.liveViewCustomQueue.path, 'customQueue'),
              lv(paths.liveViewFamiliprix.path, 'familiprix'),
              lv(paths.liveViewQueue.path, 'queue'),
              lv(paths.liveViewQueueHekla.path, 'hekla'),
            ],
          },
        ]),
        guarded('reports', [
          {
            element: <ReportsLayout />,
            children: [
              { path: paths.reports.path, element: <ReportsPage /> },
              ...REPORT_VIEWERS.map((name) => ({
                path: `reportViewer/${name}`,
                element: <ReportViewerPage name={name} />,
              })),
              { path: paths.reportNew.path, element: <ReportNewPage /> },
              { path: paths.reportScheduled.path, element: <ScheduledReportsPage /> },
              { path: paths.report.path, element: <ReportWithParametersPage /> },
            ],
          },
        ]),
        guarded('adminKind', [
          {
            element: <SettingsLayout />,
            children: [
              { path: paths.settings.path, element: <Navigate to="tree" replace /> },
              { path: paths.settingsTree.path, element: <SettingsTreePage /> },
              { path: paths.settingsUsers.path, element: <UsersPage /> },
              { path: paths.settingsUserGroups.path, element: <UserGroupsPage /> },
              { path: paths.settingsUser.path, element: <UserEditPage /> },
              { path: paths.settingsAlerts.path, element: <AlertsPage /> },
              { path: paths.settingsAlert.path, element: <AlertEditorPage /> },
              { path: paths.settingsLogs.path, element: <EventLogPage /> },
              { path: paths.settingsObjectives.path, element: <ObjectivesPage /> },
              { path: paths.settingsLiveViews.path, element: <LiveViewSettingsPage /> },
              { path: paths.settingsEvents.path, element: <EventSettingsPage /> },
              guarded('superAdmin', [
                { path: paths.settingsImports.path, element: <ImportsPage /> },
                { path: paths.settingsImport.path, element: <ImportTaskPage /> },
                { path: paths.settingsOccReset.path, element: <OccResetPage /> },
                { path: paths.settingsSso.path, element: <SsoSettingsPage /> },
              ]),
            ],
          },
        ]),
        {
          element: <MonitoringLayout />,
          children: [
            { path: paths.monitoring.path, element: <Navigate to="tickets" replace /> },
            { path: paths.monitoringTickets.path, element: <TicketsPage /> },
            guarded('monitoringDevices', [
              { path: paths.monitoringDevices.path, element: <DevicesPage /> },
              { path: paths.monitoringDevice.path, element: <DevicePage /> },
            ]),
            guarded('superAdmin', [
              { path: paths.monitoringIncidents.path, element: <IncidentsPage /> },
              { path: paths.monitoringIncident.path, element: <IncidentsPage /> },
            ]),
          ],
        },
        guarded('superAdmin', [
          { element: <LiveViewLayout />, children: [{ path: paths.tests.path, element: <TestsPage /> }] },
        ]),
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** Every route unprefixed (English) and under /en, /es and /fr. */
export function appRoutes(): RouteObject[] {
  return ['', ...LANGUAGES].map((prefix) => ({
    path: `/${prefix}`,
    element: <LanguageRoot />,
    errorElement: <RouteErrorPage />,
    children: localizedRoutes(),
  }));
}
