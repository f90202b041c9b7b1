import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LANGUAGES } from '@footfall/domain';
import { patterns, REPORT_VIEWERS } from '../../config/paths';
import { NotFoundPage, RouteErrorPage } from '../../components/error-pages';
import { lazyPage } from '../../lib/lazy-page';
import { GuestOnly, RequireAccess, RequireAuth } from './guards';
import { LanguageRoot } from './language-root';
import type { PlaceholderId } from './placeholder-screens';
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

const AuthLayout = named(() => import('../layouts/auth-layout').then((m) => m.AuthLayout));
const loadDesktopDashboardLayout = () => import('../layouts/desktop-dashboard-layout');
const loadResponsiveLayout = () => import('../layouts/responsive-layout');
const loadDashboardSidePane = () => import('../../features/dashboard/components/dashboard-side-pane');
const loadDashboardPage = () => import('../../features/dashboard/components/dashboard-page');
const DesktopDashboardLayout = named(() =>
  loadDesktopDashboardLayout().then((m) => m.DesktopDashboardLayout),
);
const MobileLayout = named(() => import('../layouts/mobile-layout').then((m) => m.MobileLayout));
const SettingsLayout = named(() => import('../layouts/settings-layout').then((m) => m.SettingsLayout));
const MonitoringLayout = named(() => import('../layouts/monitoring-layout').then((m) => m.MonitoringLayout));
const ReportsLayout = named(() => import('../layouts/reports-layout').then((m) => m.ReportsLayout));
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
 * page) together, while the language loads, instead of one after the other as each route renders.
 */
export function preloadRouteChunks(pathname: string): void {
  if (!/^\/[a-z]{2}\/dashboard(\/|$)/.test(pathname)) return;
  for (const load of [
    loadResponsiveLayout,
    loadDesktopDashboardLayout,
    loadDashboardSidePane,
    loadDashboardPage,
  ])
    void load().catch(() => undefined); // a failure shows when the route itself loads the chunk
}
const Placeholder = lazyPage(() => import('./placeholder-screens'));
const LiveViewPage = named(() =>
  import('../../features/liveview/components/live-view-page').then((m) => m.LiveViewPage),
);
const ShowtimesPage = named(() =>
  import('../../features/events/components/showtimes-page').then((m) => m.ShowtimesPage),
);
const lv = (path: string, variant: LiveViewVariant): RouteObject => ({
  path,
  element: <LiveViewPage variant={variant} />,
});

const ph = (path: string, id: PlaceholderId): RouteObject => ({ path, element: <Placeholder id={id} /> });
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
            { path: patterns.login, element: <LoginPage /> },
            { path: patterns.loginCustomer, element: <LoginPage /> },
            { path: patterns.forgotPassword, element: <ForgotPasswordPage /> },
            { path: patterns.recoverPassword, element: <RecoverPasswordPage /> },
          ],
        },
      ],
    },
    { path: patterns.logout, element: <LogoutPage /> },
    { path: patterns.unauthorizedAccess, element: <UnauthorizedPage /> },
    {
      element: <LiveViewLayout />,
      children: [lv(patterns.liveViewPublic, 'public'), lv(patterns.liveViewVerizon, 'verizon')],
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AuthLayout />,
          children: [{ path: patterns.passwordChange, element: <PasswordChangePage /> }],
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
                { path: patterns.dashboards, element: <DashboardsIndexPage /> },
                { path: patterns.dashboard, element: <DashboardPage /> },
              ],
            },
            guarded('performance', [ph(patterns.performance, 'performance')]),
            guarded('ranking', [ph(patterns.ranking, 'ranking')]),
            guarded('orgTreeEvent', [{ path: patterns.orgTreeEvent, element: <ShowtimesPage /> }]),
          ],
        },
        guarded('occupancy', [
          {
            element: <ResponsiveLayout desktop={<LiveViewLayout />} mobile={<MobileLayout noScroll />} />,
            children: [lv(patterns.liveView, 'door')],
          },
          {
            element: <LiveViewLayout />,
            children: [
              lv(patterns.liveViewAuthorized, 'authorized'),
              lv(patterns.liveViewCustomQueue, 'customQueue'),
              lv(patterns.liveViewFamiliprix, 'familiprix'),
              lv(patterns.liveViewQueue, 'queue'),
              lv(patterns.liveViewQueueHekla, 'hekla'),
            ],
          },
        ]),
        guarded('reports', [
          {
            element: <ReportsLayout />,
            children: [
              ph(patterns.reports, 'reports'),
              ph(patterns.reportDashboard, 'reportDashboard'),
              ...REPORT_VIEWERS.map((name) => ph(`reportViewer/${name}`, 'reportViewer')),
              ph(patterns.reportNew, 'reportNew'),
              ph(patterns.reportScheduled, 'reportScheduled'),
              ph(patterns.report, 'report'),
              ph(patterns.trackPlayer, 'trackPlayer'),
              ph(patterns.trackViewer, 'trackViewer'),
            ],
          },
        ]),
        guarded('adminKind', [
          {
            element: <SettingsLayout />,
            children: [
              { path: 'settings', element: <Navigate to="tree" replace /> },
              ph(patterns.settingsTree, 'settingsTree'),
              ph(patterns.settingsUsers, 'settingsUsers'),
              ph(patterns.settingsUserGroups, 'settingsUserGroups'),
              ph(patterns.settingsUser, 'settingsUser'),
              ph(patterns.settingsAlerts, 'settingsAlerts'),
              ph(patterns.settingsAlert, 'settingsAlert'),
              ph(patterns.settingsLogs, 'settingsLogs'),
              ph(patterns.settingsObjectives, 'settingsObjectives'),
              guarded('superAdmin', [
                ph(patterns.settingsImports, 'settingsImports'),
                ph(patterns.settingsImport, 'settingsImport'),
                ph(patterns.settingsOccReset, 'settingsOccReset'),
              ]),
            ],
          },
        ]),
        {
          element: <MonitoringLayout />,
          children: [
            { path: patterns.monitoring, element: <Navigate to="tickets" replace /> },
            ph(patterns.monitoringTickets, 'monitoringTickets'),
            guarded('monitoringDevices', [
              ph(patterns.monitoringDevices, 'monitoringDevices'),
              ph(patterns.monitoringDevice, 'monitoringDevice'),
            ]),
            guarded('superAdmin', [
              ph(patterns.monitoringIncidents, 'monitoringIncidents'),
              ph(patterns.monitoringIncident, 'monitoringIncident'),
            ]),
          ],
        },
        guarded('superAdmin', [{ element: <LiveViewLayout />, children: [ph(patterns.tests, 'tests')] }]),
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
