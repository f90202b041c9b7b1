import type { App } from './app.js';
import type { AppContext } from './platform/context.js';
import { startTimeSeriesTasks } from './features/timeseries/series.startup.js';
import { timeSeriesJobs } from './features/timeseries/timeseries.jobs.js';
import { occupancyJobs } from './features/occupancy/occupancy.jobs.js';
import { demoJobs } from './features/demo/demo.jobs.js';
import { monitoringJobs } from './features/monitoring/monitoring.jobs.js';
import { reportScheduleJobs } from './features/report-schedules/report-schedules.jobs.js';
import { importJobs } from './features/imports/imports.jobs.js';
import { alertsJobs } from './features/alerts/alerts.jobs.js';
import { trackJobs } from './features/tracks/tracks.jobs.js';
import type { Job } from './platform/scheduler/index.js';

export interface StartupResult {
  demoAccounts: { username: string; description: string }[];
  demoPassword: string;
  /** stops background work started here (scheduler, generators, subscriptions) */
  stop(): Promise<void>;
}

/**
 * What runs once the app is built and before it listens: demo data on an empty embedded database
 * (or with DEMO=1), then the features' jobs, registered with the scheduler, which starts ticking.
 */
export async function runStartupTasks(app: App, ctx: AppContext): Promise<StartupResult> {
  const stops: (() => Promise<void>)[] = [];
  const result: StartupResult = {
    demoAccounts: [],
    demoPassword: '',
    stop: async () => {
      for (const s of stops.reverse()) await s();
    },
  };
  // webhook secrets saved in plain text before migration 0820 are sealed (features/alerts)
  await app.services.alerts.sealLegacySecrets();
  // Demo organisation (features/demo): on an empty database in embedded mode, or with DEMO=1. `demo` is
  // null when there is none; tasks below that add demo data (counts, live views...) build on its ids.
  const demo =
    ctx.config.embeddedDatabase || ctx.config.DEMO ? (await app.services.demo.seedIfEmpty()).demo : null;
  if (demo) {
    result.demoAccounts = demo.accounts.map(({ username, description }) => ({ username, description }));
    result.demoPassword = demo.password;
    // a default dashboard for each demo account without one (features/dashboards)
    await app.services.dashboards.seedDemo(demo);
    // dashboard templates in each demo client group's user groups (features/templates)
    await app.services.templates.seedDemo(
      Object.values(demo.groups).map((clientNodeId) => ({
        clientNodeId,
        locationIds: demo.locations.filter((l) => l.groupId === clientNodeId).map((l) => l.id),
      })),
      (ids, widgets) => app.services.dashboards.demoJson(ids, widgets),
    );
  }
  // time-series engine: the demo history, MQTT ingestion (MQTT_URL)
  stops.push(...(await startTimeSeriesTasks(app, ctx, demo)));
  // monthly traffic objectives for the demo stores, from their history (features/objectives)
  if (demo) await app.services.objectivesDemo(demo.locations);
  // a point-of-sale import task with three runs re-importing the demo's own sales (features/imports)
  if (demo) await app.services.importsDemo(demo);
  // a live view on every demo location and a week of showtimes at the venues (features/live-views, showtimes)
  if (demo) await app.services.liveViews.seedDemo(demo).then(() => app.services.siteEvents.seedDemo(demo));
  // monitoring on the demo: health, the history's real outages, a few faults and tickets (features/monitoring)
  if (demo) await app.services.monitoringDemo(demo);
  // a few scheduled reports with their history (features/report-schedules)
  if (demo) await app.services.reportSchedules.seedDemo(demo);
  // the customer sign-in pages /login/desjardins, /login/lq, /login/teppermans (features/sso)
  if (demo) await app.services.sso.seedDemo(demo.groups);
  // alert rules with a little history; the monitoring demo's open incidents open alerts (features/alerts)
  if (demo) await app.services.alertsDemo(demo);
  // a floor plan, tracking sensors and a few days of trajectories at one demo store (features/tracks)
  if (demo) await app.services.tracksDemo(demo);
  // timers are jobs, declared by the features in their <feature>.jobs.ts and run by the one scheduler
  // (platform/scheduler); a second start of the same app (tests) keeps the jobs already registered
  const jobs: Job[] = [
    ...timeSeriesJobs(app.services),
    ...occupancyJobs(app.services),
    ...monitoringJobs(app.services),
    ...reportScheduleJobs(app.services),
    ...importJobs(app.services),
    ...alertsJobs(app.services),
    ...trackJobs(app.services),
    ...(demo && ctx.config.LIVE_DEMO_GENERATOR ? demoJobs(app.services, demo) : []),
  ];
  app.scheduler.register(...jobs.filter((j) => !app.scheduler.jobNames.includes(j.name)));
  app.scheduler.start();
  stops.push(() => app.scheduler.stop());
  return result;
}
