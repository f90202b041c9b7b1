import { USER_REPORTS, type Language } from '@footfall/domain';

/** The link arguments of a route pattern: a string for each ":param", optional for each ":param?". */
type PatternArgs<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? [...SegmentArg<Head>, ...PatternArgs<Rest>]
  : SegmentArg<P>;
type SegmentArg<S extends string> = S extends `:${string}?`
  ? [(string | null)?]
  : S extends `:${string}`
    ? [string]
    : [];

/**
 * A route: `path` is its React Router pattern relative to the language prefix; called, it builds the
 * URL the product links to, with the user's language prefix and each parameter filled in and encoded
 * in the pattern's order ("/fr/dashboard/42"), an absent optional parameter dropping its segment.
 */
export type Route<A extends unknown[]> = ((lang: Language, ...args: A) => string) & { readonly path: string };

function route<const P extends string>(path: P): Route<PatternArgs<P>>;
function route<const P extends string, Q extends unknown[]>(
  path: P,
  query: (...args: Q) => string,
): Route<[...PatternArgs<P>, ...Q]>;
function route(path: string, query?: (...args: unknown[]) => string): Route<unknown[]> {
  const segments = path ? path.split('/') : [];
  const params = segments.filter((s) => s.startsWith(':')).length;
  const href = (lang: Language, ...args: unknown[]) => {
    let i = 0;
    const parts = segments.flatMap((s) => {
      if (!s.startsWith(':')) return [s];
      const v = args[i++] as string | null | undefined;
      if (s.endsWith('?') && !v) return [];
      return [encodeURIComponent(v ?? '')];
    });
    return `/${[lang, ...parts].join('/')}${query ? query(...args.slice(params)) : ''}`;
  };
  return Object.assign(href, { path });
}

/**
 * Every route of the application (spec section 2), written once: `paths.dashboard.path` is the
 * pattern the router matches ("dashboard/:id"), `paths.dashboard(lang, id)` the link to one.
 */
export const paths = {
  home: route(''),
  dashboards: route('dashboard'),
  dashboard: route('dashboard/:id'),
  reportDashboard: route('report/dashboard/:id'),
  login: route('login', (redirect?: string) => (redirect ? `?redirect=${encodeURIComponent(redirect)}` : '')),
  loginCustomer: route('login/:customer'),
  logout: route('logout'),
  forgotPassword: route('forgot-password'),
  recoverPassword: route('recover-password'),
  passwordChange: route('password-change'),
  unauthorizedAccess: route(
    'unauthorizedAccess',
    (redirectFrom: string) => `?redirectFrom=${encodeURIComponent(redirectFrom)}`,
  ),
  monitoring: route('monitoring'),
  monitoringDevices: route('monitoring/devices'),
  monitoringDevice: route('monitoring/devices/:deviceId'),
  monitoringIncidents: route('monitoring/incidents'),
  monitoringIncident: route('monitoring/incidents/:ticketNumber'),
  monitoringTickets: route('monitoring/tickets'),
  performance: route('performance'),
  ranking: route('ranking'),
  orgTreeEvent: route('orgtreeevent'),
  reports: route('reports'),
  reportViewer: route('reportViewer/:reportName'),
  reportNew: route('report/new/:rdlReportName?'),
  reportScheduled: route('report/scheduled/:reportScheduleId?'),
  report: route('report/:reportName/:reportParametersSource?'),
  settings: route('settings'),
  settingsAlerts: route('settings/alerts'),
  settingsAlert: route('settings/alerts/:id'),
  settingsImports: route('settings/imports'),
  settingsImport: route('settings/imports/:organizationalTreeId/:id?'),
  settingsLogs: route('settings/logs'),
  settingsObjectives: route('settings/objectives'),
  settingsOccReset: route('settings/occReset'),
  settingsLiveViews: route('settings/liveviews'),
  settingsEvents: route('settings/events'),
  settingsSso: route('settings/sso'),
  loginCustomerCallback: route('login/:customer/callback'),
  settingsTree: route('settings/tree'),
  settingsUsers: route('settings/users'),
  settingsUser: route('settings/users/:id'),
  settingsUserGroups: route('settings/users/groups/:id?'),
  liveViews: route('liveviews'),
  liveView: route('liveview/:id?'),
  liveViewAuthorized: route('liveview/authorized/:id?'),
  liveViewCustomQueue: route('liveview/customQueue/:id?'),
  liveViewFamiliprix: route('liveview/familiprix/:id?'),
  liveViewPublic: route('liveview/public/:id?'),
  liveViewQueue: route('liveview/queue/:id?/:lang?'),
  liveViewQueueHekla: route('liveview/queue/hekla/:id?/:lang?'),
  liveViewVerizon: route('liveview/verizon/customersassistance'),
  trackPlayer: route('track/Player'),
  trackViewer: route('track/Viewer'),
  trackHeatMap: route('track/HeatMap'),
  trackAttendance: route('track/Attendance'),
  trackFloorPlan: route('track/FloorPlan'),
  tests: route('tests/*'),
} as const;

/** Old-style report viewers under /reportViewer/ (spec section 2): one per report a user may be given. */
export const REPORT_VIEWERS = USER_REPORTS;

/** Static user guides shipped in packages/web/public (French users get the French guide). */
export const helpCenterPath = (lang: Language) =>
  lang === 'fr' ? '/help_center_fr/Default.htm' : '/help_center/Default.htm';
