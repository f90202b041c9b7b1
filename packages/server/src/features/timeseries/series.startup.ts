import type { App } from '../../app.js';
import type { AppContext } from '../../platform/context.js';
import type { DemoOrganisation } from '../demo/demo.service.js';
import { startMqttIngest } from './mqtt.subscriber.js';

/**
 * Start-up work of the time-series engine that is no timer (the timers are jobs: timeseries.jobs.ts,
 * occupancy.jobs.ts, demo.jobs.ts): the demo history on first start when the demo exists, and MQTT
 * ingestion when MQTT_URL is set. Returns the stoppers.
 */
export async function startTimeSeriesTasks(
  app: App,
  ctx: AppContext,
  demo: DemoOrganisation | null,
): Promise<(() => Promise<void>)[]> {
  const stops: (() => Promise<void>)[] = [];
  if (demo) await app.services.demoCounts.ensureHistory(demo);
  if (ctx.config.MQTT_URL) {
    const mqttIngest = startMqttIngest({
      url: ctx.config.MQTT_URL,
      topic: ctx.config.MQTT_TOPIC,
      ingest: app.services.ingest,
      log: ctx.log,
      deviceTopic: ctx.config.MQTT_DEVICE_TOPIC || undefined,
      devices: app.services.sensors,
    });
    stops.push(() => mqttIngest.stop());
  }
  return stops;
}
