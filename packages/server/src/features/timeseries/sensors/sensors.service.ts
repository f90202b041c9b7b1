import {
  IrisysMqttCounts,
  IrisysPush,
  XovisEnvelope,
  type DeviceSensorSettings,
  type SensorIngestResponse,
} from '@footfall/domain';
import type { ZodType } from 'zod';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import type { ScopeService } from '../../tree/scope.service.js';
import type { IngestCaller, IngestService } from '../ingest.service.js';
import type { CumulativeReading, IntervalPoint, SensorPipeline } from './pipeline.js';
import { parseAxisExport } from './axis-export.js';

/** Validates a payload; a failure is a 400 naming the first wrong field (its path in the payload). */
export function parsePayload<T>(schema: ZodType<T>, value: unknown, prefix = ''): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = [prefix, ...issue.path.map(String)].filter((x) => x !== '').join('.') || 'body';
  throw badRequest(`${field}: ${issue.message}`, field);
}

type Direction = 'TrafficIn' | 'TrafficOut';
const swap = (d: Direction): Direction => (d === 'TrafficIn' ? 'TrafficOut' : 'TrafficIn');

/**
 * A Xovis count name to a protocol: `fw`/`bw` (and the add-ons `fw-male`, `bw-female`, ... stored as
 * meta tags of the same protocol), `in`/`out` of zone in/out logics, zone `balance` (occupancy) and
 * `dwell_time`. `swapped`: forward is out for this logic. Null: not stored.
 */
export function xovisProtocol(
  name: string,
  swapped: boolean,
): { protocol: string; meta: string[]; traffic: boolean } | null {
  const n = name.trim().toLowerCase();
  const m = /^(fw|bw)(?:-(.+))?$/.exec(n);
  if (m) {
    const d: Direction = m[1] === 'fw' ? 'TrafficIn' : 'TrafficOut';
    return { protocol: swapped ? swap(d) : d, meta: m[2] ? [m[2]] : [], traffic: true };
  }
  if (n === 'in' || n === 'out') {
    const d: Direction = n === 'in' ? 'TrafficIn' : 'TrafficOut';
    return { protocol: swapped ? swap(d) : d, meta: [], traffic: true };
  }
  if (n === 'balance') return { protocol: 'Occupancy', meta: [], traffic: false };
  if (n === 'dwell_time' || n === 'dwell-time') return { protocol: 'DwellTime', meta: [], traffic: false };
  return null;
}

/**
 * An Irisys register to a protocol or 'ignore': the device's mapping first (`sensorSettings.registers`,
 * by register id or by name), else the register's tags (`direction=IN`/`direction=OUT`), else a name
 * saying in or out ("Count In", "OUT 2"), else the factory lines "Line 1" (in) and "Line 2" (out), as
 * the captured Vector 4D pushes tag them. `swapDirections` turns the defaults around (not a mapping).
 */
export function irisysTarget(
  register: { RegisterId?: number | string; Name?: string; Tags?: string[] },
  settings: DeviceSensorSettings,
): string {
  const keys = [register.RegisterId, register.Name]
    .filter((k) => k !== undefined && k !== '')
    .map((k) => String(k).trim());
  for (const k of keys) {
    const mapped = settings.registers?.[k];
    if (mapped) return mapped;
  }
  let d: Direction | null = null;
  const tag = (register.Tags ?? []).map((t) => t.toLowerCase().replace(/\s/g, ''));
  if (tag.includes('direction=in')) d = 'TrafficIn';
  else if (tag.includes('direction=out')) d = 'TrafficOut';
  else if (register.Name && /\bin\b/i.test(register.Name)) d = 'TrafficIn';
  else if (register.Name && /\bout\b/i.test(register.Name)) d = 'TrafficOut';
  else if (register.Name && /^line\s*1$/i.test(register.Name.trim())) d = 'TrafficIn';
  else if (register.Name && /^line\s*2$/i.test(register.Name.trim())) d = 'TrafficOut';
  if (!d) return 'ignore';
  return settings.swapDirections ? swap(d) : d;
}

/** An MQTT message of a device, by vendor (devices-b adds theirs with `registerMqttFormat`). */
export type MqttFormatHandler = (
  caller: IngestCaller,
  identity: string,
  payload: unknown,
) => Promise<SensorIngestResponse>;

/**
 * Real sensor formats (issue 17): each payload is validated whole, mapped to its device through the
 * common pipeline (identity, time zone, settings, future guard), and stored in one batch.
 */
export function createSensorService(deps: {
  scope: ScopeService;
  ingest: IngestService;
  pipeline: SensorPipeline;
}) {
  const { scope, ingest, pipeline } = deps;
  const mqttFormats = new Map<string, MqttFormatHandler>();

  const instant = (value: number | string, tz: string, field: string) => {
    const at = typeof value === 'number' ? value : pipeline.localInstant(value, tz);
    if (!Number.isFinite(at)) throw badRequest(`${field}: expected an epoch-ms or ISO-8601 timestamp`, field);
    return at;
  };

  /** The device an export is uploaded for: 404 unless it is a device in the caller's write scope. */
  const exportDevice = async (caller: IngestCaller, deviceId: string) => {
    if (!(await scope.contains(ingest.writeScope(caller), deviceId)) || !(await pipeline.isDevice(deviceId)))
      throw notFound('Device');
  };

  /** A device export's rows, guarded whole, then stored in batches (re-sent rows replace). */
  const storeExport = async (
    deviceId: string,
    points: IntervalPoint[],
    source: string,
  ): Promise<SensorIngestResponse> => {
    await pipeline.guardInstants(deviceId, points);
    let accepted = 0;
    for (let i = 0; i < points.length; i += 5000)
      accepted += (await pipeline.storeIntervals(deviceId, points.slice(i, i + 5000), source)).accepted;
    return { accepted, deviceIds: [deviceId], ignored: [] };
  };

  const service = {
    async xovis(caller: IngestCaller, body: unknown): Promise<SensorIngestResponse> {
      const list = Array.isArray(body) ? body : [body];
      if (list.length < 1 || list.length > 100) throw badRequest('expected 1 to 100 packages', 'body');
      const envelopes = list.map((e, i) =>
        parsePayload(XovisEnvelope, e, Array.isArray(body) ? String(i) : ''),
      );
      const ignored = new Set<string>();
      const batches: { deviceId: string; points: IntervalPoint[]; source: string; packageId?: number }[] = [];
      for (const [i, env] of envelopes.entries()) {
        const prefix = Array.isArray(body) ? `${i}.logics_data` : 'logics_data';
        const data = env.logics_data;
        // firmware 5 pushes without sensor_info are taken at a device's own push URL only
        const serial = data.sensor_info?.serial_number;
        const keyDevice = serial === undefined ? await pipeline.keyDevice(caller) : null;
        if (serial === undefined && !keyDevice)
          throw badRequest(
            `${prefix}.sensor_info: required (or push to the device's own push URL)`,
            `${prefix}.sensor_info`,
          );
        const deviceId = keyDevice ?? (await pipeline.resolveDevice(caller, [serial!], 'xovis'));
        const tz = await pipeline.deviceTimeZone(deviceId);
        const settings = await pipeline.deviceSettings(deviceId);
        const selected = settings.logics?.map(String) ?? [];
        const points: IntervalPoint[] = [];
        for (const [li, logic] of data.logics.entries()) {
          const keys = [logic.id, logic.name].filter((k) => k !== undefined).map(String);
          const label = logic.name ?? String(logic.id ?? li);
          const chosen = selected.length > 0 && keys.some((k) => selected.includes(k));
          if (selected.length > 0 && !chosen) {
            ignored.add(`logic ${label}`);
            continue;
          }
          // traffic counts come from line logics; a zone logic's in/out is counted only when selected
          const zone = /ZONE/i.test(logic.info ?? '');
          const swapped =
            !!settings.swapDirections !== keys.some((k) => settings.logicDirections?.[k] === 'swapped');
          for (const [ri, record] of logic.records.entries()) {
            const at = `${prefix}.logics.${li}.records.${ri}`;
            const from = instant(record.from, tz, `${at}.from`);
            const to = instant(record.to, tz, `${at}.to`);
            const seconds = Math.round((to - from) / 1000);
            if (seconds <= 0) throw badRequest('A record ends before it starts', `${at}.to`);
            for (const [ci, count] of record.counts.entries()) {
              const mapped = xovisProtocol(count.name, swapped);
              if (!mapped || (mapped.traffic && zone && !chosen)) {
                ignored.add(count.name);
                continue;
              }
              if (count.value < 0) throw badRequest('A count is negative', `${at}.counts.${ci}.value`);
              points.push({
                protocol: mapped.protocol,
                meta: mapped.meta,
                atMs: from,
                seconds,
                value: count.value,
                field: `${at}.from`,
              });
            }
          }
        }
        batches.push({ deviceId, points, source: serial ?? 'xovis', packageId: data.package_info?.id });
      }
      const { accepted } = await pipeline.storeBatches(batches);
      let missed = 0;
      let duplicates = 0;
      for (const b of batches) {
        if (b.packageId === undefined) continue;
        const seen = await pipeline.noteSequence(b.deviceId, 'xovis', b.packageId);
        missed += seen.missed;
        if (seen.retry) duplicates++;
      }
      return {
        accepted,
        deviceIds: [...new Set(batches.map((b) => b.deviceId))],
        ignored: [...ignored],
        missed,
        duplicates,
      };
    },

    /** `headerMac`: the `mac` header Vector devices send with their POST. */
    async irisys(caller: IngestCaller, body: unknown, headerMac?: string): Promise<SensorIngestResponse> {
      const push = parsePayload(IrisysPush, body);
      const identities = [
        push.FriendlyDeviceSerial,
        push.SerialNumber,
        push.Device?.SerialNumber,
        push.macAddress,
        push.MacAddress,
        push.Device?.MacAddress,
        headerMac,
      ].filter((x): x is string => typeof x === 'string' && x.trim().length > 0);
      if (identities.length === 0)
        throw badRequest(
          'The device is identified by FriendlyDeviceSerial or macAddress',
          'FriendlyDeviceSerial',
        );
      const deviceId = await pipeline.resolveDevice(caller, identities, 'irisys');
      const tz = await pipeline.deviceTimeZone(deviceId);
      const settings = await pipeline.deviceSettings(deviceId);
      const seen = await pipeline.lastSequence(deviceId, 'irisys');
      const byProtocol = new Map<string, CumulativeReading[]>();
      const ignored = new Set<string>();
      let duplicates = 0;
      let newest: { id: number; at: number } | null = null;
      for (const [i, log] of push.CountLogs.entries()) {
        const field = `CountLogs.${i}.Timestamp`;
        const at = instant(log.Timestamp, tz, field);
        if (log.LogEntryId !== undefined && seen && log.LogEntryId <= seen.sequence && at <= seen.atMs) {
          duplicates++;
          continue;
        }
        if (log.LogEntryId !== undefined && (!newest || log.LogEntryId > newest.id))
          newest = { id: log.LogEntryId, at };
        for (const count of log.Counts ?? []) {
          const target = irisysTarget(count, settings);
          if (target === 'ignore') {
            ignored.add(count.Name ?? `Register ${count.RegisterId ?? '?'}`);
            continue;
          }
          const list = byProtocol.get(target) ?? [];
          list.push({ atMs: at, total: count.Value, field });
          byProtocol.set(target, list);
        }
      }
      // every instant is checked before anything is stored
      await pipeline.guardInstants(deviceId, [...byProtocol.values()].flat());
      let accepted = 0;
      const source = identities[0]!;
      for (const [protocol, readings] of byProtocol) {
        // several registers mapped to one protocol: their totals add up per reading
        const sums = new Map<number, CumulativeReading>();
        for (const r of readings) {
          const cur = sums.get(r.atMs);
          if (cur) cur.total += r.total;
          else sums.set(r.atMs, { ...r });
        }
        accepted += (await pipeline.storeCumulative(deviceId, protocol, [...sums.values()], { source }))
          .accepted;
      }
      let missed = 0;
      if (newest) missed = (await pipeline.noteSequence(deviceId, 'irisys', newest.id, newest.at)).missed;
      return { accepted, deviceIds: [deviceId], ignored: [...ignored], duplicates, missed };
    },

    /**
     * Irisys MQTT count-topic message: register change events, stored at their second (a message the
     * device sends again from its history replaces, never doubles). The device is the topic's identity.
     */
    async irisysMqtt(caller: IngestCaller, identity: string, body: unknown): Promise<SensorIngestResponse> {
      const events = parsePayload(IrisysMqttCounts, body);
      const deviceId = await pipeline.resolveDevice(caller, [identity], 'irisys');
      if (events.length === 0) return { accepted: 0, deviceIds: [deviceId], ignored: [] };
      const tz = await pipeline.deviceTimeZone(deviceId);
      const settings = await pipeline.deviceSettings(deviceId);
      const ignored = new Set<string>();
      const sums = new Map<string, IntervalPoint>();
      for (const [i, e] of events.entries()) {
        const at = instant(e.t, tz, `${i}.t`);
        const target = irisysTarget({ Name: e.register }, settings);
        if (target === 'ignore') {
          ignored.add(e.register);
          continue;
        }
        const second = Math.floor(at / 1000) * 1000;
        const k = `${target}:${second}`;
        const cur = sums.get(k) ?? { protocol: target, atMs: second, seconds: 60, value: 0, field: `${i}.t` };
        cur.value += e.value;
        sums.set(k, cur);
      }
      const { accepted } = await pipeline.storeIntervals(deviceId, [...sums.values()], identity);
      return { accepted, deviceIds: [deviceId], ignored: [...ignored] };
    },

    /**
     * A Xovis count export (CSV: `from-time,to-time,Forward counter,Backward counter`, device-local
     * `DD/MM/YYYY - HH:MM`) as a backfill of one device: forward is in unless the device's settings
     * swap it; rows replace what is stored for their intervals. Any bad row refuses the whole file.
     */
    async xovisExport(caller: IngestCaller, deviceId: string, csv: string): Promise<SensorIngestResponse> {
      await exportDevice(caller, deviceId);
      const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
      const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
      const fromCol = header.indexOf('from-time');
      const toCol = header.indexOf('to-time');
      if (fromCol < 0 || toCol < 0)
        throw badRequest('The header needs from-time and to-time columns', 'csv.header');
      const settings = await pipeline.deviceSettings(deviceId);
      const cols: { index: number; protocol: Direction; name: string }[] = [];
      header.forEach((h, index) => {
        if (/forward counter$/.test(h))
          cols.push({ index, protocol: settings.swapDirections ? 'TrafficOut' : 'TrafficIn', name: h });
        else if (/backward counter$/.test(h))
          cols.push({ index, protocol: settings.swapDirections ? 'TrafficIn' : 'TrafficOut', name: h });
      });
      if (cols.length === 0)
        throw badRequest('The header has no Forward counter or Backward counter column', 'csv.header');
      const tz = await pipeline.deviceTimeZone(deviceId);
      const iso = (text: string | undefined) => {
        const m = /^(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}):(\d{2})$/.exec((text ?? '').trim());
        return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}` : null;
      };
      // the zone's offsets over the file's span, found once (one distinct minute a row)
      const instant = pipeline.localInstantReader(
        lines.slice(1).flatMap((l) => {
          const cells = l.split(',');
          return [iso(cells[fromCol]), iso(cells[toCol])].filter((x): x is string => x !== null);
        }),
        tz,
      );
      const when = (text: string | undefined, field: string) => {
        const local = iso(text);
        const at = local ? instant(local) : NaN;
        if (!Number.isFinite(at)) throw badRequest(`${field}: expected DD/MM/YYYY - HH:MM`, field);
        return at;
      };
      const points: IntervalPoint[] = [];
      for (let n = 1; n < lines.length; n++) {
        const line = lines[n]!;
        if (line.trim() === '') continue;
        const cells = line.split(',');
        const row = `csv.line.${n + 1}`;
        const from = when(cells[fromCol], `${row}.from-time`);
        const to = when(cells[toCol], `${row}.to-time`);
        if (to <= from) throw badRequest('A row ends before it starts', `${row}.to-time`);
        for (const c of cols) {
          const text = (cells[c.index] ?? '').trim();
          if (!/^\d+$/.test(text)) throw badRequest(`${row}.${c.name}: expected a count`, `${row}.${c.name}`);
          points.push({
            protocol: c.protocol,
            atMs: from,
            seconds: (to - from) / 1000,
            value: Number(text),
            field: `${row}.from-time`,
          });
        }
      }
      if (points.length === 0) throw badRequest('The file has no rows', 'csv');
      if (points.length > 200_000) throw badRequest('At most 100,000 rows per file', 'csv');
      return storeExport(deviceId, points, 'xovis export');
    },

    /**
     * An Axis people counter's CSV export (axis-export.ts: AXIS 3D People Counter `start,end,in,out`
     * or AXIS People Counter `Interval start,...,Pedestrians going out`) as a backfill of one device:
     * camera-local times read in the device's location time zone, in -> TrafficIn and out ->
     * TrafficOut (turned around by the device's `swapDirections`); rows replace what is stored for
     * their intervals. A `Camera serial number` that is not the device's answers 400; any bad row
     * refuses the whole file.
     */
    async axisExport(caller: IngestCaller, deviceId: string, csv: string): Promise<SensorIngestResponse> {
      await exportDevice(caller, deviceId);
      const file = parseAxisExport(csv);
      for (const serial of file.serials)
        if (!(await pipeline.deviceHasIdentity(deviceId, serial)))
          throw badRequest(
            `camera serial number: the file is from ${serial}, not from this device`,
            'csv.camera serial number',
          );
      const settings = await pipeline.deviceSettings(deviceId);
      const tz = await pipeline.deviceTimeZone(deviceId);
      const inTo: Direction = settings.swapDirections ? 'TrafficOut' : 'TrafficIn';
      const instant = pipeline.localInstantReader(
        file.rows.flatMap((r) => [r.from, r.to]),
        tz,
      );
      const points: IntervalPoint[] = [];
      for (const r of file.rows) {
        const from = instant(r.from);
        const to = instant(r.to);
        const fromField = `${r.row}.${file.columns.from}`;
        if (!Number.isFinite(from)) throw badRequest(`${fromField}: not a date`, fromField);
        if (!Number.isFinite(to) || to <= from)
          throw badRequest('A row ends before it starts', `${r.row}.${file.columns.to}`);
        const base = { atMs: from, seconds: (to - from) / 1000, field: fromField };
        points.push(
          { ...base, protocol: inTo, value: r.in },
          { ...base, protocol: swap(inTo), value: r.out },
        );
      }
      return storeExport(deviceId, points, 'axis export');
    },

    /** Adds the MQTT message format of a vendor (topic `<prefix>/<group id>/<vendor>/<device identity>`). */
    registerMqttFormat(vendor: string, handler: MqttFormatHandler) {
      mqttFormats.set(vendor.toLowerCase(), handler);
    },

    /** A device's MQTT message, by the vendor its topic names; null when no format has that name. */
    handleMqtt(vendor: string, caller: IngestCaller, identity: string, payload: unknown) {
      const handler = mqttFormats.get(vendor.toLowerCase());
      return handler ? handler(caller, identity, payload) : null;
    },
  };
  service.registerMqttFormat('irisys', (caller, identity, payload) =>
    service.irisysMqtt(caller, identity, payload),
  );
  return service;
}

export type SensorService = ReturnType<typeof createSensorService>;
