import { z } from 'zod';
import { EXPANDED_FORMULAS } from '../kpi/formulas.js';
import { DEMOGRAPHIC_TAGS } from '../dashboard/constants.js';
import { LocalDateTime } from './query.js';

/**
 * Objectives (issue 15, spec section 7 "Objective load and set"): a target value per location or
 * location group, per KPI of the formula catalogue, per period type, between two dates (inclusive).
 * - `day`: `value` is each day's objective; `weekday`: `weekdayValues[0..6]` (0 = Sunday) each day's
 *   by its weekday; `week` (Sunday to Saturday), `month`, `year`: `value` is the whole period's.
 * Objectives of one node and KPI may not overlap in time; the set call upserts by
 * (node, KPI, period type, start date) and deletes with `value: null`.
 */
export const OBJECTIVE_PERIOD_TYPES = ['day', 'weekday', 'week', 'month', 'year'] as const;
export type ObjectivePeriodType = (typeof OBJECTIVE_PERIOD_TYPES)[number];

/** KPIs an objective can be set for: the catalogue without the forecast KPIs. */
export const OBJECTIVE_KPIS: readonly string[] = EXPANDED_FORMULAS.filter(
  (f) => !f.kpi.startsWith('Forecast'),
).map((f) => f.kpi);

/** Largest objective value accepted. */
export const MAX_OBJECTIVE_VALUE = 1e12;

export const LocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as "YYYY-MM-DD"')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'expected a real date as "YYYY-MM-DD"',
    },
  );

const objectiveValue = z.number().finite().min(0).max(MAX_OBJECTIVE_VALUE);

/** One objective as given to the set call; `value: null` (or absent weekday values) deletes it. */
export const ObjectiveInput = z
  .object({
    nodeId: z.uuid(),
    kpi: z.enum(OBJECTIVE_KPIS as [string, ...string[]]),
    periodType: z.enum(OBJECTIVE_PERIOD_TYPES),
    startDate: LocalDate,
    endDate: LocalDate,
    value: objectiveValue.nullable().default(null),
    weekdayValues: z.array(objectiveValue).length(7).nullable().default(null),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.endDate < o.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end date must not be before the start date',
      });
    if (o.periodType !== 'weekday' && o.weekdayValues !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['weekdayValues'],
        message: 'Only a weekday objective has weekday values',
      });
    if (o.periodType === 'weekday' && o.value !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A weekday objective has weekday values, not one value',
      });
  });
export type ObjectiveInput = z.infer<typeof ObjectiveInput>;
export type ObjectiveInputRaw = z.input<typeof ObjectiveInput>;

/** Body of POST /api/Objective/set: at most 2,000 cells at once (a year of 150 locations by month). */
export const SetObjectivesBody = z.object({ items: z.array(ObjectiveInput).min(1).max(2000) }).strict();
export type SetObjectivesBody = z.infer<typeof SetObjectivesBody>;

export const ObjectiveDto = z.object({
  id: z.uuid(),
  nodeId: z.uuid(),
  nodeName: z.string(),
  kpi: z.string(),
  periodType: z.enum(OBJECTIVE_PERIOD_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  value: z.number().nullable(),
  weekdayValues: z.array(z.number()).nullable(),
  updatedOn: z.string(),
});
export type ObjectiveDto = z.infer<typeof ObjectiveDto>;
export const ObjectiveList = z.array(ObjectiveDto);

export const SetObjectivesResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  objectives: ObjectiveList,
});
export type SetObjectivesResult = z.infer<typeof SetObjectivesResult>;

/** GET /api/Objective: the objectives of nodes in the caller's scope overlapping [from, to]. */
export const ObjectiveQuery = z
  .object({
    nodeIds: z
      .union([z.uuid(), z.array(z.uuid())])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.uuid()).max(500))
      .optional(),
    kpi: z.string().trim().min(1).max(100).optional(),
    from: LocalDate.optional(),
    to: LocalDate.optional(),
  })
  .strict();
export type ObjectiveQuery = z.infer<typeof ObjectiveQuery>;

/** GET /api/Performance: each location (or group) of the selection against its objectives. */
export const PerformanceQuery = z
  .object({
    nodeIds: z
      .union([z.uuid(), z.array(z.uuid())])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.uuid()).min(1).max(200)),
    kpi: z.enum(OBJECTIVE_KPIS as [string, ...string[]]).default('TrafficIn'),
    from: LocalDateTime,
    to: LocalDateTime,
    /**
     * demographic tags of the tree's tag filter: the actual people counts (traffic KPIs) are those of
     * series carrying them; the objectives stay the location's (set on all visitors)
     */
    tags: z
      .union([z.enum(DEMOGRAPHIC_TAGS), z.array(z.enum(DEMOGRAPHIC_TAGS))])
      .transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v]))
      .default([]),
  })
  .strict();
export type PerformanceQuery = z.infer<typeof PerformanceQuery>;

export const PerformanceRow = z.object({
  nodeId: z.uuid(),
  nodeName: z.string(),
  /** the aggregated query's summary over [from, to) (up to now) */
  actual: z.number().nullable(),
  /** the objective pro-rated to [from, to) */
  objective: z.number().nullable(),
  /** actual / objective over the elapsed part, in % */
  achievedPercent: z.number().nullable(),
  /** actual - objective pro-rated to the elapsed part (negative: behind) */
  gap: z.number().nullable(),
  /** the objective pro-rated to the elapsed part [from, now) */
  objectiveToDate: z.number().nullable(),
  /** actual so far + the forecast KPI for the rest of the period (traffic), or actual scaled by the elapsed objective share */
  projection: z.number().nullable(),
  /** projection / objective in % */
  projectedPercent: z.number().nullable(),
  status: z.enum(['ahead', 'onTrack', 'behind', 'none']),
  today: z.object({
    actual: z.number().nullable(),
    objectiveSoFar: z.number().nullable(),
    objective: z.number().nullable(),
    achievedPercent: z.number().nullable(),
  }),
});
export type PerformanceRow = z.infer<typeof PerformanceRow>;

export const PerformanceResponse = z.object({
  kpi: z.string(),
  isPercentage: z.boolean(),
  additive: z.boolean(),
  from: z.string(),
  to: z.string(),
  /** local "YYYY-MM-DD HH:mm" of now (the latest zone's) */
  now: z.string(),
  rows: z.array(PerformanceRow),
});
export type PerformanceResponse = z.infer<typeof PerformanceResponse>;

/** The grid file (CSV or XLSX): one row per location, one column per month of a year. */
export const OBJECTIVE_FILE_FORMATS = ['csv', 'xlsx'] as const;
export const ObjectiveFileQuery = z
  .object({
    kpi: z.enum(OBJECTIVE_KPIS as [string, ...string[]]).default('TrafficIn'),
    year: z.coerce.number().int().min(2000).max(2100),
    format: z.enum(OBJECTIVE_FILE_FORMATS).default('csv'),
  })
  .strict();
export type ObjectiveFileQuery = z.infer<typeof ObjectiveFileQuery>;

/** POST /api/Objective/file: the file's bytes in base64 (10 MB at most). */
export const ObjectiveFileBody = z
  .object({
    kpi: z.enum(OBJECTIVE_KPIS as [string, ...string[]]),
    year: z.number().int().min(2000).max(2100),
    format: z.enum(OBJECTIVE_FILE_FORMATS),
    content: z.base64().max(14_000_000),
  })
  .strict();
export type ObjectiveFileBody = z.infer<typeof ObjectiveFileBody>;
