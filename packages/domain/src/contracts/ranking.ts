import { z } from 'zod';
import { AGGREGATE_FUNCTIONS, baseKpiInfo, findFormula } from '../kpi/index.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { DEMOGRAPHIC_TAGS } from '../dashboard/constants.js';
import { LocalDateTime } from './query.js';

/**
 * GET /api/Ranking (spec section 7 "Ranking and Performance: GET"): the locations of a selection
 * ranked by one KPI over a period, beside the previous period (N-1) and 52 weeks earlier (Y-1).
 */

const flag = (def: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === true || v === 'true' || v === '1'));

/** A comma-separated query list (`a,b,c`), also accepted as a repeated parameter. */
const listParam = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string().max(40_000), z.array(z.string().max(200)).max(max)])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s.length > 0),
    )
    .pipe(z.array(item).max(max));

/** KPIs a location can be ranked by: every catalogue KPI but the forecast model's. */
export const isRankableKpi = (kpi: string): boolean =>
  findFormula(kpi) !== undefined && baseKpiInfo(kpi)?.forecast !== true;

/** The aggregate function a KPI is ranked by: its first one (Occupancy: the last reading). */
export const rankingFunctionOf = (kpi: string): (typeof AGGREGATE_FUNCTIONS)[number] =>
  kpi === 'Occupancy' ? 'Last' : (findFormula(kpi)?.aggregateFunctions[0] ?? 'Sum');

export const RANKING_ORDERS = ['desc', 'asc'] as const;
export type RankingOrder = (typeof RANKING_ORDERS)[number];

/**
 * `from` (inclusive) and `to` (exclusive) are local wall-clock times of each location, as in the
 * aggregated query; `aggregation` defaults to the custom-range rule and decides how comparisons align
 * (month and year buckets compare with the calendar year before). `nodeIds` is the selection (groups
 * stand for their locations, a device for its location); empty means the caller's whole scope.
 * `locationGroups` keeps locations whose locationGroup attribute is one of them; `tags` are the
 * demographic tags of the tree's tag filter (people counts carrying those meta tags). `order` desc
 * ranks the highest value first.
 */
export const RankingQuery = z
  .object({
    kpi: z.string().trim().min(1).max(100).refine(isRankableKpi, { message: 'unknown or unrankable KPI' }),
    from: LocalDateTime,
    to: LocalDateTime,
    aggregation: z.enum(AGGREGATIONS).optional(),
    nodeIds: listParam(z.uuid(), 500),
    locationGroups: listParam(z.string().trim().min(1).max(200), 200),
    tags: listParam(z.enum(DEMOGRAPHIC_TAGS), DEMOGRAPHIC_TAGS.length),
    businessHoursOnly: flag(false),
    applyTimePeriodToEachDay: flag(false),
    includeDays: listParam(z.string().regex(/^[0-6]$/, 'expected a weekday 0-6 (0 = Sunday)'), 7).transform(
      (d) => d.map(Number),
    ),
    order: z.enum(RANKING_ORDERS).default('desc'),
  })
  .strict();
export type RankingQuery = z.infer<typeof RankingQuery>;
export type RankingQueryInput = z.input<typeof RankingQuery>;

export const RankingRow = z.object({
  nodeId: z.uuid(),
  name: z.string(),
  locationGroup: z.string().nullable(),
  /** 1 for the best; equal values share a rank (1, 2, 2, 4); null without a value */
  rank: z.number().int().nullable(),
  /** the rank the location held in the previous period among the same locations */
  previousRank: z.number().int().nullable(),
  /** previousRank - rank: positive when the location moved up */
  rankChange: z.number().int().nullable(),
  value: z.number().nullable(),
  /** N-1: the previous period of equal length */
  previousValue: z.number().nullable(),
  /** Y-1: 52 weeks earlier (the calendar year before for month and year ranges) */
  lastYearValue: z.number().nullable(),
  deltaPrevious: z.number().nullable(),
  /** (value - previousValue) / |previousValue| x 100, 2 decimals (as the KPI cards); null when previousValue is 0 or missing */
  deltaPreviousPercent: z.number().nullable(),
  deltaLastYear: z.number().nullable(),
  deltaLastYearPercent: z.number().nullable(),
  /** the caller's own location: the location their scope names (or the location of a device scope) */
  own: z.boolean(),
});
export type RankingRow = z.infer<typeof RankingRow>;

export const RankingResponse = z.object({
  kpi: z.string(),
  aggregateFunction: z.enum(AGGREGATE_FUNCTIONS),
  isPercentage: z.boolean(),
  order: z.enum(RANKING_ORDERS),
  from: z.string(),
  to: z.string(),
  aggregation: z.enum(AGGREGATIONS),
  /** ranked rows first (by rank, then name), then locations without a value (by name) */
  rows: z.array(RankingRow),
});
export type RankingResponse = z.infer<typeof RankingResponse>;
