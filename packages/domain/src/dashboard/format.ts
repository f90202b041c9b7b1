import { findFormula } from '../kpi/index.js';

/** Numbers are formatted in the French locale whatever the language (spec section 9). */
const NUMBER_LOCALE = 'fr-CA';
const integer = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const DURATION_KPIS = new Set(['DwellTime', 'QueuingTime', 'QueueAbandonmentTime']);
const MONEY_KPIS = new Set(['Sales', 'AvgSales', 'SPH', 'POT', 'VPC']);
/** measured quantities that are not counts of people or things: hours worked, a change of rate */
const MEASURE_KPIS = new Set(['StaffHours', 'DeltaConversionRate']);
/** computed KPIs that count people (traffic minus transactions) */
const COUNT_FORMULAS = new Set(['UnsoldTraffic']);

export const isPercentageKpi = (kpi: string) => findFormula(kpi)?.isPercentage ?? false;

/**
 * What a KPI's values are, which decides how they are written: counts of people and things (visitors,
 * forecasts of visitors, occupancy, transactions, items, queue lengths, groups) are whole numbers;
 * money, rates and ratios (per transaction, per staff hour), and hours keep two decimals.
 */
export type KpiUnit = 'count' | 'money' | 'percent' | 'duration' | 'ratio' | 'measure';

export function kpiUnit(kpi: string): KpiUnit {
  if (isPercentageKpi(kpi)) return 'percent';
  if (DURATION_KPIS.has(kpi)) return 'duration';
  if (MONEY_KPIS.has(kpi)) return 'money';
  if (MEASURE_KPIS.has(kpi)) return 'measure';
  if (COUNT_FORMULAS.has(kpi)) return 'count';
  // the other computed KPIs divide one figure by another
  if (findFormula(kpi)?.expression.includes('/')) return 'ratio';
  return 'count';
}

/** A duration in seconds: under 60 it shows seconds ("42 s"), otherwise minutes and seconds. */
export function formatDuration(seconds: number): string {
  if (Math.abs(seconds) < 60) return `${integer.format(seconds)} s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
  return s === 0 ? `${integer.format(m)} min` : `${integer.format(m)} min ${integer.format(s)} s`;
}

/** One KPI value as shown on cards, tables and tooltips; null shows a dash. */
export function formatKpiValue(kpi: string, value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '–';
  switch (kpiUnit(kpi)) {
    case 'percent':
      return `${percent.format(value)} %`;
    case 'duration':
      return formatDuration(value);
    case 'count':
      // a forecast or an average of visitors is still a number of people
      return integer.format(Math.round(value) || 0); // no "-0"
    default:
      return decimal.format(value);
  }
}

/** Axis ticks: French number format (spec section 9). */
export const formatAxisNumber = (v: number) => decimal.format(v);

/** A change between two values, in percent with 2 decimals, or null when there is no base. */
export function deltaPercent(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}

export const formatDelta = (d: number | null) =>
  d == null ? '–' : `${d > 0 ? '+' : ''}${percent.format(d)} %`;

/** Traffic in is ordered before traffic out (spec section 9); other KPIs keep their order. */
export function orderKpis(kpis: readonly string[]): string[] {
  const rank = (k: string) => (k === 'TrafficIn' ? 0 : k === 'TrafficOut' ? 1 : 2);
  return kpis
    .map((k, i) => ({ k, i }))
    .sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i)
    .map((x) => x.k);
}
