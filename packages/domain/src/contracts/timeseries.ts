import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { AGGREGATE_FUNCTIONS, BASE_KPIS } from '../kpi/catalogue.js';

/**
 * Time series (spec section 3 "Series", "Time series info"; section 7 "Time series") and measurement
 * ingestion. A series is one measurement protocol of one node, optionally narrowed by meta tags
 * (e.g. `["children"]`); the plain series has no tags.
 */

/** Protocols a series can be created with: every measured base KPI (forecasts are computed, not stored). */
export const MEASUREMENT_PROTOCOLS: readonly string[] = BASE_KPIS.filter((k) => !k.forecast).map(
  (k) => k.kpi,
);
export const isMeasurementProtocol = (p: string) => MEASUREMENT_PROTOCOLS.includes(p);

export const MAX_INGEST_BATCH = 10_000;

const MetaTag = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
export const MetaTags = z
  .array(MetaTag)
  .max(10)
  .transform((tags) => [...new Set(tags)].sort());

export const MeasurementProtocol = z
  .string()
  .refine(
    isMeasurementProtocol,
    'unknown measurement protocol (see GET /api/TimeSeries/measurement-protocols)',
  );

export const CreateTimeSeriesBody = z.object({
  nodeId: z.uuid(),
  measurementProtocol: MeasurementProtocol,
  metaTags: MetaTags.optional(),
  /** length of the interval each value covers, from its start (occurredOn) */
  intervalSeconds: z.number().int().min(1).max(86_400).optional(),
  /** device serial / register id the values come from */
  source: safeText().trim().min(1).max(200).optional(),
});
export type CreateTimeSeriesBody = z.infer<typeof CreateTimeSeriesBody>;

export const CreateTimeSeriesResponse = z.object({ timeSeriesId: z.uuid() });

export const TimeSeriesView = z.object({
  id: z.uuid(),
  nodeId: z.uuid(),
  measurementProtocol: z.string(),
  metaTags: z.array(z.string()),
  intervalSeconds: z.number().int(),
  usedByFormula: z.boolean(),
  source: z.string().nullable(),
  /** the IANA zone of the series' location: local buckets are in this zone */
  timeZone: z.string(),
  /** start of the newest stored interval, ISO instant; null without data */
  lastObservationOccurredOn: z.string().nullable(),
});
export type TimeSeriesView = z.infer<typeof TimeSeriesView>;

export const TimeSeriesListQuery = z.object({
  nodeId: z.uuid().optional(),
  measurementProtocol: z.string().optional(),
});
export const TimeSeriesList = z.array(TimeSeriesView);

export const StringList = z.array(z.string());

export const AggregationType = z.object({
  kpi: z.string(),
  aggregateFunctions: z.array(z.enum(AGGREGATE_FUNCTIONS)),
  /** the function used when a request names none */
  defaultAggregateFunction: z.enum(AGGREGATE_FUNCTIONS),
});
export const AggregationTypeList = z.array(AggregationType);

/** Spec "Time series info": usedByFormula is the inverse of the excluded-in-formula flag. */
export const TimeSeriesInfo = z.object({
  name: z.string(),
  timeSeriesId: z.uuid(),
  nodeId: z.uuid(),
  measurementProtocol: z.string(),
  metaTags: z.array(z.string()),
  usedByFormula: z.boolean(),
  /** seconds between two values the series expects */
  intervalSeconds: z.number().int(),
  /** start of the last value received (null: none yet) */
  lastObservationOccurredOn: z.string().nullable(),
  /** the last value received (null: none yet) */
  lastValue: z.number().nullable(),
});
export type TimeSeriesInfo = z.infer<typeof TimeSeriesInfo>;
export const TimeSeriesInfoList = z.array(TimeSeriesInfo);

export const NodeIdParam = z.object({ nodeId: z.uuid() });

/** PUT /api/TimeSeries/info/{nodeId}: the series of that node (or below it) to change. */
export const UpdateTimeSeriesInfoBody = z
  .array(
    z.object({
      timeSeriesId: z.uuid(),
      usedByFormula: z.boolean().optional(),
      metaTags: MetaTags.optional(),
    }),
  )
  .max(1000);
export type UpdateTimeSeriesInfoBody = z.infer<typeof UpdateTimeSeriesInfoBody>;

/** ISO-8601 instant with an explicit offset or Z, e.g. 2025-03-09T14:15:00Z. */
export const IsoInstant = z.iso.datetime({ offset: true });

export const MeasurementInput = z.object({
  timeSeriesId: z.uuid(),
  /** start of the interval the value covers */
  occurredOn: IsoInstant,
  value: z.number().finite(),
});
export type MeasurementInput = z.infer<typeof MeasurementInput>;

export const IngestMeasurementsBody = z.object({
  measurements: z.array(MeasurementInput).min(1).max(MAX_INGEST_BATCH),
});
export type IngestMeasurementsBody = z.infer<typeof IngestMeasurementsBody>;
export const IngestResponse = z.object({ accepted: z.number().int() });

/** Ingest keys: one per client group (or any subtree), sent by devices as `X-Api-Key`. */
export const CreateIngestKeyBody = z.object({
  name: safeText().trim().min(1).max(200),
  scopeNodeId: z.uuid(),
});
export const IngestKeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  scopeNodeId: z.uuid(),
  keyPrefix: z.string(),
  createdOn: z.string(),
  lastUsedOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
});
export const IngestKeyList = z.array(IngestKeyView);
/** The key itself appears only in the creation answer. */
export const CreatedIngestKey = IngestKeyView.extend({ key: z.string() });
export type IngestKeyView = z.infer<typeof IngestKeyView>;
export type CreatedIngestKey = z.infer<typeof CreatedIngestKey>;

/**
 * Occupancy (spec "Occupancy config"): a location's in and out series; the occupancy is the running
 * sum of in minus out since the last reset, never below the floor (`floorValues[0]`, 0 by default),
 * corrected by operator adjustments.
 */
export const OccupancyConfigView = z.object({
  id: z.uuid(),
  nodeId: z.uuid(),
  timeSeriesInIds: z.array(z.uuid()),
  timeSeriesOutIds: z.array(z.uuid()),
  floorValues: z.array(z.number()),
  /** the Occupancy series holding the history (First/Last/Max through the aggregated query) */
  historyTimeSeriesId: z.uuid().nullable(),
  occupancyValue: z.number(),
  lastResetOn: z.string(),
  valueUpdatedOn: z.string().nullable(),
});
export type OccupancyConfigView = z.infer<typeof OccupancyConfigView>;

const SeriesIdList = z.array(z.uuid()).max(100);
const FloorValues = z.array(z.number().finite().min(0).max(1_000_000)).max(10);
export const CreateOccupancyConfigBody = z.object({
  nodeId: z.uuid(),
  timeSeriesInIds: SeriesIdList,
  timeSeriesOutIds: SeriesIdList,
  floorValues: FloorValues.optional(),
});
export type CreateOccupancyConfigBody = z.infer<typeof CreateOccupancyConfigBody>;
export const UpdateOccupancyConfigBody = z.object({
  timeSeriesInIds: SeriesIdList,
  timeSeriesOutIds: SeriesIdList,
  floorValues: FloorValues.optional(),
});
export type UpdateOccupancyConfigBody = z.infer<typeof UpdateOccupancyConfigBody>;

/** POST /api/Occupancy/UpdateOccupancy: an operator sets the value or corrects it by a delta. */
export const UpdateOccupancyBody = z
  .object({
    occupancyId: z.uuid().optional(),
    nodeId: z.uuid().optional(),
    value: z.number().finite().min(0).max(1_000_000).optional(),
    delta: z.number().finite().min(-1_000_000).max(1_000_000).optional(),
  })
  .refine((b) => (b.occupancyId ? 1 : 0) + (b.nodeId ? 1 : 0) === 1, {
    message: 'give occupancyId or nodeId',
    path: ['occupancyId'],
  })
  .refine((b) => (b.value === undefined) !== (b.delta === undefined), {
    message: 'give value or delta',
    path: ['value'],
  });
export type UpdateOccupancyBody = z.infer<typeof UpdateOccupancyBody>;
export const OccupancyValueResponse = z.object({ occupancyId: z.uuid(), occupancyValue: z.number() });

/**
 * Occupancy reset schedules (spec "Occupancy reset configuration"): at `time` (local wall clock of
 * each location) on the given weekdays (0 = Sunday), the occupancy of every listed location goes back
 * to its floor. Saving with an empty id creates; saving with an existing id replaces it (new id);
 * removing a location is a save without it, with `removedId` naming it.
 */
export const OccupancyResetScheduleDto = z.object({
  id: z.union([z.uuid(), z.literal('')]).optional(),
  name: z.string().trim().max(200).optional(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm'),
  daysOfWeek: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
});
export const SaveOccupancyResetBody = z.object({
  scheduleDto: OccupancyResetScheduleDto,
  locations: z.array(z.object({ id: z.uuid() })).max(1000),
  removedId: z.uuid().optional(),
});
export type SaveOccupancyResetBody = z.infer<typeof SaveOccupancyResetBody>;
export const OCCUPANCY_RESET_MESSAGE_KEYS = {
  creation: ['occupancy_reset_creation_success', 'occupancy_reset_creation_error'],
  modification: ['occupancy_reset_modification_success', 'occupancy_reset_modification_error'],
  deleteLocation: ['occupancy_reset_delete_location_success', 'occupancy_reset_delete_location_error'],
  delete: ['occupancy_reset_delete_success', 'occupancy_reset_delete_error'],
} as const;
export const OccupancyResetView = z.object({
  scheduleDto: z.object({
    id: z.uuid(),
    name: z.string(),
    time: z.string(),
    daysOfWeek: z.array(z.number().int()),
  }),
  locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export const OccupancyResetList = z.array(OccupancyResetView);
export const SavedOccupancyReset = OccupancyResetView.extend({ messageKey: z.string() });
export type SavedOccupancyReset = z.infer<typeof SavedOccupancyReset>;
export const DeletedOccupancyReset = z.object({ messageKey: z.string() });
/** "Reset now" of one location (`POST /api/Schedule/occupancy-reset/now`), audited. */
export const OccupancyResetNowBody = z.object({ nodeId: z.uuid() });
export const OccupancyResetNowResult = z.object({
  occupancyId: z.uuid(),
  occupancyValue: z.number(),
  resetOn: z.string(),
});
export type OccupancyResetNowResult = z.infer<typeof OccupancyResetNowResult>;
