import { fromLocalMinute, localMinute, type IrisysPush, type XovisPush } from '@footfall/domain';
import type { Db } from '../../../platform/db/database.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import type { ScopeService } from '../../tree/scope.service.js';
import type { SeriesService } from '../series.service.js';
import type { IngestCaller, IngestService, ResolvedPoints } from '../ingest.service.js';
import { differences } from './counter-differences.js';
import type { SensorPipeline } from './pipeline.js';
import {
  deviceTimeZone,
  findDeviceByIdentity,
  readingsAround,
  upsertReadings,
} from './sensors.repository.js';

/** Xovis count directions: forward is in, backward is out. */
const XOVIS_DIRECTIONS: Record<string, 'TrafficIn' | 'TrafficOut'> = { fw: 'TrafficIn', bw: 'TrafficOut' };

/** Irisys register names ("Count In", "Out", "IN 2"...) to protocols; other registers are ignored. */
export function irisysProtocol(name: string): 'TrafficIn' | 'TrafficOut' | null {
  if (/\bin\b/i.test(name)) return 'TrafficIn';
  if (/\bout\b/i.test(name)) return 'TrafficOut';
  return null;
}

/** An ISO date-time; without an offset it is read as wall-clock time in `timeZone`. */
export function instantOf(text: string, timeZone: string): number {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) return Date.parse(text.replace(' ', 'T'));
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/.exec(text)!;
  const lm = localMinute(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
  const seconds = Number(m[6] ?? 0) + Number(m[7] ?? 0);
  return fromLocalMinute(timeZone, lm).utcMs + seconds * 1000;
}

/**
 * Real sensor push formats, mapped to the device by serial number or MAC address (inside the
 * caller's write scope), to its TrafficIn/TrafficOut series (created on the first push), then stored
 * through the ingest path like any batch.
 */
export function createSensorService(deps: {
  db: Db;
  scope: ScopeService;
  series: SeriesService;
  ingest: IngestService;
  pipeline: SensorPipeline;
}) {
  const { db, scope, series, ingest } = deps;

  async function resolveDevice(caller: IngestCaller, identities: string[]): Promise<string> {
    const writable = ingest.writeScope(caller);
    for (const id of await findDeviceByIdentity(db, identities)) {
      if (await scope.contains(writable, id)) return id;
    }
    throw notFound('Device');
  }

  const seriesCache = new Map<string, { id: string; key: number }>();
  async function seriesOf(deviceId: string, protocol: string, intervalSeconds: number, source: string) {
    const cacheKey = `${deviceId}:${protocol}`;
    let s = seriesCache.get(cacheKey);
    if (!s) {
      s = await series.ensureSeries({
        nodeId: deviceId,
        measurementProtocol: protocol,
        intervalSeconds,
        source,
      });
      seriesCache.set(cacheKey, s);
    }
    return s;
  }

  return {
    async xovis(caller: IngestCaller, push: XovisPush) {
      const envelopes = Array.isArray(push) ? push : [push];
      const points: ResolvedPoints = { keys: [], times: [], values: [] };
      const seriesIds = new Set<string>();
      const deviceIds: string[] = [];
      const ignored = new Set<string>();
      for (const envelope of envelopes) {
        const data = envelope.logics_data;
        const serial = data.sensor_info.serial_number;
        const deviceId = await resolveDevice(caller, [serial]);
        deviceIds.push(deviceId);
        // several logics (counting lines) of one sensor add up per interval and direction
        const sums = new Map<string, { protocol: string; at: number; seconds: number; value: number }>();
        for (const logic of data.logics) {
          for (const record of logic.records) {
            const from = Date.parse(record.from);
            const seconds = Math.round((Date.parse(record.to) - from) / 1000);
            if (seconds <= 0)
              throw badRequest('A record ends before it starts', 'logics_data.logics.records.to');
            for (const count of record.counts) {
              const protocol = XOVIS_DIRECTIONS[count.name.toLowerCase()];
              if (!protocol) {
                ignored.add(count.name);
                continue;
              }
              const k = `${protocol}:${from}`;
              const cur = sums.get(k) ?? { protocol, at: from, seconds, value: 0 };
              cur.value += count.value;
              sums.set(k, cur);
            }
          }
        }
        for (const p of sums.values()) {
          const s = await seriesOf(deviceId, p.protocol, p.seconds, serial);
          seriesIds.add(s.id);
          points.keys.push(s.key);
          points.times.push(p.at);
          points.values.push(p.value);
        }
      }
      const accepted = await ingest.store(points, { seriesIds: [...seriesIds], nodeIds: deviceIds });
      return { accepted, deviceIds: [...new Set(deviceIds)], ignored: [...ignored] };
    },

    async irisys(caller: IngestCaller, push: IrisysPush) {
      const identities = [
        push.SerialNumber,
        push.MacAddress,
        push.Device?.SerialNumber,
        push.Device?.MacAddress,
      ].filter((x): x is string => typeof x === 'string' && x.length > 0);
      const deviceId = await resolveDevice(caller, identities);
      const timeZone = await deviceTimeZone(db, deviceId);
      const byProtocol = new Map<string, { at: number; total: number }[]>();
      const ignored = new Set<string>();
      for (const log of push.CountLogs) {
        const at = instantOf(log.Timestamp, timeZone);
        for (const count of log.Counts) {
          const name = count.Name ?? count.RegisterName ?? `Register ${count.RegisterId ?? '?'}`;
          const protocol = irisysProtocol(name);
          if (!protocol) {
            ignored.add(name);
            continue;
          }
          const list = byProtocol.get(protocol) ?? [];
          list.push({ at, total: count.Value });
          byProtocol.set(protocol, list);
        }
      }
      const points: ResolvedPoints = { keys: [], times: [], values: [] };
      const seriesIds: string[] = [];
      for (const [protocol, readings] of byProtocol) {
        const sorted = [...new Map(readings.map((r) => [r.at, r])).values()].sort((a, b) => a.at - b.at);
        const spacing = sorted.length > 1 ? (sorted[1]!.at - sorted[0]!.at) / 1000 : 60;
        const s = await seriesOf(
          deviceId,
          protocol,
          Math.max(1, Math.min(86_400, Math.round(spacing))),
          identities[0]!,
        );
        seriesIds.push(s.id);
        await upsertReadings(db, s.key, sorted);
        const around = await readingsAround(db, s.key, sorted[0]!.at, sorted[sorted.length - 1]!.at);
        for (const d of differences(around)) {
          points.keys.push(s.key);
          points.times.push(d.at);
          points.values.push(d.value);
        }
      }
      const accepted = await ingest.store(points, { seriesIds, nodeIds: [deviceId] });
      return { accepted, deviceIds: [deviceId], ignored: [...ignored] };
    },
  };
}

export type SensorService = ReturnType<typeof createSensorService>;
