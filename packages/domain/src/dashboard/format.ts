import { findFormula } from '../kpi/index.js';

/** Numbers are formatted in the French locale whatever the language (spec section 9). */
const NUMBER_LOCALE = 'fr-CA';
const integer = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const DURATION_KPIS = new Set(['DwellTime', 'QueuingTime', 'QueueAbandonmentTime']);
const MONEY_KPIS = new Set(['Sales', 'AvgSales', 'SPH']);

export const isPercentageKpi = (kpi: string) => findFormula(kpi)?.isPercentage ?? false;

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
  if (isPercentageKpi(kpi)) return `${percent.format(value)} %`;
  if (DURATION_KPIS.has(kpi)) return formatDuration(value);
  if (MONEY_KPIS.has(kpi)) return decimal.format(value);
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
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
