/**
 * The KPI catalogue (spec section 3, "KPIs and aggregations"): base KPIs are measured series
 * (a measurement protocol), each with the aggregate functions it supports; computed KPIs are in
 * `formulas.ts`.
 */
export const AGGREGATE_FUNCTIONS = ['Sum', 'Avg', 'Max', 'Min', 'First', 'Last'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const KPI_CATEGORIES = ['traffic', 'sales', 'services', 'group'] as const;
export type KpiCategory = (typeof KPI_CATEGORIES)[number];

export interface BaseKpiInfo {
  kpi: string;
  aggregateFunctions: readonly AggregateFunction[];
  category: KpiCategory;
  isPercentage: boolean;
  /** true when values come from the forecast model, not from sensors */
  forecast?: boolean;
}

const sum = ['Sum'] as const;
const base = (
  kpi: string,
  category: KpiCategory,
  aggregateFunctions: readonly AggregateFunction[] = sum,
) => ({
  kpi,
  category,
  aggregateFunctions,
  isPercentage: false,
});

/** Traffic in is ordered before traffic out (spec section 9). */
export const BASE_KPIS: readonly BaseKpiInfo[] = [
  base('TrafficIn', 'traffic'),
  base('TrafficOut', 'traffic'),
  { ...base('ForecastTrafficIn', 'traffic'), forecast: true },
  { ...base('ForecastTrafficOut', 'traffic'), forecast: true },
  base('Occupancy', 'traffic', ['First', 'Last', 'Max']),
  base('PasserBy', 'traffic'),
  base('TrafficInAtBounceLine', 'traffic'),
  base('DwellTime', 'traffic', ['Avg', 'Max']),
  base('Sales', 'sales'),
  base('Transactions', 'sales'),
  base('StaffHours', 'sales'),
  base('ItemsSold', 'sales'),
  base('DeltaConversionRate', 'sales'),
  base('QueueIn', 'services'),
  base('QueuingTime', 'services', ['Avg', 'Max']),
  base('QueueLength', 'services', ['Max']),
  base('QueueAbandonmentTime', 'services'),
  base('QueueAbandonmentCount', 'services'),
  base('GroupIn', 'group'),
  base('GroupOut', 'group'),
  base('GroupMembersIn', 'group'),
  base('GroupMembersOut', 'group'),
  base('ShoppingUnitIn', 'group'),
  base('ShoppingUnitOut', 'group'),
  base('ShoppingUnitMembersIn', 'group'),
  base('ShoppingUnitMembersOut', 'group'),
];

export const BASE_KPI_NAMES: readonly string[] = BASE_KPIS.map((k) => k.kpi);
const byName = new Map(BASE_KPIS.map((k) => [k.kpi, k]));
export const baseKpiInfo = (kpi: string): BaseKpiInfo | undefined => byName.get(kpi);
/** The forecast KPIs and the measured KPI each one predicts. */
export const FORECAST_OF: Readonly<Record<string, string>> = {
  ForecastTrafficIn: 'TrafficIn',
  ForecastTrafficOut: 'TrafficOut',
};
