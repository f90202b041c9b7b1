import fs from 'node:fs';
import type { AppContext } from './platform/context.js';
import type { IngestKeyVerifier, PrincipalLoader } from './platform/http/access.js';
import { findActivePrincipal } from './features/users/principal.repository.js';
import { createHealthService } from './features/health/health.service.js';
import { createScopeService } from './features/tree/scope.service.js';
import { createTreeService } from './features/tree/tree.service.js';
import { createLocateService } from './features/tree/locate.service.js';
import { createDemoService } from './features/demo/demo.service.js';
import { createEventLogService } from './features/event-log/event-log.service.js';
import { createJobsService } from './features/jobs/jobs.service.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createUsersService } from './features/users/users.service.js';
import { createUsersReportService } from './features/users/users-report.service.js';
import { createUserGroupsService } from './features/user-groups/user-groups.service.js';
import { createSettingsService } from './features/settings/settings.service.js';
import { createOutboxService } from './features/outbox/outbox.service.js';
import { createLiveViewService } from './features/live-views/live-views.service.js';
import { createSiteEventService } from './features/showtimes/site-events.service.js';
import { createSeriesService } from './features/timeseries/series.service.js';
import { createIngestService } from './features/timeseries/ingest.service.js';
import { createSensorService } from './features/timeseries/sensors/sensors.service.js';
import { createSensorPipeline } from './features/timeseries/sensors/pipeline.js';
import { createDeviceAdmin } from './features/timeseries/sensors/device-admin.js';
import { createDevicePushService } from './features/timeseries/sensors/device-push.service.js';
import { registerVendorMqttFormats } from './features/timeseries/sensors/vendors.js';
import { createOccupancyService } from './features/occupancy/occupancy.service.js';
import { createOccupancyResetService } from './features/occupancy/occupancy.reset.service.js';
import { createDemoCountsService } from './features/demo/demo-counts.service.js';
import { createQueryService } from './features/analytics/query.service.js';
import { createRawRetentionService } from './features/timeseries/raw-retention.service.js';
import { createDashboardsService } from './features/dashboards/dashboards.service.js';
import { createSnapshotsService } from './features/dashboards/snapshots.service.js';
import { createExportsService } from './features/exports/exports.service.js';
import { createTemplatesService } from './features/templates/templates.service.js';
import { createMonitoringService } from './features/monitoring/monitoring.service.js';
import { createObjectivesService } from './features/objectives/objectives.service.js';
import { seedDemoObjectives } from './features/objectives/objectives-demo.js';
import { createPerformanceService } from './features/objectives/performance.service.js';
import { seedMonitoringDemo } from './features/monitoring/monitoring-demo.js';
import { createRankingService } from './features/ranking/ranking.service.js';
import { createSsoService } from './features/sso/sso.service.js';
import { createImportsService } from './features/imports/imports.service.js';
import { seedDemoImports } from './features/imports/imports-demo.js';
import { createReportsService } from './features/reports/reports.service.js';
import { createReportViewerService } from './features/reports/report-viewer.service.js';
import { createTracksService } from './features/tracks/tracks.service.js';
import { seedDemoTracks } from './features/tracks/tracks-demo.js';
import type { DemoOrganisation } from './features/demo/demo.service.js';
import { createReportSchedulesService } from './features/report-schedules/report-schedules.service.js';
import { reportRendererOf } from './features/report-schedules/report-renderer.js';
import { createWeatherService } from './features/weather/weather.service.js';
import { createOpenWeatherMapProvider } from './features/weather/weather.provider.js';
import { createAlertsService } from './features/alerts/alerts.service.js';
import { seedAlertsDemo } from './features/alerts/alerts-demo.js';

/**
 * Composition root: each feature's service, built exactly once per app (one scope service, one event
 * log, one tree...) and shared through `app.services`; a service gets the others it needs here.
 */
export function createServices(ctx: AppContext) {
  const principals: PrincipalLoader = {
    async load(claims) {
      const subject = await findActivePrincipal(ctx.db, claims.sub, claims.ver);
      if (!subject) return null;
      if (!claims.act) return subject;
      const actor = await findActivePrincipal(ctx.db, claims.act.sub, claims.act.ver);
      if (!actor) return null;
      return { ...subject, actor: { userId: actor.userId, username: actor.username } };
    },
  };
  const eventLog = createEventLogService(ctx.db, ctx.clock);
  const scope = createScopeService(ctx.db);
  const series = createSeriesService({ db: ctx.db, scope, eventLog });
  const ingest = createIngestService({ ...ctx, scope, eventLog, series });
  const ingestKeys: IngestKeyVerifier | undefined = ingest.keyVerifier();
  const sensorPipeline = createSensorPipeline({ db: ctx.db, clock: ctx.clock, scope, series, ingest });
  const sensors = createSensorService({ scope, ingest, pipeline: sensorPipeline });
  const deviceAdmin = createDeviceAdmin({ db: ctx.db, clock: ctx.clock, scope });
  const devicePushes = createDevicePushService({ db: ctx.db, pipeline: sensorPipeline });
  registerVendorMqttFormats(sensors, devicePushes);
  const occupancy = createOccupancyService({ ...ctx, scope, eventLog, series, ingest });
  const occupancyResets = createOccupancyResetService({ ...ctx, scope, eventLog, occupancy, series });
  const demoCounts = createDemoCountsService({ ...ctx, series, ingest, occupancy, occupancyResets });
  const auth = createAuthService({ ...ctx, eventLog, scope });
  // users needs templates and user groups, which need users: they are read lazily, once all exist
  const users = createUsersService({
    ...ctx,
    eventLog,
    scope,
    templates: () => templates,
    groups: () => userGroups,
    passwords: auth,
  });
  const liveViews = createLiveViewService({ ...ctx, scope, eventLog, users, occupancy: () => occupancy });
  const siteEvents = createSiteEventService({ ...ctx, scope, eventLog, users, places: liveViews });
  const userGroups = createUserGroupsService(ctx.db, eventLog, scope);
  const monitoring = createMonitoringService({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    mailer: ctx.mailer,
    publicUrl: ctx.config.PUBLIC_URL,
    eventLog,
    ingest,
  });
  const objectives = createObjectivesService({ db: ctx.db, eventLog, scope });
  const rawRetention = createRawRetentionService({
    db: ctx.db,
    clock: ctx.clock,
    retentionDays: ctx.config.RAW_RETENTION_DAYS,
  });
  const query = createQueryService({
    db: ctx.db,
    scope,
    clock: ctx.clock,
    monitoring,
    objectives,
    rawCutoff: () => rawRetention.rawCutoff(),
  });
  const performance = createPerformanceService({ clock: ctx.clock, query, objectives, users });
  const templates = createTemplatesService({
    db: ctx.db,
    eventLog,
    groups: userGroups,
    dashboards: () => dashboards,
  });
  const dashboards = createDashboardsService({ db: ctx.db, eventLog, templates, users });
  const tree = createTreeService({ db: ctx.db, scope, eventLog, users });
  const exports = createExportsService();
  const snapshots = createSnapshotsService({
    dashboards,
    query,
    tree,
    mailer: ctx.mailer,
    clock: ctx.clock,
    eventLog,
    exports,
  });
  const usersReport = createUsersReportService({ users, exports });
  const ranking = createRankingService({ db: ctx.db, scope, query, users });
  const reports = createReportsService({ db: ctx.db, clock: ctx.clock, scope, query, users, exports });
  const reportSchedules = createReportSchedulesService({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    mailer: ctx.mailer,
    publicUrl: ctx.config.PUBLIC_URL,
    eventLog,
    scope,
    users,
    dashboards,
    snapshots,
    // scheduled reports are the reports feature's files
    reportRenderer: reportRendererOf(reports.renderFile),
  });
  const imports = createImportsService({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    secretKey: ctx.tokens.deriveKey('import-source-credentials'),
    trustedCa: ctx.config.IMPORT_TRUSTED_CA_FILE
      ? fs.readFileSync(ctx.config.IMPORT_TRUSTED_CA_FILE, 'utf8')
      : null,
    scope,
    eventLog,
    series,
    ingest,
  });
  const alerts = createAlertsService({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    mailer: ctx.mailer,
    bus: ctx.bus,
    publicUrl: ctx.config.PUBLIC_URL,
    eventLog,
    scope,
    query,
    incidents: monitoring,
    showtimes: siteEvents,
    secretBox: ctx.tokens.secretBox,
    allowPrivateWebhooks: ctx.config.WEBHOOK_ALLOW_PRIVATE,
  });
  const tracks = createTracksService({
    db: ctx.db,
    clock: ctx.clock,
    scope,
    eventLog,
    retentionDays: ctx.config.TRACK_RETENTION_DAYS,
    writeScope: (caller) => ingest.writeScope(caller),
    resolveDevice: (caller, ids, vendor) => sensorPipeline.resolveDevice(caller, ids, vendor),
  });
  return {
    alerts,
    /** the demo's alert rules and a little history, once (features/alerts) */
    alertsDemo: (demo: DemoOrganisation) => seedAlertsDemo(alerts, demo, ctx.clock.now()),
    imports,
    /** the demo retail group's point-of-sale import task and its run history, once */
    importsDemo: (demo: DemoOrganisation) =>
      seedDemoImports(
        { db: ctx.db, clock: ctx.clock, imports },
        {
          retailGroupId: demo.groups.retail,
          locations: demo.locations.filter((l) => l.groupId === demo.groups.retail),
        },
      ),
    monitoring,
    /** the monitoring demo (incidents and tickets from the demo history), once */
    monitoringDemo: (demo: DemoOrganisation) =>
      seedMonitoringDemo(
        { db: ctx.db, clock: ctx.clock, log: ctx.log, ingest, monitoring, zoneOf: demoCounts.zoneOf },
        demo,
      ),
    query,
    objectives,
    performance,
    /** the demo stores' objectives, once */
    objectivesDemo: (locations: { id: string; timezone: string }[]) =>
      seedDemoObjectives({ clock: ctx.clock, query, objectives }, locations),
    ranking,
    reportSchedules,
    /** reports (issue 14); `renderFile` is what scheduled reports call */
    reports,
    /** the spec's ReportViewer calls over the reports (report-viewer.service.ts) */
    reportViewer: createReportViewerService({ reports, exports }),
    tracks,
    /** the demo store's floor plan, sensors, zones and a few days of trajectories, once */
    tracksDemo: (demo: DemoOrganisation) => seedDemoTracks({ db: ctx.db, clock: ctx.clock }, demo),
    dashboards,
    templates,
    exports,
    snapshots,
    series,
    rawRetention,
    ingest,
    sensors,
    sensorPipeline,
    deviceAdmin,
    devicePushes,
    occupancy,
    occupancyResets,
    demoCounts,
    liveViews,
    siteEvents,
    principals,
    ingestKeys,
    health: createHealthService(ctx.db),
    scope,
    eventLog,
    jobs: createJobsService(ctx.db),
    auth,
    users,
    sso: createSsoService({ ...ctx, eventLog, auth, users, tree, userGroups }),
    usersReport,
    userGroups,
    settings: createSettingsService(ctx, eventLog),
    outbox: createOutboxService(ctx),
    tree,
    demo: createDemoService({ db: ctx.db, tree, users, userGroups, eventLog, log: ctx.log }),
    locate: createLocateService({
      geocoderUrl: ctx.config.GEOCODER_URL,
      userAgent: `Footfall (${ctx.config.PUBLIC_URL})`,
    }),
    weather: createWeatherService({
      provider: ctx.config.OPENWEATHERMAP_API_KEY
        ? createOpenWeatherMapProvider({
            baseUrl: ctx.config.OPENWEATHERMAP_URL,
            apiKey: ctx.config.OPENWEATHERMAP_API_KEY,
          })
        : null,
      tree,
      clock: ctx.clock,
      log: ctx.log,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
