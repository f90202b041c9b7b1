import type { App } from '../../app.js';
import type { AppContext } from '../../platform/context.js';
import type { DemoOrganisation } from '../demo/demo.service.js';
import { startMqttIngest } from './mqtt.subscriber.js';

/** How often queued tree changes are applied to the rollups when nothing else did it first. */
const STALE_REFRESH_MS = 30_000;
const MINUTE = 60_000;

/** Runs `task` a second after every minute boundary (the clock ticks at minute boundaries). */
function everyMinute(task: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let timer: NodeJS.Timeout;
  let running = false;
  const schedule = () => {
    timer = setTimeout(
      () => {
        if (!running) {
          running = true;
          task()
            .catch(onError)
            .finally(() => (running = false));
        }
        schedule();
      },
      MINUTE - (Date.now() % MINUTE) + 1000,
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}

/**
 * Background work of the time-series engine, started once the app is built: the demo history on
 * first start and the live demo generator (LIVE_DEMO_GENERATOR) when the demo exists, MQTT
 * ingestion when MQTT_URL is set, scheduled occupancy resets, and the periodic application of tree
 * changes to rollups. Returns the stoppers.
 */
export async function startTimeSeriesTasks(
  app: App,
  ctx: AppContext,
  demo: DemoOrganisation | null,
): Promise<(() => Promise<void>)[]> {
  const stops: (() => Promise<void>)[] = [];
  const fail = (what: string) => (err: unknown) => ctx.log.error({ err }, what);
  if (demo) {
    await app.services.demoCounts.ensureHistory(demo);
    if (ctx.config.LIVE_DEMO_GENERATOR) {
      // minutes missed while the server was stopped first, then every finished minute
      await app.services.demoCounts.tick(demo);
      const stop = everyMinute(() => app.services.demoCounts.tick(demo), fail('live demo generator failed'));
      stops.push(async () => stop());
    }
  }
  if (ctx.config.MQTT_URL) {
    const mqttIngest = startMqttIngest({
      url: ctx.config.MQTT_URL,
      topic: ctx.config.MQTT_TOPIC,
      ingest: app.services.ingest,
      log: ctx.log,
    });
    stops.push(() => mqttIngest.stop());
  }
  // occupancy resets: checked every minute against each location's wall clock
  const stopResets = everyMinute(() => app.services.occupancyResets.runDue(), fail('occupancy reset failed'));
  stops.push(async () => stopResets());
  const stale = setInterval(() => {
    app.services.series.refreshStale().catch(fail('rollup refresh failed'));
  }, STALE_REFRESH_MS);
  stale.unref();
  stops.push(async () => clearInterval(stale));
  return stops;
}
