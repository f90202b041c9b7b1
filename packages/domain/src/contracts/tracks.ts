import { z } from 'zod';
import { LocalDateTime } from './query.js';
import { IsoInstant } from './timeseries.js';

/**
 * Tracks (spec section 7 "Tracks", "Attendance and HeatMap"; issue 18): trajectories of people seen by
 * sensors that report positions, stored per device; floor plans with each sensor's field of view
 * placed on them; active zones per device; the track viewer, player, heat map and attendance reads.
 * Positions are metres on the sensor's floor plane; plan coordinates are pixels of the floor plan.
 */

/** The measurement protocol of a device that reports trajectories (spec section 3). */
export const TRACK_PROTOCOL = 'Track';

export const MAX_TRACK_POINTS_PER_BATCH = 50_000;
const coordinate = z.number().finite().min(-10_000).max(10_000);

export const TrackPointInput = z.object({ t: IsoInstant, x: coordinate, y: coordinate });
export const TrackInput = z.object({
  trackId: z.string().trim().min(1).max(64),
  points: z.array(TrackPointInput).min(1).max(MAX_TRACK_POINTS_PER_BATCH),
});

/** POST /api/ingest/tracks: our own JSON; one device, its tracks' timed positions. */
export const TrackIngestBody = z
  .object({
    deviceId: z.uuid(),
    tracks: z.array(TrackInput).min(1).max(5_000),
  })
  .refine((b) => b.tracks.reduce((n, t) => n + t.points.length, 0) <= MAX_TRACK_POINTS_PER_BATCH, {
    message: `at most ${MAX_TRACK_POINTS_PER_BATCH} points a batch`,
    path: ['tracks'],
  });
export type TrackIngestBody = z.infer<typeof TrackIngestBody>;
export const TrackIngestResponse = z.object({ accepted: z.number().int(), tracks: z.number().int() });
export type TrackIngestResponse = z.infer<typeof TrackIngestResponse>;

const localPeriod = {
  locationId: z.uuid(),
  /** local wall-clock time of the location, inclusive */
  from: LocalDateTime,
  /** local wall-clock time of the location, exclusive */
  to: LocalDateTime,
};
const orderedPeriod = (b: { from: string; to: string }) => b.from < b.to;
const periodMessage = { message: '"to" must be after "from"', path: ['to'] };

const durationFilters = {
  zoneIds: z.array(z.uuid()).max(200).default([]),
  /** tracks lasting at least / at most this many seconds within the period */
  minDurationSeconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 31)
    .optional(),
  maxDurationSeconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 31)
    .optional(),
};

export const TRACK_AGGREGATIONS = ['hour', 'day', 'all'] as const;
export type TrackAggregation = (typeof TRACK_AGGREGATIONS)[number];

/** POST /api/Track/GetTrackViewerMasterRows */
export const TrackMasterRowsBody = z
  .object({ ...localPeriod, ...durationFilters, aggregation: z.enum(TRACK_AGGREGATIONS).default('day') })
  .refine(orderedPeriod, periodMessage);
export type TrackMasterRowsBody = z.infer<typeof TrackMasterRowsBody>;
export type TrackMasterRowsInput = z.input<typeof TrackMasterRowsBody>;

export const TrackZoneEntry = z.object({
  /** the zone the visitors came from; null: from no zone (they appeared here, or came from outside every zone) */
  fromZoneId: z.uuid().nullable(),
  count: z.number().int(),
});

export const TrackMasterRow = z.object({
  /** local bucket start "YYYY-MM-DD HH:mm"; "" for aggregation "all" */
  key: z.string(),
  zoneId: z.uuid(),
  zoneName: z.string(),
  deviceId: z.uuid(),
  /** distinct tracks that visited the zone in the bucket */
  tracks: z.number().int(),
  visits: z.number().int(),
  /** mean time of a visit (first to last position inside the zone), seconds */
  averageDwellSeconds: z.number().nullable(),
  entriesFrom: z.array(TrackZoneEntry),
});
export type TrackMasterRow = z.infer<typeof TrackMasterRow>;

export const TrackMasterRowsResponse = z.object({
  timeZone: z.string(),
  /** tracks of the period passing the duration filter, in any zone or none */
  totalTracks: z.number().int(),
  rows: z.array(TrackMasterRow),
});
export type TrackMasterRowsResponse = z.infer<typeof TrackMasterRowsResponse>;

/** POST /api/Track/GetTrackViewerMasterDetailRows: the tracks of a master row (or of the whole period). */
export const TrackDetailRowsBody = z
  .object({
    ...localPeriod,
    ...durationFilters,
    aggregation: z.enum(TRACK_AGGREGATIONS).default('day'),
    /** only tracks visiting this zone, with a visit starting in the bucket `key` when given */
    zoneId: z.uuid().optional(),
    key: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2})?$/, 'expected a bucket key "YYYY-MM-DD HH:mm"')
      .optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(500).default(50),
  })
  .refine(orderedPeriod, periodMessage);
export type TrackDetailRowsBody = z.infer<typeof TrackDetailRowsBody>;
export type TrackDetailRowsInput = z.input<typeof TrackDetailRowsBody>;

export const TrackDetailRow = z.object({
  deviceId: z.uuid(),
  trackId: z.string(),
  start: z.string(),
  end: z.string(),
  durationSeconds: z.number(),
  points: z.number().int(),
  /** the zones visited, in order (a zone left and entered again appears twice) */
  zoneIds: z.array(z.uuid()),
});
export type TrackDetailRow = z.infer<typeof TrackDetailRow>;
export const TrackDetailRowsResponse = z.object({
  rows: z.array(TrackDetailRow),
  fullCount: z.number().int(),
});
export type TrackDetailRowsResponse = z.infer<typeof TrackDetailRowsResponse>;

export const TrackRef = z.object({ deviceId: z.uuid(), trackId: z.string().trim().min(1).max(64) });
export type TrackRef = z.infer<typeof TrackRef>;

export const MAX_PLAYER_TRACKS = 2_000;

/** POST /api/Track/GetTrackPlayerPoints */
export const TrackPlayerPointsBody = z
  .object({
    ...localPeriod,
    ...durationFilters,
    /** these tracks only; otherwise the period's first `maxTracks` tracks by start */
    tracks: z.array(TrackRef).max(MAX_PLAYER_TRACKS).optional(),
    maxTracks: z.number().int().min(1).max(MAX_PLAYER_TRACKS).default(1_000),
  })
  .refine(orderedPeriod, periodMessage);
export type TrackPlayerPointsBody = z.infer<typeof TrackPlayerPointsBody>;
export type TrackPlayerPointsInput = z.input<typeof TrackPlayerPointsBody>;

export const TrackPlayerTrack = z.object({
  deviceId: z.uuid(),
  trackId: z.string(),
  /** milliseconds since the response's `start`, one per position, ascending */
  t: z.array(z.number()),
  /** plan pixels */
  x: z.array(z.number()),
  y: z.array(z.number()),
});
export type TrackPlayerTrack = z.infer<typeof TrackPlayerTrack>;
export const TrackPlayerPointsResponse = z.object({
  /** epoch milliseconds of the first position; 0 without any */
  start: z.number(),
  end: z.number(),
  timeZone: z.string(),
  tracks: z.array(TrackPlayerTrack),
  /** true when more tracks matched than were sent */
  truncated: z.boolean(),
});
export type TrackPlayerPointsResponse = z.infer<typeof TrackPlayerPointsResponse>;

export const HEAT_MAP_METRICS = ['positions', 'dwell'] as const;
export type HeatMapMetric = (typeof HEAT_MAP_METRICS)[number];

/** POST /api/Track/HeatMap: a grid of `cellSize` plan pixels over the floor plan. */
export const HeatMapBody = z
  .object({
    ...localPeriod,
    metric: z.enum(HEAT_MAP_METRICS).default('positions'),
    cellSize: z.number().int().min(4).max(400).default(24),
  })
  .refine(orderedPeriod, periodMessage);
export type HeatMapBody = z.infer<typeof HeatMapBody>;
export type HeatMapInput = z.input<typeof HeatMapBody>;
export const HeatMapResponse = z.object({
  metric: z.enum(HEAT_MAP_METRICS),
  cellSize: z.number().int(),
  columns: z.number().int(),
  rows: z.number().int(),
  /** positions: number of positions; dwell: seconds spent (time to the track's next position, at most 10 s) */
  cells: z.array(z.object({ col: z.number().int(), row: z.number().int(), value: z.number() })),
  max: z.number(),
  total: z.number(),
});
export type HeatMapResponse = z.infer<typeof HeatMapResponse>;

/** POST /api/Track/Attendance: distinct visitors per zone and local time bucket. */
export const AttendanceBody = z
  .object({ ...localPeriod, aggregation: z.enum(['hour', 'day']).default('hour') })
  .refine(orderedPeriod, periodMessage);
export type AttendanceBody = z.infer<typeof AttendanceBody>;
export type AttendanceInput = z.input<typeof AttendanceBody>;
export const AttendanceResponse = z.object({
  timeZone: z.string(),
  zones: z.array(z.object({ zoneId: z.uuid(), name: z.string(), deviceId: z.uuid() })),
  /** zoneId null: the whole location (a visitor counted once whatever the zones) */
  rows: z.array(z.object({ key: z.string(), zoneId: z.uuid().nullable(), visitors: z.number().int() })),
});
export type AttendanceResponse = z.infer<typeof AttendanceResponse>;

/** A zone's polygon: at least 3 corners, sensor metres. */
export const ZonePolygon = z
  .array(z.tuple([coordinate, coordinate]))
  .min(3)
  .max(64);
export const TrackZone = z.object({ id: z.uuid(), name: z.string(), points: ZonePolygon });
export type TrackZone = z.infer<typeof TrackZone>;
export const TrackZoneList = z.array(TrackZone);
/** PUT /api/active-zones/device/{id}: the device's whole set of zones (an id keeps a zone, none adds one). */
export const SetTrackZonesBody = z.object({
  zones: z
    .array(
      z.object({ id: z.uuid().optional(), name: z.string().trim().min(1).max(100), points: ZonePolygon }),
    )
    .max(50),
});
export type SetTrackZonesBody = z.infer<typeof SetTrackZonesBody>;

export const DevicePlacement = z.object({
  /** plan pixels per sensor metre */
  scale: z.number().finite().min(0.01).max(10_000),
  /** degrees, clockwise on screen */
  rotation: z.number().finite().min(-360).max(360),
  /** where the sensor's origin lies on the plan, pixels */
  offsetX: z.number().finite().min(-100_000).max(100_000),
  offsetY: z.number().finite().min(-100_000).max(100_000),
});
export type DevicePlacement = z.infer<typeof DevicePlacement>;

export const FloorPlanDevice = DevicePlacement.extend({
  deviceId: z.uuid(),
  name: z.string(),
  /** the device's measurement protocols as far as tracks go: ["Track"] once it reported or was placed */
  measurementProtocols: z.array(z.string()),
  zones: TrackZoneList,
});
export type FloorPlanDevice = z.infer<typeof FloorPlanDevice>;

/** GET /api/FloorPlan/{locationId} */
export const FloorPlanView = z.object({
  locationId: z.uuid(),
  locationName: z.string(),
  timeZone: z.string(),
  /** the image as a data URL; null when none was uploaded */
  image: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  devices: z.array(FloorPlanDevice),
});
export type FloorPlanView = z.infer<typeof FloorPlanView>;

export const FLOOR_PLAN_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
export const MAX_FLOOR_PLAN_BYTES = 4 * 1024 * 1024;
/** PUT /api/FloorPlan/{locationId} (the spec's file-upload, as base64 in JSON) */
export const FloorPlanUpload = z.object({
  contentType: z.enum(FLOOR_PLAN_TYPES),
  content: z
    .string()
    .min(4)
    .max(Math.ceil((MAX_FLOOR_PLAN_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'expected base64'),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});
export type FloorPlanUpload = z.infer<typeof FloorPlanUpload>;

/** GET /api/Track/locations: the locations of the caller's scope with a floor plan or a tracking device. */
export const TrackLocationList = z.array(
  z.object({ locationId: z.uuid(), name: z.string(), devices: z.number().int(), hasPlan: z.boolean() }),
);
export type TrackLocationList = z.infer<typeof TrackLocationList>;

export const PlanDeviceParams = z.object({ id: z.uuid(), deviceId: z.uuid() });
