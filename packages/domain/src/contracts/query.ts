import { z } from 'zod';
import { NodeCompleteness } from './monitoring.js';
import { AGGREGATE_FUNCTIONS } from '../kpi/catalogue.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { MODES } from '../periods/comparisons.js';
import { parseLocal } from '../time/local-time.js';

/** "YYYY-MM-DD HH:mm", a wall-clock reading in each location's own time zone. */
export const LocalDateTime = z
  .string()
  .refine((s) => parseLocal(s) !== null, { message: 'expected a real date as "YYYY-MM-DD HH:mm"' });

const metaTags = z.array(z.string().trim().min(1).max(100)).max(20).default([]);

export const KpiRequest = z.object({
  kpi: z.string().trim().min(1).max(100),
  aggregateFunctions: z
    .array(z.enum(AGGREGATE_FUNCTIONS))
    .min(1)
    .max(AGGREGATE_FUNCTIONS.length)
    .default(['Sum']),
  metaTags,
});
export type KpiRequest = z.infer<typeof KpiRequest>;

/**
 * Body of POST /api/TimeSeries/AggregatedTimeSeries and POST /api/TimeSeries/query.
 * `from` is inclusive and `to` exclusive, both local wall-clock times of each location.
 * `aggregation` defaults to the custom-range rule of spec section 9; PT0S (real time) buckets by the
 * minute. `includeDays` lists weekdays to keep (0 = Sunday); empty or absent keeps every day.
 * `breakdownByNode` adds each requested node's own figures (rankings, tables per location).
 */
export const AggregatedQueryBody = z
  .object({
    nodeIds: z.array(z.uuid()).min(1).max(500),
    aggregateFunctionsByKpi: z.array(KpiRequest).max(50).default([]),
    measurementProtocols: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    from: LocalDateTime,
    to: LocalDateTime,
    aggregation: z.enum(AGGREGATIONS).optional(),
    gapFilled: z.boolean().default(true),
    businessHoursOnly: z.boolean().default(false),
    applyTimePeriodToEachDay: z.boolean().default(false),
    includeDays: z.array(z.number().int().min(0).max(6)).max(7).nullish(),
    modes: z.array(z.enum(MODES)).min(1).max(3).default(['current_period']),
    breakdownByNode: z.boolean().default(false),
    /**
     * Adds `completeness` to each entry: per requested node, the share of its devices' expected
     * (business) minutes over the period, up to now, that have data (monitoring, issue 13).
     */
    includeCompleteness: z.boolean().default(false),
    /**
     * Adds `objective` beside the current period's figures (and each node's with breakdownByNode):
     * the objectives pro-rated to each bucket and to the whole range (features/objectives, issue 15).
     */
    includeObjectives: z.boolean().default(false),
  })
  .strict();
export type AggregatedQueryBody = z.infer<typeof AggregatedQueryBody>;
export type AggregatedQueryInput = z.input<typeof AggregatedQueryBody>;

export const DataPoint = z.object({
  /** local bucket start "YYYY-MM-DD HH:mm" (for comparisons: the current bucket it stands beside) */
  key: z.string(),
  /** null for future buckets and comparison buckets without a counterpart */
  value: z.number().nullable(),
  /** comparisons only: the compared bucket's own local start */
  comparedKey: z.string().optional(),
});
export type DataPoint = z.infer<typeof DataPoint>;

/** The objective beside the actual figures: pro-rated to the range (summary) and to each bucket. */
export const ObjectiveFigures = z.object({
  summary: z.number().nullable(),
  data: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
});
export type ObjectiveFigures = z.infer<typeof ObjectiveFigures>;

export const NodeFigures = z.object({
  nodeId: z.uuid(),
  summary: z.number().nullable(),
  data: z.array(DataPoint),
  objective: ObjectiveFigures.optional(),
});

export const AggregatedSeries = z.object({
  kpi: z.string(),
  aggregateFunction: z.enum(AGGREGATE_FUNCTIONS),
  mode: z.enum(MODES),
  isPercentage: z.boolean(),
  summary: z.number().nullable(),
  metaTags: z.array(z.string()),
  aggregation: z.enum(AGGREGATIONS),
  data: z.array(DataPoint),
  /** with breakdownByNode: the same figures for each requested node alone */
  nodes: z.array(NodeFigures).optional(),
  /** with includeCompleteness: per requested node, how complete its devices' data is over the period */
  completeness: z.array(NodeCompleteness).optional(),
  /** with includeObjectives, current period only: the objective of the requested nodes together */
  objective: ObjectiveFigures.optional(),
  /**
   * true when the answer is coarser than asked: minute buckets reaching back past raw-minute retention
   * (RAW_RETENTION_DAYS) come as 15-minute buckets from the rollups (`aggregation` says PT15M); absent otherwise
   */
  isLowerAggregation: z.boolean().optional(),
});
export type AggregatedSeries = z.infer<typeof AggregatedSeries>;
export const AggregatedQueryResponse = z.array(AggregatedSeries);

/** The plain query: the Series entity of spec section 3, one measurement per requested node. */
export const QueryMeasurement = z.object({
  value: z.number().nullable(),
  nodeId: z.uuid(),
  requestedId: z.uuid(),
  metaTags: z.array(z.string()),
});
export const QuerySeries = z.object({
  kpi: z.string(),
  measurementProtocol: z.string().nullable(),
  mode: z.enum(MODES),
  aggregation: z.enum(AGGREGATIONS),
  aggregationFunction: z.enum(AGGREGATE_FUNCTIONS),
  /**
   * true when buckets are finer than the data's own interval (15-minute data asked by the minute), or
   * coarser than asked: minute buckets past raw-minute retention answered by 15-minute buckets from the rollups
   */
  isLowerAggregation: z.boolean(),
  isPercentage: z.boolean(),
  summary: z.number().nullable(),
  lastObservationOccurredOn: z.string().nullable(),
  dataPoints: z.array(z.object({ occurredOn: z.string(), measurements: z.array(QueryMeasurement) })),
});
export type QuerySeries = z.infer<typeof QuerySeries>;
export const QueryResponse = z.array(QuerySeries);

export const ExpandedFormulaResponse = z.array(
  z.object({
    kpi: z.string(),
    expression: z.string(),
    derived: z.boolean(),
    baseKpis: z.array(z.string()),
    isPercentage: z.boolean(),
    category: z.string(),
    aggregateFunctions: z.array(z.enum(AGGREGATE_FUNCTIONS)),
    clamp: z.tuple([z.number(), z.number()]).optional(),
  }),
);
