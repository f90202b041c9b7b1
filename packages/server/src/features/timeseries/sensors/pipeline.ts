import { DeviceSensorSettings, fromLocalMinute, localMinute, zoneOffsets } from '@footfall/domain';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, badRequest } from '../../../platform/http/errors.js';
import type { ScopeService } from '../../tree/scope.service.js';
import type { SeriesService } from '../series.service.js';
import type { IngestCaller, IngestService, ResolvedPoints } from '../ingest.service.js';
import { differences } from './counter-differences.js';
import {
  deviceTimeZone,
  findDeviceByIdentity,
  lockDeviceTotals,
  macDigits,
  readingsAround,
  upsertReadings,
} from './sensors.repository.js';

/**
 * The common pipeline every device format goes through (issue 17): find the device, read its settings
 * and time zone, refuse instants from a clock gone wrong, turn register totals into interval counts,
 * store intervals through the ingest path (re-sent data replaces, never doubles).
 *
 * Use: `const deviceId = await pipeline.resolveDevice(caller, ids, 'vendor')`, build
 * `IntervalPoint`s (or cumulative readings), then `storeIntervals` / `storeCumulative`. Parse and guard
 * every part of a payload before storing any of it (`storeBatches` stores several devices at once).
 */

/** One interval count: `atMs` is the interval start (epoch ms), `seconds` its length. */
export interface IntervalPoint {
  protocol: string;
  atMs: number;
  seconds: number;
  value: number;
  /** meta tags of the series (e.g. ['male'] for a demographic add-on of TrafficIn) */
  meta?: string[];
  /** the payload field the instant came from, named by the 400 when it is refused */
  field?: string;
}

/** A register total read at `atMs` (epoch ms). */
export interface CumulativeReading {
  atMs: number;
  total: number;
  field?: string;
}

/** Instants further ahead of the server clock than this are refused (a device clock gone wrong). */
export const MAX_DEVICE_FUTURE_MS = 15 * 60_000;

/** The key under which an identity is remembered: a MAC as 12 lower-case hex digits, else lower-case. */
export function normalIdentity(identity: string): string {
  return macDigits(identity) ?? identity.trim().toLowerCase();
}

const OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;

/**
 * An instant from a device's timestamp text: ISO with an offset (`Z`, `+02:00`, `+0200`) as it says;
 * without an offset, wall-clock time in `deviceTimeZone` (a spring-forward gap moves forward, an
 * autumn overlap takes the first); epoch milliseconds as digits. NaN when the text is none of these.
 */
export function localInstant(text: string, deviceTimeZone: string): number {
  const t = text.trim();
  if (/^\d{10,14}$/.test(t)) return Number(t);
  if (OFFSET.test(t) && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(t)) {
    let iso = t.replace(' ', 'T');
    iso = iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00');
    return Date.parse(iso);
  }
  const w = wallClock(t);
  if (!w) return NaN;
  return fromLocalMinute(deviceTimeZone, w.minute).utcMs + w.ms;
}

/** A wall-clock text without offset (`LOCAL`): its local minute and the milliseconds past it; null if invalid. */
function wallClock(t: string): { minute: number; ms: number } | null {
  const m = LOCAL.exec(t);
  if (!m) return null;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const seconds = Number(m[6] ?? 0) + Number(m[7] ?? 0);
  if (seconds >= 61) return null;
  return { minute: localMinute(y, mo, d, h, mi), ms: Math.round(seconds * 1000) };
}

/**
 * `localInstant` for the many timestamps of one device file (CSV export backfills): the zone's
 * offsets over the file's span are found once (`zoneOffsets`) and each wall-clock text converts by
 * arithmetic, checked against the offset at the instant found; anything else (a spring-forward gap,
 * an offset or epoch text) goes through `localInstant`. Same answers as `localInstant`, without its
 * Intl calls per text (a minute export has one distinct minute a row).
 */
export function localInstantReader(
  texts: Iterable<string>,
  deviceTimeZone: string,
): (text: string) => number {
  const wall = (t: string) => {
    if (OFFSET.test(t.trim())) return null;
    const w = wallClock(t.trim());
    return w && { minuteMs: w.minute * 60_000, ms: w.ms };
  };
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of texts) {
    const w = wall(t);
    if (!w) continue;
    lo = Math.min(lo, w.minuteMs);
    hi = Math.max(hi, w.minuteMs);
  }
  if (lo > hi) return (t) => localInstant(t, deviceTimeZone);
  const day = 86_400_000;
  const offset = zoneOffsets(deviceTimeZone, lo - 2 * day, hi + 2 * day);
  return (t) => {
    const w = wall(t);
    if (!w) return localInstant(t, deviceTimeZone);
    let best = Infinity;
    for (const o of new Set([offset(w.minuteMs - day), offset(w.minuteMs + day), offset(w.minuteMs)])) {
      const u = w.minuteMs - o * 60_000;
      if (u + offset(u) * 60_000 === w.minuteMs && u < best) best = u;
    }
    return best === Infinity ? localInstant(t, deviceTimeZone) : best + w.ms;
  };
}

export function createSensorPipeline(deps: {
  db: Db;
  clock: Clock;
  scope: ScopeService;
  series: SeriesService;
  ingest: IngestService;
}) {
  const { db, clock, scope, series, ingest } = deps;

  const seriesCache = new Map<string, { id: string; key: number }>();
  // the tail of each device's queue of running-total pushes (removed when it empties)
  const deviceQueues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(deviceId: string, work: () => Promise<T>): Promise<T> {
    const run = (deviceQueues.get(deviceId) ?? Promise.resolve()).then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    deviceQueues.set(deviceId, tail);
    void tail.then(() => {
      if (deviceQueues.get(deviceId) === tail) deviceQueues.delete(deviceId);
    });
    return run;
  }
  async function seriesOf(
    deviceId: string,
    protocol: string,
    meta: string[],
    seconds: number,
    source: string,
  ) {
    const metaTags = [...new Set(meta)].sort();
    const cacheKey = `${deviceId}:${protocol}:${metaTags.join(',')}`;
    let s = seriesCache.get(cacheKey);
    if (!s) {
      s = await series.ensureSeries({
        nodeId: deviceId,
        measurementProtocol: protocol,
        metaTags,
        intervalSeconds: Math.max(1, Math.min(86_400, Math.round(seconds))),
        source,
      });
      if (seriesCache.size > 10_000) seriesCache.clear();
      seriesCache.set(cacheKey, s);
    }
    return s;
  }

  /** Remembers a push from a device no node matches (superAdmin list). */
  async function recordUnknown(caller: IngestCaller, identities: string[], vendor: string) {
    const identity = normalIdentity(identities[0]!);
    const scopeNodeId = caller.ingestKey?.scopeNodeId ?? caller.principal?.scopeNodeId ?? null;
    await sql`
      insert into sensor_unknown_device (identity, vendor, identities, scope_node_id, first_seen_at, last_seen_at)
      values (${identity}, ${vendor}, ${identities}::text[], ${scopeNodeId}, ${clock.now()}, ${clock.now()})
      on conflict (identity) do update set
        last_seen_at = excluded.last_seen_at,
        push_count = sensor_unknown_device.push_count + 1,
        vendor = excluded.vendor,
        identities = excluded.identities,
        scope_node_id = coalesce(excluded.scope_node_id, sensor_unknown_device.scope_node_id)`.execute(db);
  }

  /** Counts a refused future instant for the device; monitoring's clock-drift rule sees it. */
  async function recordFuture(deviceId: string, atMs: number) {
    const now = clock.now();
    await sql`
      insert into sensor_future_refusal (device_id, refused_count, last_refused_at, last_instant)
      values (${deviceId}, 1, ${now}, to_timestamp(${atMs} / 1000.0))
      on conflict (device_id) do update set refused_count = sensor_future_refusal.refused_count + 1,
        last_refused_at = excluded.last_refused_at, last_instant = excluded.last_instant`.execute(db);
    await sql`
      insert into monitoring_device_health (device_id, last_interval_at, last_arrival_at)
      values (${deviceId}, to_timestamp(${atMs} / 1000.0), ${now})
      on conflict (device_id) do update set
        last_interval_at = greatest(monitoring_device_health.last_interval_at, excluded.last_interval_at),
        last_arrival_at = greatest(monitoring_device_health.last_arrival_at, excluded.last_arrival_at)`.execute(
      db,
    );
  }

  const pipeline = {
    localInstant,
    localInstantReader,
    normalIdentity,

    /**
     * The device a push comes from, by serial number or MAC address in any spelling, inside the
     * caller's write scope. Unknown (or outside the scope): 404 naming the identity, and the push is
     * remembered in the unknown-devices list. `identities`: every identity the payload carries, best first.
     */
    async resolveDevice(caller: IngestCaller, identities: string[], vendor = 'unknown'): Promise<string> {
      const ids = identities.map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= 100);
      if (ids.length === 0) throw badRequest('The device identity is missing', 'serialNumber');
      const writable = ingest.writeScope(caller);
      for (const id of await findDeviceByIdentity(db, ids)) {
        if (await scope.contains(writable, id)) return id;
      }
      await recordUnknown(caller, ids, vendor);
      throw new AppError(404, 'not_found', `Device not found: ${ids.join(', ')}`, undefined, {
        identity: ids[0],
        identities: ids,
      });
    },

    /**
     * The device a per-device push URL writes to (its key's scope is a device node), for payloads that
     * do not name their sensor (Xovis pushes without `sensor_info`); null for any other caller.
     */
    async keyDevice(caller: IngestCaller): Promise<string | null> {
      const nodeId = caller.ingestKey?.scopeNodeId;
      if (!nodeId) return null;
      const { rows } = await sql<{ id: string }>`
        select id from node where id = ${nodeId} and type = 'device'`.execute(db);
      return rows[0]?.id ?? null;
    },

    /** Whether a serial number or MAC address (any spelling) is this device's. */
    async deviceHasIdentity(deviceId: string, identity: string): Promise<boolean> {
      return (await findDeviceByIdentity(db, [identity])).includes(deviceId);
    },

    /** The device's location time zone (nearest `timezone` attribute up the tree), UTC without one. */
    deviceTimeZone(deviceId: string): Promise<string> {
      return deviceTimeZone(db, deviceId);
    },

    /** The device's push-format settings (`sensorSettings` attribute); {} when absent or invalid. */
    async deviceSettings(deviceId: string): Promise<DeviceSensorSettings> {
      const { rows } = await sql<{ s: unknown }>`
        select attributes->'sensorSettings' as s from node where id = ${deviceId}`.execute(db);
      const parsed = DeviceSensorSettings.safeParse(rows[0]?.s ?? {});
      return parsed.success ? parsed.data : {};
    },

    /**
     * Refuses (400 naming the field) an instant more than MAX_DEVICE_FUTURE_MS ahead of the server
     * clock or not a number, and counts the refusal for the device (clock-drift rule).
     */
    async guardInstants(deviceId: string, instants: readonly { atMs: number; field?: string }[]) {
      const limit = clock.now().getTime() + MAX_DEVICE_FUTURE_MS;
      for (const p of instants) {
        const field = p.field ?? 'timestamp';
        if (!Number.isFinite(p.atMs)) throw badRequest('Invalid timestamp', field);
        if (p.atMs > limit) {
          await recordFuture(deviceId, p.atMs);
          throw badRequest(
            `The timestamp ${new Date(p.atMs).toISOString()} is in the future (check the device clock)`,
            field,
            { deviceClockAheadMinutes: Math.round((p.atMs - clock.now().getTime()) / 60_000) },
          );
        }
      }
    },

    /**
     * Stores interval counts of several devices in one ingest batch, after every instant passed the
     * future guard (nothing is written when one fails). Same series, same instant: the values add up
     * (several logics of one sensor); a re-sent interval replaces the stored one. `derived`: counts
     * computed from stored running totals (counters.ts), computed inside the ingest transaction so
     * that two pushes of one device never store counts read from each other's half-written totals.
     */
    async storeBatches(
      batches: readonly { deviceId: string; points: readonly IntervalPoint[]; source?: string }[],
      derived?: {
        deviceId: string;
        source?: string;
        /** the protocols its counts are of (their series are found before the transaction) */
        protocols: readonly string[];
        points(trx: Db): Promise<IntervalPoint[]>;
      },
    ) {
      for (const b of batches) await pipeline.guardInstants(b.deviceId, b.points);
      const sums = new Map<string, { key: number; at: number; value: number }>();
      const ids = { seriesIds: [] as string[], nodeIds: [...new Set(batches.map((b) => b.deviceId))] };
      const add = async (
        b: { deviceId: string; points: readonly IntervalPoint[]; source?: string },
        known?: Map<string, { id: string; key: number }>,
      ) => {
        for (const p of b.points) {
          if (!Number.isFinite(p.value) || p.value < 0) throw badRequest('Invalid count', p.field ?? 'value');
          if (!(p.seconds > 0)) throw badRequest('An interval ends before it starts', p.field ?? 'timestamp');
          const s = known
            ? known.get(p.protocol)
            : await seriesOf(b.deviceId, p.protocol, p.meta ?? [], p.seconds, b.source ?? 'device');
          if (!s) throw new Error(`storeBatches: no series found ahead for ${p.protocol}`);
          if (!ids.seriesIds.includes(s.id)) ids.seriesIds.push(s.id);
          const k = `${s.key}:${p.atMs}`;
          const cur = sums.get(k) ?? { key: s.key, at: p.atMs, value: 0 };
          cur.value += p.value;
          sums.set(k, cur);
        }
      };
      for (const b of batches) await add(b);
      const resolved = (): ResolvedPoints => {
        const points: ResolvedPoints = { keys: [], times: [], values: [] };
        for (const v of sums.values()) {
          points.keys.push(v.key);
          points.times.push(v.at);
          points.values.push(v.value);
        }
        return points;
      };
      if (!derived) return { accepted: await ingest.store(resolved(), ids) };
      if (!ids.nodeIds.includes(derived.deviceId)) ids.nodeIds.push(derived.deviceId);
      // the series first: inside the transaction nothing may wait for a second pooled connection
      const known = new Map<string, { id: string; key: number }>();
      for (const protocol of new Set(derived.protocols))
        known.set(protocol, await seriesOf(derived.deviceId, protocol, [], 60, derived.source ?? 'device'));
      // one push of a device at a time in this instance: the others wait here, not holding a
      // connection while they wait for the device's lock (across instances) in the transaction
      const accepted = await oneAtATime(derived.deviceId, () =>
        ingest.store(async (trx) => {
          const points = await derived.points(trx);
          await add({ deviceId: derived.deviceId, points, source: derived.source }, known);
          return resolved();
        }, ids),
      );
      return { accepted };
    },

    /** Interval counts of one device (see storeBatches). */
    storeIntervals(deviceId: string, points: readonly IntervalPoint[], source?: string) {
      return pipeline.storeBatches([{ deviceId, points, source }]);
    },

    /**
     * Register totals into interval counts: the readings are kept (a re-sent reading replaces its
     * total), and the differences between consecutive readings - with the ones already stored around
     * them - are stored at the earlier reading's instant. The first reading ever is the baseline; a
     * total going down is a reset (or a 32-bit wrap near the top). Guards the instants first.
     */
    async storeCumulative(
      deviceId: string,
      protocol: string,
      readings: readonly CumulativeReading[],
      options: { meta?: string[]; source?: string; intervalSeconds?: number } = {},
    ) {
      if (readings.length === 0) return { accepted: 0 };
      await pipeline.guardInstants(deviceId, readings);
      for (const r of readings)
        if (!Number.isFinite(r.total) || r.total < 0)
          throw badRequest('Invalid register total', r.field ?? 'total');
      const sorted = [...new Map(readings.map((r) => [r.atMs, r])).values()].sort((a, b) => a.atMs - b.atMs);
      const spacing =
        options.intervalSeconds ?? (sorted.length > 1 ? (sorted[1]!.atMs - sorted[0]!.atMs) / 1000 : 60);
      const s = await seriesOf(deviceId, protocol, options.meta ?? [], spacing, options.source ?? 'device');
      // the readings and the counts they give commit together, one push of the device at a time
      const accepted = await oneAtATime(deviceId, () =>
        ingest.store(
          async (trx) => {
            await lockDeviceTotals(trx, deviceId);
            await upsertReadings(
              trx,
              s.key,
              sorted.map((r) => ({ at: r.atMs, total: r.total })),
            );
            const around = await readingsAround(trx, s.key, sorted[0]!.atMs, sorted[sorted.length - 1]!.atMs);
            const points: ResolvedPoints = { keys: [], times: [], values: [] };
            for (const d of differences(around)) {
              points.keys.push(s.key);
              points.times.push(d.at);
              points.values.push(d.value);
            }
            return points;
          },
          { seriesIds: [s.id], nodeIds: [deviceId] },
        ),
      );
      return { accepted };
    },

    /** The last sequence number noted for the device and format, with the instant it came with. */
    async lastSequence(deviceId: string, format: string): Promise<{ sequence: number; atMs: number } | null> {
      const { rows } = await sql<{ last_sequence: string | null; at: number | null }>`
        select last_sequence, (extract(epoch from last_at) * 1000)::float8 as at
        from sensor_device_state where device_id = ${deviceId} and format = ${format}`.execute(db);
      const r = rows[0];
      if (!r || r.last_sequence === null) return null;
      return { sequence: Number(r.last_sequence), atMs: r.at ?? Infinity };
    },

    /**
     * Notes a sequence number (Irisys LogEntryId, Xovis package id) per device and format, with the
     * instant of its data when known. Answers whether it was seen already (`retry`: not above the last
     * one, and not newer than its instant) and how many numbers were skipped since the last one (a gap,
     * counted). A number below the last one with newer data (a device reset) starts again from it.
     */
    async noteSequence(deviceId: string, format: string, sequence: number, atMs?: number) {
      const last = await pipeline.lastSequence(deviceId, format);
      const retry = last !== null && sequence <= last.sequence && (atMs === undefined || atMs <= last.atMs);
      const missed = last !== null && sequence > last.sequence + 1 ? sequence - last.sequence - 1 : 0;
      if (!retry) {
        const at = atMs === undefined ? null : new Date(atMs);
        await sql`
          insert into sensor_device_state (device_id, format, last_sequence, last_at, gaps, missed, updated_at)
          values (${deviceId}, ${format}, ${sequence}, ${at}, ${missed > 0 ? 1 : 0}, ${missed}, ${clock.now()})
          on conflict (device_id, format) do update set last_sequence = excluded.last_sequence,
            last_at = excluded.last_at, gaps = sensor_device_state.gaps + excluded.gaps,
            missed = sensor_device_state.missed + excluded.missed, updated_at = excluded.updated_at`.execute(
          db,
        );
      }
      return { retry, missed };
    },

    /** Whether the node exists and is a device. */
    async isDevice(nodeId: string): Promise<boolean> {
      const { rows } = await sql<{ ok: number }>`
        select 1 as ok from node where id = ${nodeId}::uuid and type = 'device'`.execute(db);
      return rows.length > 0;
    },
  };
  return pipeline;
}

export type SensorPipeline = ReturnType<typeof createSensorPipeline>;
