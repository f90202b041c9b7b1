import type { Db } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { IngestCaller } from '../ingest.service.js';
import { counterIntervals, type CounterReading } from './counters.js';
import { protocolFor, type DeviceTime, type ParsedPush } from './device-push.js';
import type { IntervalPoint, SensorPipeline } from './pipeline.js';

/**
 * Stores what a vendor parser made of a push (Axis, Hikvision, Milesight, Vivotek) through the common
 * sensor pipeline: the device by its identities (404 + unknown-devices list when none matches), its
 * time zone for local timestamps, its settings for the counter mapping; every instant guarded before
 * anything is written; interval counts stored as they come, running totals through counters.ts.
 */
export function createDevicePushService(deps: { db: Db; pipeline: SensorPipeline }) {
  const { pipeline } = deps;

  return {
    async ingest(caller: IngestCaller, push: ParsedPush) {
      const deviceId = await pipeline.resolveDevice(caller, push.identities, push.vendor);
      const timeZone = await pipeline.deviceTimeZone(deviceId);
      const settings = await pipeline.deviceSettings(deviceId);
      const ignored = new Set(push.ignored);
      const instant = (t: DeviceTime, field: string) => {
        const ms = typeof t === 'number' ? t : pipeline.localInstant(t, timeZone);
        if (!Number.isFinite(ms)) throw badRequest(`${field}: not a date-time (${String(t)})`, field);
        return ms;
      };
      const single = push.vendor === 'axis' && push.attribute === 'end';

      const intervals: IntervalPoint[] = [];
      for (const i of push.intervals) {
        const protocol = protocolFor(settings, i.counter, i.direction, false, i.protocol);
        if (!protocol) {
          ignored.add(i.counter);
          continue;
        }
        const atMs = instant(i.from, i.field);
        const seconds = (instant(i.to, i.field) - atMs) / 1000;
        if (!(seconds > 0)) throw badRequest(`${i.field}: the interval ends before it starts`, i.field);
        intervals.push({ protocol, atMs, seconds, value: i.value, field: i.field });
      }
      const readings: CounterReading[] = [];
      for (const t of push.totals) {
        const protocol = protocolFor(settings, t.counter, t.direction, single, t.protocol);
        if (!protocol) {
          ignored.add(t.counter);
          continue;
        }
        readings.push({
          protocol,
          counter: t.counter,
          atMs: instant(t.at, t.field),
          total: t.total,
          field: t.field,
        });
      }
      // nothing is written before every instant passed the future guard
      await pipeline.guardInstants(deviceId, [...intervals, ...readings]);
      const { accepted } = await pipeline.storeBatches(
        [{ deviceId, points: intervals, source: push.vendor }],
        readings.length === 0
          ? undefined
          : {
              deviceId,
              source: push.vendor,
              protocols: readings.map((r) => r.protocol),
              points: (trx) => counterIntervals(trx, deviceId, readings, push.attribute),
            },
      );
      return { accepted, deviceIds: [deviceId], ignored: [...ignored] };
    },
  };
}

export type DevicePushService = ReturnType<typeof createDevicePushService>;
