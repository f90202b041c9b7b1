import {
  seesWholeTree,
  TRACK_PROTOCOL,
  type AttendanceBody,
  type AttendanceResponse,
  type DevicePlacement,
  type FloorPlanUpload,
  type FloorPlanView,
  type HeatMapBody,
  type HeatMapResponse,
  type Principal,
  type SetTrackZonesBody,
  type TrackDetailRowsBody,
  type TrackDetailRowsResponse,
  type TrackIngestBody,
  type TrackIngestResponse,
  type TrackLocationList,
  type TrackMasterRowsBody,
  type TrackMasterRowsResponse,
  type TrackPlayerPointsBody,
  type TrackPlayerPointsResponse,
  type TrackZone,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { IngestCaller } from '../timeseries/ingest.service.js';
import {
  dropPartition,
  ensurePartition,
  findNode,
  insertPoints,
  listPartitions,
  locationDevices,
  recentIrisysTracks,
  replaceZones,
  selectFloorPlan,
  selectZones,
  trackLocations,
  upsertFloorPlan,
  upsertPlacement,
  type ZoneRow,
} from './tracks.repository.js';
import {
  attendanceRows,
  detailRows,
  heatMapCells,
  masterRows,
  playerPoints,
  type PeriodScope,
} from './tracks-query.repository.js';
import { parseXovisFrames } from './xovis-frames.js';
import { parseIrisysTargets } from './irisys-targets.js';

const DAY_MS = 86_400_000;
/** Positions further ahead of the server clock than this are refused (a device clock gone wrong). */
const MAX_FUTURE_MS = 15 * 60_000;
/** An Irisys target id seen again within this gap continues the same track. */
const IRISYS_TRACK_GAP_MS = 30_000;
/** Partitions created ahead of today, so an ingest rarely has to create one itself. */
const DAYS_AHEAD = 2;
/** A plan without an uploaded image: the canvas the sensors are drawn on. */
const DEFAULT_PLAN = { width: 1200, height: 800 };

const polygonText = (points: [number, number][]) => `(${points.map(([x, y]) => `(${x},${y})`).join(',')})`;
function polygonPoints(area: string): [number, number][] {
  const nums = area.match(/-?\d+(\.\d+)?(e-?\d+)?/gi)?.map(Number) ?? [];
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < nums.length; i += 2) out.push([nums[i]!, nums[i + 1]!]);
  return out;
}
const presentZone = (z: ZoneRow): TrackZone => ({ id: z.id, name: z.name, points: polygonPoints(z.area) });

const MAGIC: Record<FloorPlanUpload['contentType'], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/webp': (b) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
  'image/svg+xml': (b) => /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')),
};

/**
 * Tracks (issue 18): trajectory ingestion into day partitions kept for `retentionDays`, floor plans
 * with each device's field of view placed on them, active zones, and the viewer, player, heat map and
 * attendance reads. Every role may read the locations of its scope (spec section 6: track is for
 * everyone); a location or device outside the scope answers 404 like one that does not exist.
 */
export function createTracksService(deps: {
  db: Db;
  clock: Clock;
  scope: ScopeService;
  eventLog: EventLogService;
  retentionDays: number;
  /** the subtree an ingest caller may write (null: everywhere); throws 403 for a caller that may not */
  writeScope: (caller: IngestCaller) => string | null;
  /** the device a vendor identity names in the caller's writable scope; throws 404 naming it */
  resolveDevice: (caller: IngestCaller, identities: string[], vendor: string) => Promise<string>;
}) {
  const { db, clock, scope, eventLog } = deps;

  async function visibleNode(principal: Principal, id: string, type: 'location' | 'device', what: string) {
    if (!(await scope.isInScope(principal, id))) throw notFound(what);
    const node = await findNode(db, id);
    if (!node || node.type !== type) throw notFound(what);
    return node;
  }

  /** The location a read names, in scope (404) and a location (400 on `locationId`). */
  async function periodOf(
    principal: Principal,
    body: { locationId: string; from: string; to: string },
  ): Promise<PeriodScope & { locationName: string }> {
    if (!(await scope.isInScope(principal, body.locationId))) throw notFound('Location');
    const node = await findNode(db, body.locationId);
    if (!node) throw notFound('Location');
    if (node.type !== 'location') throw badRequest('Tracks are read per location', 'locationId');
    const devices = await locationDevices(db, node.id);
    return {
      deviceIds: devices.map((d) => d.id),
      timeZone: node.time_zone,
      from: body.from,
      to: body.to,
      locationName: node.name,
    };
  }

  async function planSize(locationId: string) {
    const plan = await selectFloorPlan(db, locationId);
    return plan ? { width: plan.width, height: plan.height } : DEFAULT_PLAN;
  }

  /** Validates every instant, creates the partitions the batch needs, stores it. */
  async function store(
    deviceId: string,
    points: { trackIds: string[]; times: Date[]; xs: number[]; ys: number[]; fields: string[] },
  ): Promise<number> {
    const now = clock.now().getTime();
    const oldest = now - deps.retentionDays * DAY_MS;
    const days = new Set<number>();
    for (const [i, at] of points.times.entries()) {
      const ms = at.getTime();
      if (ms > now + MAX_FUTURE_MS)
        throw badRequest('The position is in the future (check the device clock)', points.fields[i]);
      if (ms < oldest)
        throw badRequest(
          `The position is older than the ${deps.retentionDays}-day retention`,
          points.fields[i],
        );
      days.add(Math.floor(ms / DAY_MS));
    }
    for (const day of days) await ensurePartition(db, new Date(day * DAY_MS));
    return insertPoints(db, deviceId, points);
  }

  return {
    /**
     * The partition job: today's and the next days' partitions exist, those whose whole day lies past
     * the retention are dropped. Returns what it did.
     */
    async maintainPartitions(): Promise<{ created: string[]; dropped: string[] }> {
      const now = clock.now().getTime();
      const today = Math.floor(now / DAY_MS);
      const created: string[] = [];
      for (let d = today; d <= today + DAYS_AHEAD; d++) {
        if (await ensurePartition(db, new Date(d * DAY_MS)))
          created.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
      }
      const dropped: string[] = [];
      const oldest = now - deps.retentionDays * DAY_MS;
      for (const p of await listPartitions(db)) {
        if (p.day.getTime() + DAY_MS <= oldest) {
          await dropPartition(db, p.name);
          dropped.push(p.name);
        }
      }
      return { created, dropped };
    },

    /** POST /api/ingest/tracks */
    async ingest(caller: IngestCaller, body: TrackIngestBody): Promise<TrackIngestResponse> {
      const writable = deps.writeScope(caller);
      const node = await findNode(db, body.deviceId);
      if (!node || node.type !== 'device' || !(await scope.contains(writable, node.id)))
        throw notFound('Device');
      const trackIds: string[] = [];
      const times: Date[] = [];
      const xs: number[] = [];
      const ys: number[] = [];
      const fields: string[] = [];
      for (const [i, track] of body.tracks.entries()) {
        for (const [j, p] of track.points.entries()) {
          trackIds.push(track.trackId);
          times.push(new Date(p.t));
          xs.push(p.x);
          ys.push(p.y);
          fields.push(`tracks.${i}.points.${j}.t`);
        }
      }
      const accepted = await store(node.id, { trackIds, times, xs, ys, fields });
      return { accepted, tracks: new Set(body.tracks.map((t) => t.trackId)).size };
    },

    /**
     * POST /api/ingest/irisys/targets/{serial}: one Irisys "targets" message (binary, the vendor's
     * MQTT target format). A target id continues the device's track of that id last seen at most 30 s
     * before; otherwise it starts a new track.
     */
    async ingestIrisysTargets(
      caller: IngestCaller,
      serial: string,
      payload: unknown,
    ): Promise<TrackIngestResponse> {
      if (!Buffer.isBuffer(payload))
        throw badRequest('Expected the binary targets message as application/octet-stream', 'body');
      const frame = parseIrisysTargets(payload, clock.now());
      const deviceId = await deps.resolveDevice(caller, [serial], 'irisys');
      if (frame.targets.length === 0) return { accepted: 0, tracks: 0 };
      const open = await recentIrisysTracks(db, deviceId, frame.at, IRISYS_TRACK_GAP_MS);
      const trackIds = frame.targets.map(
        (t) => open.get(t.targetId) ?? `irisys-${t.targetId}-${frame.at.getTime()}`,
      );
      const accepted = await store(deviceId, {
        trackIds,
        times: frame.targets.map(() => frame.at),
        xs: frame.targets.map((t) => t.x),
        ys: frame.targets.map((t) => t.y),
        fields: frame.targets.map(() => 'body'),
      });
      return { accepted, tracks: new Set(trackIds).size };
    },

    /**
     * POST /api/ingest/xovis/tracks/{serial}: Xovis live frames (one frame or `live_data.frames`,
     * xovis-frames.ts) of the sensor with this serial or MAC; each PERSON's position goes to its
     * track `xovis-<track id>` (Xovis track ids are not reused by a sensor).
     */
    async ingestXovisFrames(
      caller: IngestCaller,
      serial: string,
      body: unknown,
    ): Promise<TrackIngestResponse> {
      const { positions } = parseXovisFrames(body);
      const deviceId = await deps.resolveDevice(caller, [serial], 'xovis');
      if (positions.length === 0) return { accepted: 0, tracks: 0 };
      const trackIds = positions.map((p) => `xovis-${p.trackId}`);
      const accepted = await store(deviceId, {
        trackIds,
        times: positions.map((p) => p.at),
        xs: positions.map((p) => p.x),
        ys: positions.map((p) => p.y),
        fields: positions.map((p) => p.field),
      });
      return { accepted, tracks: new Set(trackIds).size };
    },

    /** GET /api/Track/locations */
    async locations(principal: Principal): Promise<TrackLocationList> {
      const within = seesWholeTree(principal) ? null : principal.scopeNodeId;
      if (within === null && !seesWholeTree(principal)) return [];
      const rows = await trackLocations(db, within);
      return rows.map((r) => ({
        locationId: r.location_id,
        name: r.name,
        devices: r.devices,
        hasPlan: r.has_plan,
      }));
    },

    /** GET /api/FloorPlan/{locationId}: the image, the devices' placements and their zones. */
    async floorPlan(principal: Principal, locationId: string): Promise<FloorPlanView> {
      const location = await visibleNode(principal, locationId, 'location', 'Location');
      const plan = await selectFloorPlan(db, location.id);
      const devices = await locationDevices(db, location.id);
      const zones = await selectZones(
        db,
        devices.map((d) => d.id),
      );
      return {
        locationId: location.id,
        locationName: location.name,
        timeZone: location.time_zone,
        image: plan ? `data:${plan.content_type};base64,${Buffer.from(plan.image).toString('base64')}` : null,
        width: plan?.width ?? DEFAULT_PLAN.width,
        height: plan?.height ?? DEFAULT_PLAN.height,
        devices: devices.map((d) => ({
          deviceId: d.id,
          name: d.name,
          measurementProtocols: d.tracking ? [TRACK_PROTOCOL] : [],
          scale: d.scale,
          rotation: d.rotation,
          offsetX: d.offset_x,
          offsetY: d.offset_y,
          zones: zones.filter((z) => z.device_id === d.id).map(presentZone),
        })),
      };
    },

    /** PUT /api/FloorPlan/{locationId} (admin-kind) */
    async uploadFloorPlan(
      principal: Principal,
      locationId: string,
      body: FloorPlanUpload,
    ): Promise<FloorPlanView> {
      const location = await visibleNode(principal, locationId, 'location', 'Location');
      const image = Buffer.from(body.content, 'base64');
      if (!MAGIC[body.contentType](image))
        throw badRequest(`The file is not a ${body.contentType} image`, 'content');
      await eventLog.withAudit(async (tx) => {
        await upsertFloorPlan(tx, {
          locationId: location.id,
          contentType: body.contentType,
          image,
          width: body.width,
          height: body.height,
        });
        await eventLog.record(tx, principal, 'FloorPlan.Upload', location.name, {
          locationId: location.id,
          contentType: body.contentType,
          bytes: image.length,
          width: body.width,
          height: body.height,
        });
      });
      return this.floorPlan(principal, location.id);
    },

    /** PUT /api/FloorPlan/{locationId}/device/{deviceId} (admin-kind): a device's field of view on the plan. */
    async placeDevice(
      principal: Principal,
      locationId: string,
      deviceId: string,
      placement: DevicePlacement,
    ): Promise<FloorPlanView> {
      const location = await visibleNode(principal, locationId, 'location', 'Location');
      const devices = await locationDevices(db, location.id);
      const device = devices.find((d) => d.id === deviceId.toLowerCase());
      if (!device) throw notFound('Device');
      await eventLog.withAudit(async (tx) => {
        await upsertPlacement(tx, device.id, placement);
        await eventLog.record(tx, principal, 'FloorPlan.Place', device.name, {
          locationId: location.id,
          deviceId: device.id,
          ...placement,
        });
      });
      return this.floorPlan(principal, location.id);
    },

    /** GET /api/active-zones/device/{id} */
    async zones(principal: Principal, deviceId: string): Promise<TrackZone[]> {
      const device = await visibleNode(principal, deviceId, 'device', 'Device');
      return (await selectZones(db, [device.id])).map(presentZone);
    },

    /** PUT /api/active-zones/device/{id} (admin-kind): the device's whole set of zones. */
    async setZones(principal: Principal, deviceId: string, body: SetTrackZonesBody): Promise<TrackZone[]> {
      const device = await visibleNode(principal, deviceId, 'device', 'Device');
      const existing = new Set((await selectZones(db, [device.id])).map((z) => z.id));
      for (const [i, z] of body.zones.entries()) {
        if (z.id && !existing.has(z.id.toLowerCase()))
          throw badRequest('Unknown zone of this device', `zones.${i}.id`);
      }
      await eventLog.withAudit(async (tx) => {
        await replaceZones(
          tx,
          device.id,
          body.zones.map((z) => ({ id: z.id?.toLowerCase(), name: z.name, area: polygonText(z.points) })),
        );
        await eventLog.record(tx, principal, 'TrackZone.Set', device.name, {
          deviceId: device.id,
          zones: body.zones.map((z) => z.name),
        });
      });
      return (await selectZones(db, [device.id])).map(presentZone);
    },

    /** POST /api/Track/GetTrackViewerMasterRows */
    async masterRows(principal: Principal, body: TrackMasterRowsBody): Promise<TrackMasterRowsResponse> {
      const period = await periodOf(principal, body);
      const zones = await selectZones(db, period.deviceIds);
      const zoneById = new Map(zones.map((z) => [z.id, z]));
      for (const [i, id] of body.zoneIds.entries())
        if (!zoneById.has(id.toLowerCase())) throw badRequest('Not a zone of this location', `zoneIds.${i}`);
      const { rows, totalTracks } = await masterRows(db, period, {
        ...body,
        zoneIds: body.zoneIds.map((z) => z.toLowerCase()),
      });
      return {
        timeZone: period.timeZone,
        totalTracks,
        rows: rows.map((r) => ({
          key: r.key,
          zoneId: r.zone_id,
          zoneName: zoneById.get(r.zone_id)?.name ?? '',
          deviceId: zoneById.get(r.zone_id)?.device_id ?? '',
          tracks: r.tracks,
          visits: r.visits,
          averageDwellSeconds: r.avg_dwell === null ? null : Math.round(r.avg_dwell * 10) / 10,
          entriesFrom: r.entries,
        })),
      };
    },

    /** POST /api/Track/GetTrackViewerMasterDetailRows */
    async detailRows(principal: Principal, body: TrackDetailRowsBody): Promise<TrackDetailRowsResponse> {
      const period = await periodOf(principal, body);
      if (body.zoneId) {
        const zones = await selectZones(db, period.deviceIds);
        if (!zones.some((z) => z.id === body.zoneId!.toLowerCase()))
          throw badRequest('Not a zone of this location', 'zoneId');
      }
      const rows = await detailRows(db, period, {
        ...body,
        zoneId: body.zoneId?.toLowerCase(),
        key: body.key || undefined,
        offset: (body.page - 1) * body.pageSize,
        limit: body.pageSize,
      });
      return {
        fullCount: rows[0]?.full_count ?? 0,
        rows: rows.map((r) => ({
          deviceId: r.device_id,
          trackId: r.track_id,
          start: new Date(r.s).toISOString(),
          end: new Date(r.e).toISOString(),
          durationSeconds: (new Date(r.e).getTime() - new Date(r.s).getTime()) / 1000,
          points: r.n,
          zoneIds: r.zone_ids ?? [],
        })),
      };
    },

    /** POST /api/Track/GetTrackPlayerPoints */
    async playerPoints(
      principal: Principal,
      body: TrackPlayerPointsBody,
    ): Promise<TrackPlayerPointsResponse> {
      const period = await periodOf(principal, body);
      const rows = await playerPoints(db, period, {
        ...body,
        tracks: body.tracks?.map((t) => ({ deviceId: t.deviceId.toLowerCase(), trackId: t.trackId })),
      });
      const start = rows.reduce((m, r) => Math.min(m, r.t[0] ?? Infinity), Infinity);
      const end = rows.reduce((m, r) => Math.max(m, r.t[r.t.length - 1] ?? -Infinity), -Infinity);
      const origin = Number.isFinite(start) ? start : 0;
      return {
        start: origin,
        end: Number.isFinite(end) ? end : 0,
        timeZone: period.timeZone,
        truncated: (rows[0]?.matched ?? 0) > rows.length,
        tracks: rows.map((r) => ({
          deviceId: r.device_id,
          trackId: r.track_id,
          t: r.t.map((ms) => ms - origin),
          x: r.x,
          y: r.y,
        })),
      };
    },

    /** POST /api/Track/HeatMap */
    async heatMap(principal: Principal, body: HeatMapBody): Promise<HeatMapResponse> {
      const period = await periodOf(principal, body);
      const size = await planSize(body.locationId);
      const cells = await heatMapCells(db, period, { metric: body.metric, cell: body.cellSize, ...size });
      const round = (v: number) => Math.round(v * 10) / 10;
      return {
        metric: body.metric,
        cellSize: body.cellSize,
        columns: Math.ceil(size.width / body.cellSize),
        rows: Math.ceil(size.height / body.cellSize),
        cells: cells.map((c) => ({ ...c, value: round(c.value) })),
        max: round(cells.reduce((m, c) => Math.max(m, c.value), 0)),
        total: round(cells.reduce((s, c) => s + c.value, 0)),
      };
    },

    /** POST /api/Track/Attendance */
    async attendance(principal: Principal, body: AttendanceBody): Promise<AttendanceResponse> {
      const period = await periodOf(principal, body);
      const zones = await selectZones(db, period.deviceIds);
      const rows = await attendanceRows(db, period, body.aggregation);
      return {
        timeZone: period.timeZone,
        zones: zones.map((z) => ({ zoneId: z.id, name: z.name, deviceId: z.device_id })),
        rows: rows.map((r) => ({ key: r.key, zoneId: r.zone_id, visitors: r.visitors })),
      };
    },
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
