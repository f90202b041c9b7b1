import type { Feature } from './feature.js';
import { liveRoutes } from './live-hub/live-hub.routes.js';
import { liveViewRoutes } from './live-views/live-views.routes.js';
import { siteEventRoutes } from './showtimes/site-events.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { eventLogRoutes } from './event-log/event-log.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { impersonationRoutes } from './auth/impersonation.routes.js';
import { passwordRoutes } from './auth/password.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { currentUserRoutes } from './users/current-user.routes.js';
import { userGroupRoutes } from './user-groups/user-groups.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { outboxRoutes } from './outbox/outbox.routes.js';
import { queryRoutes } from './analytics/query.routes.js';
import { formulaRoutes } from './analytics/formula.routes.js';
import { dashboardRoutes } from './dashboards/dashboards.routes.js';
import { templateRoutes } from './templates/templates.routes.js';
import { treeRoutes } from './tree/tree.routes.js';
import { locateRoutes } from './tree/locate.routes.js';
import { seriesRoutes } from './timeseries/series.routes.js';
import { ingestRoutes } from './timeseries/ingest.routes.js';
import { sensorRoutes } from './timeseries/sensors/sensors.routes.js';
import { axisRoutes } from './timeseries/sensors/axis.routes.js';
import { hikvisionRoutes } from './timeseries/sensors/hikvision.routes.js';
import { milesightRoutes } from './timeseries/sensors/milesight.routes.js';
import { vivotekRoutes } from './timeseries/sensors/vivotek.routes.js';
import { brickstreamRoutes } from './timeseries/sensors/brickstream.routes.js';
import { occupancyRoutes } from './occupancy/occupancy.routes.js';
import { monitoringRoutes } from './monitoring/monitoring.routes.js';
import { objectiveRoutes } from './objectives/objectives.routes.js';
import { rankingRoutes } from './ranking/ranking.routes.js';
import { reportScheduleRoutes } from './report-schedules/report-schedules.routes.js';
import { weatherRoutes } from './weather/weather.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { importRoutes } from './imports/imports.routes.js';
import { reportRoutes } from './reports/reports.routes.js';
import { reportViewerRoutes } from './reports/report-viewer.routes.js';
import { alertRoutes } from './alerts/alerts.routes.js';
import { trackRoutes } from './tracks/tracks.routes.js';

/** Every feature's routes, registered in this order. */
export const features: Feature[] = [
  healthRoutes,
  eventLogRoutes,
  jobsRoutes,
  authRoutes,
  impersonationRoutes,
  passwordRoutes,
  currentUserRoutes,
  usersRoutes,
  userGroupRoutes,
  settingsRoutes,
  outboxRoutes,
  liveRoutes,
  liveViewRoutes,
  siteEventRoutes,
  treeRoutes,
  locateRoutes,
  seriesRoutes,
  ingestRoutes,
  sensorRoutes,
  axisRoutes,
  hikvisionRoutes,
  milesightRoutes,
  vivotekRoutes,
  brickstreamRoutes,
  occupancyRoutes,
  queryRoutes,
  formulaRoutes,
  dashboardRoutes,
  templateRoutes,
  monitoringRoutes,
  objectiveRoutes,
  rankingRoutes,
  reportScheduleRoutes,
  weatherRoutes,
  ssoRoutes,
  importRoutes,
  reportRoutes,
  reportViewerRoutes,
  alertRoutes,
  trackRoutes,
];
