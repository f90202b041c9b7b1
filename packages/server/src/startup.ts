import type { App } from './app.js';
import type { AppContext } from './platform/context.js';
import { startTimeSeriesTasks } from './features/timeseries/series.startup.js';

export interface StartupResult {
  demoAccounts: { username: string; description: string }[];
  demoPassword: string;
  /** stops background work started here (scheduler, generators, subscriptions) */
  stop(): Promise<void>;
}

/**
 * What runs once the app is built and before it listens: demo data on an empty embedded database
 * (or with DEMO=1), background jobs. Features append their own tasks.
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
  // Demo organisation (features/demo): on an empty database in embedded mode, or with DEMO=1. `demo` is
  // null when there is none; tasks below that add demo data (counts, live views...) build on its ids.
  const demo =
    ctx.config.embeddedDatabase || ctx.config.DEMO ? (await app.services.demo.seedIfEmpty()).demo : null;
  if (demo) {
    result.demoAccounts = demo.accounts.map(({ username, description }) => ({ username, description }));
    result.demoPassword = demo.password;
    // a default dashboard for each demo account without one (features/dashboards)
    await app.services.dashboards.seedDemo(demo);
  }
  // time-series engine: demo counts and live generator, MQTT ingestion (MQTT_URL), occupancy resets,
  // rollup upkeep after tree changes
  stops.push(...(await startTimeSeriesTasks(app, ctx, demo)));
  // a live view on every demo location and a week of showtimes at the venues (features/live-views, showtimes)
  if (demo) await app.services.liveViews.seedDemo(demo).then(() => app.services.siteEvents.seedDemo(demo));
  return result;
}
