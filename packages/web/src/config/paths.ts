import type { Language } from '@footfall/domain';

/**
 * Every route of the application (spec section 2), written once. `patterns` are the React Router
 * path patterns relative to a language prefix; `paths` build the URLs the product links to, always
 * with the user's language prefix ("/fr/settings/users").
 */
export const patterns = {
  home: '',
  dashboards: 'dashboard',
  dashboard: 'dashboard/:id',
  reportDashboard: 'report/dashboard/:id',
  login: 'login',
  loginCustomer: 'login/:customer',
  logout: 'logout',
  forgotPassword: 'forgot-password',
  recoverPassword: 'recover-password',
  passwordChange: 'password-change',
  unauthorizedAccess: 'unauthorizedAccess',
  monitoring: 'monitoring',
  monitoringDevices: 'monitoring/devices',
  monitoringDevice: 'monitoring/devices/:deviceId',
  monitoringIncidents: 'monitoring/incidents',
  monitoringIncident: 'monitoring/incidents/:ticketNumber',
  monitoringTickets: 'monitoring/tickets',
  performance: 'performance',
  ranking: 'ranking',
  orgTreeEvent: 'orgtreeevent',
  reports: 'reports',
  reportViewer: 'reportViewer/:reportName',
  reportNew: 'report/new/:rdlReportName?',
  reportScheduled: 'report/scheduled/:reportScheduleId?',
  report: 'report/:reportName/:reportParametersSource?',
  settingsAlerts: 'settings/alerts',
  settingsAlert: 'settings/alerts/:id',
  settingsImports: 'settings/imports',
  settingsImport: 'settings/imports/:organizationalTreeId/:id?',
  settingsLogs: 'settings/logs',
  settingsObjectives: 'settings/objectives',
  settingsOccReset: 'settings/occReset',
  settingsTree: 'settings/tree',
  settingsUsers: 'settings/users',
  settingsUser: 'settings/users/:id',
  settingsUserGroups: 'settings/users/groups/:id?',
  liveView: 'liveview/:id?',
  liveViewAuthorized: 'liveview/authorized/:id?',
  liveViewCustomQueue: 'liveview/customQueue/:id?',
  liveViewFamiliprix: 'liveview/familiprix/:id?',
  liveViewPublic: 'liveview/public/:id?',
  liveViewQueue: 'liveview/queue/:id?/:lang?',
  liveViewQueueHekla: 'liveview/queue/hekla/:id?/:lang?',
  liveViewVerizon: 'liveview/verizon/customersassistance',
  trackPlayer: 'track/Player',
  trackViewer: 'track/Viewer',
  tests: 'tests/*',
} as const;

/** Old-style report viewers under /reportViewer/ (spec section 2). */
export const REPORT_VIEWERS = [
  'dwellReport',
  'executiveComparativeReport',
  'executiveReport',
  'poiReport',
  'queueReport',
  'trafficAndOccupancyLotoQuebecReport',
  'trafficAndOccupancyReport',
  'trafficComparativeReport',
  'trafficHorizontalReport',
  'trafficReport',
] as const;

/** Customer-specific sign-in pages and the authentication call each one makes. */
export const CUSTOMER_LOGINS = {
  desjardins: { endpoint: '/authentication/desjardins', name: 'Desjardins' },
  lq: { endpoint: '/authentication/loto-quebec', name: 'Loto-Québec' },
  teppermans: { endpoint: '/authentication/teppermans', name: "Tepperman's" },
} as const;
export type CustomerLogin = keyof typeof CUSTOMER_LOGINS;

const p = (lang: Language, rest: string) => `/${lang}${rest ? `/${rest}` : ''}`;
const opt = (v: string | null | undefined) => (v ? `/${encodeURIComponent(v)}` : '');

export const paths = {
  home: (lang: Language) => p(lang, ''),
  dashboards: (lang: Language) => p(lang, 'dashboard'),
  dashboard: (lang: Language, id: string) => p(lang, `dashboard/${encodeURIComponent(id)}`),
  login: (lang: Language, redirect?: string) =>
    p(lang, 'login') + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''),
  logout: (lang: Language) => p(lang, 'logout'),
  forgotPassword: (lang: Language) => p(lang, 'forgot-password'),
  recoverPassword: (lang: Language) => p(lang, 'recover-password'),
  passwordChange: (lang: Language) => p(lang, 'password-change'),
  unauthorizedAccess: (lang: Language, redirectFrom: string) =>
    p(lang, 'unauthorizedAccess') + `?redirectFrom=${encodeURIComponent(redirectFrom)}`,
  monitoring: (lang: Language) => p(lang, 'monitoring'),
  monitoringDevices: (lang: Language) => p(lang, 'monitoring/devices'),
  monitoringDevice: (lang: Language, deviceId: string) =>
    p(lang, `monitoring/devices/${encodeURIComponent(deviceId)}`),
  monitoringIncidents: (lang: Language) => p(lang, 'monitoring/incidents'),
  monitoringTickets: (lang: Language) => p(lang, 'monitoring/tickets'),
  performance: (lang: Language) => p(lang, 'performance'),
  ranking: (lang: Language) => p(lang, 'ranking'),
  orgTreeEvent: (lang: Language) => p(lang, 'orgtreeevent'),
  reports: (lang: Language) => p(lang, 'reports'),
  settingsAlerts: (lang: Language) => p(lang, 'settings/alerts'),
  settingsImports: (lang: Language) => p(lang, 'settings/imports'),
  settingsLogs: (lang: Language) => p(lang, 'settings/logs'),
  settingsObjectives: (lang: Language) => p(lang, 'settings/objectives'),
  settingsOccReset: (lang: Language) => p(lang, 'settings/occReset'),
  settingsTree: (lang: Language) => p(lang, 'settings/tree'),
  settingsUsers: (lang: Language) => p(lang, 'settings/users'),
  liveView: (lang: Language, id?: string | null) => p(lang, 'liveview') + opt(id),
} as const;

/** Static user guides shipped in packages/web/public (French users get the French guide). */
export const helpCenterPath = (lang: Language) =>
  lang === 'fr' ? '/help_center_fr/Default.htm' : '/help_center/Default.htm';
