import type { AGGREGATE_FUNCTIONS } from '../kpi/catalogue.js';
import type { Aggregation } from '../periods/ladder.js';
import { USER_REPORTS, type UserReport } from '../contracts/users.js';
import type { Role } from '../roles.js';
import { canOpenReports } from '../policies/areas.js';
import { isSuperAdmin } from '../policies/role-groups.js';

/**
 * The reports of the product (issue 14, spec section 2's report viewers): one definition each, read
 * by the server to compute a report from the aggregated query and to write its files, and by the web
 * viewer to show the parameters it asks for. Column labels are keys of `REPORT_TEXTS` (texts.ts): the
 * server sends them translated, so the screen and the files show the same words and figures.
 */

export const REPORT_NAMES = USER_REPORTS;
export type ReportName = UserReport;
export const isReportName = (v: string): v is ReportName => (REPORT_NAMES as readonly string[]).includes(v);

/** How a column's values are written (XLSX number format, CSV decimals, screen format). */
export const COLUMN_KINDS = [
  'integer',
  'percent',
  'currency',
  'decimal',
  'duration',
  'text',
  'datetime',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** One figure a report asks the aggregated query for. */
export interface ReportMeasure {
  /** column key of the figure ("trafficIn") */
  id: string;
  kpi: string;
  fn: AggregateFunction;
  kind: ColumnKind;
  /** REPORT_TEXTS key of the column label */
  label: string;
  /** adds N-1 and Y-1 columns with their variance in percent */
  comparisons?: boolean;
  /** adds the objective column (pro-rated by the objectives feature) and the achievement in percent */
  objective?: boolean;
}

/**
 * How rows are laid out:
 * - `nodeBucket`: one row per location (or zone) and bucket, the measures as columns;
 * - `horizontal`: one row per location, one column per bucket of the first measure, then its total;
 * - `node`: one row per location with the period's figures (executive);
 * - `comparativeBucket`: two selections or two periods side by side, one row per bucket position;
 * - `comparativeKpi`: two selections or two periods side by side, one row per measure.
 */
export const REPORT_LAYOUTS = [
  'nodeBucket',
  'horizontal',
  'node',
  'comparativeBucket',
  'comparativeKpi',
] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];

/** Extra sections or columns computed from the same answer. */
export type ReportExtra =
  /** per location: max and average occupancy and the time of the peak */
  | 'occupancyPeak'
  /** the peak section with the capacity use (max occupancy / capacity) and its threshold colour */
  | 'capacityUse'
  /** the locations ranked by the first measure */
  | 'rank'
  /** per location: how the buckets' average dwell spreads over duration bands */
  | 'dwellDistribution';

export interface ReportChart {
  type: 'line' | 'bar';
  /** measure ids drawn, over the buckets of the whole selection */
  measures: string[];
}

export interface ReportDefinition {
  name: ReportName;
  /** the new-style route segment (/report/new/<newRoute>), when the report has one */
  newRoute: string | null;
  /** REPORT_TEXTS keys */
  title: string;
  description: string;
  layout: ReportLayout;
  /** two selections or two periods (spec "nodes1/nodes2/groups1/groups2") */
  comparative: boolean;
  measures: readonly ReportMeasure[];
  extras: readonly ReportExtra[];
  charts: readonly ReportChart[];
  /** the aggregation the report proposes (the custom-range rule applies otherwise) */
  defaultAggregation: Aggregation | null;
  /** devices may be chosen and become rows (zones) */
  zones: boolean;
}

/** Capacity use at or above these percentages shows as warning / critical (Loto-Québec report). */
export const CAPACITY_THRESHOLDS = { warning: 75, critical: 90 } as const;
/** Dwell distribution bands in seconds: [0, 60), [60, 300), [300, 900), [900, 1800), [1800, ∞). */
export const DWELL_BANDS = [60, 300, 900, 1800] as const;

const m = (
  id: string,
  kpi: string,
  fn: AggregateFunction,
  kind: ColumnKind,
  extra: Partial<ReportMeasure> = {},
): ReportMeasure => ({ id, kpi, fn, kind, label: `col_${id}`, ...extra });

const trafficIn = (extra: Partial<ReportMeasure> = {}) =>
  m('trafficIn', 'TrafficIn', 'Sum', 'integer', extra);
const trafficOut = (extra: Partial<ReportMeasure> = {}) =>
  m('trafficOut', 'TrafficOut', 'Sum', 'integer', extra);

const EXECUTIVE_MEASURES: readonly ReportMeasure[] = [
  trafficIn({ comparisons: true, objective: true }),
  m('conversionRate', 'ConversionRate', 'Sum', 'percent', { comparisons: true }),
  m('sales', 'Sales', 'Sum', 'currency', { comparisons: true, objective: true }),
  m('avgSales', 'AvgSales', 'Sum', 'currency'),
  m('upt', 'UPT', 'Sum', 'decimal'),
  m('sph', 'SPH', 'Sum', 'currency'),
  m('cpe', 'CPE', 'Sum', 'decimal'),
];

const def = (
  d: Omit<ReportDefinition, 'extras' | 'charts' | 'defaultAggregation' | 'zones'> & Partial<ReportDefinition>,
) => ({ extras: [], charts: [], defaultAggregation: null, zones: false, ...d }) as ReportDefinition;

export const REPORT_DEFINITIONS: Readonly<Record<ReportName, ReportDefinition>> = {
  trafficReport: def({
    name: 'trafficReport',
    newRoute: 'traffic',
    title: 'report_trafficReport',
    description: 'report_trafficReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [trafficIn({ comparisons: true }), trafficOut()],
    charts: [{ type: 'bar', measures: ['trafficIn', 'trafficOut'] }],
    zones: true,
  }),
  trafficHorizontalReport: def({
    name: 'trafficHorizontalReport',
    newRoute: 'traffichorizontal',
    title: 'report_trafficHorizontalReport',
    description: 'report_trafficHorizontalReport_desc',
    layout: 'horizontal',
    comparative: false,
    measures: [trafficIn()],
    charts: [{ type: 'line', measures: ['trafficIn'] }],
    defaultAggregation: 'P1D',
    zones: true,
  }),
  trafficComparativeReport: def({
    name: 'trafficComparativeReport',
    newRoute: 'trafficcomparative',
    title: 'report_trafficComparativeReport',
    description: 'report_trafficComparativeReport_desc',
    layout: 'comparativeBucket',
    comparative: true,
    measures: [trafficIn()],
    charts: [{ type: 'line', measures: ['trafficIn'] }],
  }),
  trafficAndOccupancyReport: def({
    name: 'trafficAndOccupancyReport',
    newRoute: 'trafficandoccupancy',
    title: 'report_trafficAndOccupancyReport',
    description: 'report_trafficAndOccupancyReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [trafficIn(), trafficOut(), m('occupancyMax', 'Occupancy', 'Max', 'integer')],
    extras: ['occupancyPeak'],
    charts: [{ type: 'line', measures: ['trafficIn', 'occupancyMax'] }],
    zones: true,
  }),
  trafficAndOccupancyLotoQuebecReport: def({
    name: 'trafficAndOccupancyLotoQuebecReport',
    newRoute: 'trafficandoccupancylotoquebec',
    title: 'report_trafficAndOccupancyLotoQuebecReport',
    description: 'report_trafficAndOccupancyLotoQuebecReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [trafficIn(), trafficOut(), m('occupancyMax', 'Occupancy', 'Max', 'integer')],
    extras: ['occupancyPeak', 'capacityUse'],
    charts: [{ type: 'line', measures: ['occupancyMax'] }],
    zones: true,
  }),
  executiveReport: def({
    name: 'executiveReport',
    newRoute: 'executive',
    title: 'report_executiveReport',
    description: 'report_executiveReport_desc',
    layout: 'node',
    comparative: false,
    measures: EXECUTIVE_MEASURES,
    extras: ['rank'],
    charts: [{ type: 'bar', measures: ['trafficIn', 'sales'] }],
  }),
  executiveComparativeReport: def({
    name: 'executiveComparativeReport',
    // mixed mode: the executive comparative report stays on the old viewer (spec section 2)
    newRoute: null,
    title: 'report_executiveComparativeReport',
    description: 'report_executiveComparativeReport_desc',
    layout: 'comparativeKpi',
    comparative: true,
    measures: EXECUTIVE_MEASURES.map((x) => ({ ...x, comparisons: false, objective: false })),
  }),
  dwellReport: def({
    name: 'dwellReport',
    newRoute: null,
    title: 'report_dwellReport',
    description: 'report_dwellReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [
      m('dwellAvg', 'DwellTime', 'Avg', 'duration'),
      m('dwellMax', 'DwellTime', 'Max', 'duration'),
      trafficIn(),
    ],
    extras: ['dwellDistribution'],
    charts: [{ type: 'line', measures: ['dwellAvg', 'dwellMax'] }],
    defaultAggregation: 'PT1H',
    zones: true,
  }),
  queueReport: def({
    name: 'queueReport',
    newRoute: null,
    title: 'report_queueReport',
    description: 'report_queueReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [
      m('queueLengthMax', 'QueueLength', 'Max', 'integer'),
      m('queuingTimeAvg', 'QueuingTime', 'Avg', 'duration'),
      m('queueIn', 'QueueIn', 'Sum', 'integer'),
      m('queueAbandonmentCount', 'QueueAbandonmentCount', 'Sum', 'integer'),
      m('queueAbandonmentRate', 'QueueAbandonmentRate', 'Sum', 'percent'),
    ],
    charts: [{ type: 'bar', measures: ['queueIn', 'queueAbandonmentCount'] }],
    zones: true,
  }),
  poiReport: def({
    name: 'poiReport',
    newRoute: null,
    title: 'report_poiReport',
    description: 'report_poiReport_desc',
    layout: 'nodeBucket',
    comparative: false,
    measures: [trafficIn(), m('dwellAvg', 'DwellTime', 'Avg', 'duration')],
    charts: [{ type: 'bar', measures: ['trafficIn'] }],
    defaultAggregation: 'P1D',
    zones: true,
  }),
};

/** The report a new-style route segment (/report/new/<segment>) opens, case-insensitively. */
export function reportOfNewRoute(segment: string): ReportName | null {
  const s = segment.toLowerCase();
  for (const d of Object.values(REPORT_DEFINITIONS)) if (d.newRoute === s) return d.name;
  return null;
}

/** The reports a user may run (spec section 6): a superAdmin all, the others those on their user. */
export function reportsAvailableTo(user: {
  roles: readonly Role[];
  reports: readonly string[];
}): ReportName[] {
  if (!canOpenReports(user)) return [];
  if (isSuperAdmin(user)) return [...REPORT_NAMES];
  return REPORT_NAMES.filter((n) => user.reports.includes(n));
}
