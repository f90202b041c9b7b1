import { AxisLiveSum, AxisObjectAnalyticsEvent, AxisRetailPush } from '@footfall/domain';
import { badRequest } from '../../../platform/http/errors.js';
import { parseOr400, type Direction, type ParsedPush } from './device-push.js';

/**
 * Axis people counting payloads (samples/README.md cites each):
 * - "Axis Retail Data" push of AXIS 3D People Counter / AXIS People Counter: interval counts per
 *   direction (`utcFrom`..`utcTo`), the camera by `sensor.serial` (its MAC);
 * - AXIS People Counter live sum: running totals since local midnight (`timestamp` YYYYMMDDhhmmss in the
 *   camera's local time): a total going down at midnight is the daily reset;
 * - AXIS Object Analytics crossline counting event (MQTT, or relayed over HTTP): the totals since the
 *   last reset of one scenario (the topic's last level, e.g. Device1Scenario1), one direction each:
 *   TrafficIn unless the device's `registers` setting maps the scenario to another protocol.
 */
export function parseAxis(body: unknown): ParsedPush {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('body: expected an Axis people counting JSON object', 'body');
  const o = body as Record<string, unknown>;
  if ('message' in o || 'topic' in o) return parseObjectAnalytics(parseOr400(AxisObjectAnalyticsEvent, body));
  if ('sensor' in o || 'data' in o) return parseRetail(parseOr400(AxisRetailPush, body));
  if ('serial' in o) return parseLiveSum(parseOr400(AxisLiveSum, body));
  throw badRequest(
    'body: expected an Axis Retail Data push, a live sum or an Object Analytics event',
    'body',
  );
}

const direction = (d: string): Direction | null => {
  const t = d.trim().toLowerCase();
  return t === 'in' ? 'in' : t === 'out' ? 'out' : null;
};

function parseRetail(p: AxisRetailPush): ParsedPush {
  const push: ParsedPush = {
    vendor: 'axis',
    identities: [p.sensor.serial],
    intervals: [],
    totals: [],
    attribute: 'start',
    ignored: [],
  };
  p.data.measurements.forEach((m, i) => {
    if (m.kind !== 'people-counts') {
      push.ignored.push(m.kind);
      return;
    }
    m.items.forEach((item, j) => {
      const d = direction(item.direction);
      if (!d) {
        push.ignored.push(item.direction);
        return;
      }
      push.intervals.push({
        counter: p.sensor.name ?? p.sensor.serial,
        direction: d,
        from: m.utcFrom,
        to: m.utcTo,
        value: item.count,
        field: `data.measurements.${i}.items.${j}.count`,
      });
    });
  });
  return push;
}

function parseLiveSum(p: AxisLiveSum): ParsedPush {
  const t = p.timestamp;
  // YYYYMMDDhhmmss, the camera's local time: read in the device's location time zone
  const at = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
  return {
    vendor: 'axis',
    identities: [p.serial],
    intervals: [],
    totals: [
      { counter: 'live-sum', direction: 'in', at, total: p.in, field: 'timestamp' },
      { counter: 'live-sum', direction: 'out', at, total: p.out, field: 'timestamp' },
    ],
    attribute: 'start',
    ignored: [],
  };
}

function parseObjectAnalytics(e: AxisObjectAnalyticsEvent): ParsedPush {
  const scenario = e.topic.split('/').pop()!;
  const data = e.message.data;
  const push: ParsedPush = {
    vendor: 'axis',
    identities: [e.serial],
    intervals: [],
    totals: [],
    attribute: 'end',
    ignored: [],
  };
  const kind = typeof data['scenario'] === 'string' ? String(data['scenario']).toLowerCase() : 'crossline';
  if (kind !== 'crossline' && kind !== 'passagecounts') {
    // occupancy-in-area and motion events carry no passage totals
    push.ignored.push(`${scenario}:${kind}`);
    return push;
  }
  const total = data.totalHuman ?? data.total;
  if (total === undefined) throw badRequest('message.data.totalHuman: required', 'message.data.totalHuman');
  push.totals.push({ counter: scenario, direction: 'in', at: e.timestamp, total, field: 'timestamp' });
  return push;
}
