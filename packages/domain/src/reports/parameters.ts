import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { AGGREGATIONS, customRangeAggregation, fixedMinutes, type Aggregation } from '../periods/ladder.js';
import { parseLocal } from '../time/local-time.js';
import { LocalDateTime } from '../contracts/query.js';
import { REPORT_DEFINITIONS, type ReportName } from './definitions.js';

/** A report reads at most this many locations (one aggregated query); ask for a smaller selection. */
export const MAX_REPORT_NODES = 500;
/** Rows (locations x buckets) a report may hold: a year of days for 500 locations fits. */
export const MAX_REPORT_ROWS = 200_000;

/**
 * What a report is run with (issue 14): the tree selection (a second one for comparative reports:
 * spec "nodes1/nodes2"), the period as local wall-clock times of each location (from inclusive, to
 * exclusive; a second period for comparative reports), the aggregation (default: the report's own,
 * else the custom-range rule), business hours only, the each-day window, weekdays (0 = Sunday),
 * the language of the words, and the decimal separator of CSV files.
 */
export const ReportParameters = z
  .object({
    nodeIds: z.array(z.uuid()).min(1).max(MAX_REPORT_NODES),
    nodeIds2: z.array(z.uuid()).max(MAX_REPORT_NODES).default([]),
    from: LocalDateTime,
    to: LocalDateTime,
    from2: LocalDateTime.optional(),
    to2: LocalDateTime.optional(),
    aggregation: z.enum(AGGREGATIONS).optional(),
    businessHoursOnly: z.boolean().default(false),
    applyTimePeriodToEachDay: z.boolean().default(false),
    includeDays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    language: z.enum(LANGUAGES).default('en'),
    decimalSeparator: z.enum(['.', ',']).default('.'),
  })
  .strict();
export type ReportParameters = z.infer<typeof ReportParameters>;
export type ReportParametersInput = z.input<typeof ReportParameters>;

export interface ParameterProblem {
  field: string;
  message: string;
}

/** Buckets of a range at an aggregation, counted without walking them (an upper bound for months). */
function bucketCount(from: number, to: number, aggregation: Aggregation): number {
  const fixed = fixedMinutes(aggregation);
  if (fixed !== null && fixed > 0) return Math.ceil((to - from) / fixed);
  if (aggregation === 'PT0S') return to - from;
  const days = (to - from) / 1440;
  return aggregation === 'P1M' ? Math.ceil(days / 28) + 1 : Math.ceil(days / 365) + 1;
}

/** The aggregation a report runs at for these parameters. */
export function reportAggregation(
  name: ReportName,
  p: Pick<ReportParameters, 'from' | 'to' | 'aggregation'>,
) {
  if (p.aggregation) return p.aggregation;
  const d = REPORT_DEFINITIONS[name];
  if (d.defaultAggregation) return d.defaultAggregation;
  const byRule = customRangeAggregation({ from: parseLocal(p.from)!, to: parseLocal(p.to)! });
  // a report is never read by the minute: a range under an hour is read by quarter hours
  return byRule === 'PT1M' || byRule === 'PT0S' ? 'PT15M' : byRule;
}

/**
 * The rules between fields (the schema checks each field alone): a period ending after it starts,
 * a second selection or a second period for a comparative report, and a size that fits.
 */
export function checkReportParameters(name: ReportName, p: ReportParameters): ParameterProblem | null {
  const from = parseLocal(p.from)!;
  const to = parseLocal(p.to)!;
  if (to <= from) return { field: 'to', message: '"to" must be later than "from"' };
  if ((p.from2 === undefined) !== (p.to2 === undefined))
    return {
      field: p.from2 === undefined ? 'from2' : 'to2',
      message: 'the second period needs from2 and to2',
    };
  if (p.from2 !== undefined && p.to2 !== undefined && parseLocal(p.to2)! <= parseLocal(p.from2)!)
    return { field: 'to2', message: '"to2" must be later than "from2"' };
  const def = REPORT_DEFINITIONS[name];
  if (def.comparative && p.nodeIds2.length === 0 && p.from2 === undefined)
    return {
      field: 'nodeIds2',
      message: 'a comparative report needs a second selection (nodeIds2) or a second period (from2, to2)',
    };
  const aggregation = reportAggregation(name, p);
  if (aggregation === 'PT0S' || aggregation === 'PT1M')
    return { field: 'aggregation', message: 'reports are aggregated by 15 minutes or more' };
  const buckets = bucketCount(from, to, aggregation);
  const rows =
    def.layout === 'node' || def.layout === 'comparativeKpi' ? p.nodeIds.length : buckets * p.nodeIds.length;
  if (buckets > 20_000 || rows > MAX_REPORT_ROWS)
    return {
      field: 'aggregation',
      message: `too many rows (${rows}): choose a larger aggregation, a shorter period or fewer locations`,
    };
  return null;
}
