import {
  formatLocal,
  localMinute,
  parseLocal,
  resolvePeriod,
  type Aggregation,
  type Language,
  type LocalMinute,
  type ReportParametersInput,
} from '@footfall/domain';
import type { PeriodChoice } from '../../../components/period/period-selector';

/** What the viewer's parameters panel holds (spec "nodes1/nodes2", the periods, the options). */
export interface ReportChoice {
  nodeIds: string[];
  /** comparative reports: the second selection (empty: the first one) */
  nodeIds2: string[];
  period: PeriodChoice;
  /** comparative reports: the second period (null: the first one) */
  period2: PeriodChoice | null;
  /** null: the report's own aggregation, or the custom-range rule */
  aggregation: Aggregation | null;
  /** weekdays kept (0 = Sunday); empty keeps every day */
  includeDays: number[];
}

export const REPORT_AGGREGATIONS: readonly Aggregation[] = ['PT15M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P1Y'];

export const firstChoice = (nodeIds: string[]): ReportChoice => ({
  nodeIds,
  nodeIds2: [],
  period: {
    // reports read finished periods: last week by default
    selectedTimePeriod: { value: 'lastweek' },
    isBusinessHoursOnlyMode: true,
    applyTimePeriodToEachDay: false,
  },
  period2: null,
  aggregation: null,
  includeDays: [],
});

/** The browser's wall clock as a local minute (presets resolve against each location's own clock). */
export function nowLocal(date = new Date()): LocalMinute {
  return localMinute(
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  );
}

const parseStored = (s: string | undefined) => (s ? parseLocal(s.length === 10 ? `${s} 00:00` : s) : null);

/** A period choice as local from/to, resolved as dashboards resolve theirs (an invalid custom one: today). */
export function resolveChoicePeriod(choice: PeriodChoice, now: LocalMinute) {
  const p = choice.selectedTimePeriod;
  const from = parseStored(p.dateFrom);
  const to = parseStored(p.dateTo);
  const period =
    p.value === 'custom' && from !== null && to !== null && to > from
      ? resolvePeriod('custom', now, { from, to })
      : resolvePeriod(p.value === 'custom' ? 'today' : p.value, now);
  return { from: formatLocal(period.from), to: formatLocal(period.to), custom: period.preset === 'custom' };
}

/** The API parameters of a choice (null while nothing is selected). */
export function reportParameters(
  choice: ReportChoice,
  language: Language,
  now: LocalMinute,
  comparative: boolean,
): ReportParametersInput | null {
  if (choice.nodeIds.length === 0) return null;
  const p = resolveChoicePeriod(choice.period, now);
  const p2 = comparative && choice.period2 ? resolveChoicePeriod(choice.period2, now) : null;
  const out: ReportParametersInput = {
    nodeIds: choice.nodeIds,
    nodeIds2: comparative ? choice.nodeIds2 : [],
    from: p.from,
    to: p.to,
    businessHoursOnly: choice.period.isBusinessHoursOnlyMode,
    applyTimePeriodToEachDay:
      p.custom && !choice.period.isBusinessHoursOnlyMode && choice.period.applyTimePeriodToEachDay,
    includeDays: choice.includeDays,
    language,
  };
  if (choice.aggregation) out.aggregation = choice.aggregation;
  if (p2) {
    out.from2 = p2.from;
    out.to2 = p2.to;
  }
  // a comparative report needs a second selection or a second period: the same nodes, one period earlier
  return out;
}

/** `/report/{name}/{source}`: parameters passed in the URL as base64url JSON of a ReportChoice. */
export function encodeChoice(choice: ReportChoice): string {
  const bytes = new TextEncoder().encode(JSON.stringify(choice));
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeChoice(source: string): Partial<ReportChoice> | null {
  try {
    const binary = atob(source.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!value || typeof value !== 'object') return null;
    const v = value as Partial<ReportChoice>;
    return {
      ...(Array.isArray(v.nodeIds) ? { nodeIds: v.nodeIds.filter((x) => typeof x === 'string') } : {}),
      ...(Array.isArray(v.nodeIds2) ? { nodeIds2: v.nodeIds2.filter((x) => typeof x === 'string') } : {}),
      ...(v.period && typeof v.period === 'object' ? { period: v.period } : {}),
      ...(v.period2 && typeof v.period2 === 'object' ? { period2: v.period2 } : {}),
      ...(typeof v.aggregation === 'string' ? { aggregation: v.aggregation } : {}),
      ...(Array.isArray(v.includeDays)
        ? { includeDays: v.includeDays.filter((d) => Number.isInteger(d)) }
        : {}),
    };
  } catch {
    return null;
  }
}
