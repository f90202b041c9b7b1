import {
  DEMOGRAPHIC_TAGS,
  formatLocal,
  localMinute,
  resolvePeriod,
  parseLocal,
  type LocalMinute,
  type RankingOrder,
  type RankingQueryInput,
} from '@footfall/domain';
import type { PeriodChoice } from '../../../components/period/period-selector';
import type { Tags } from '../../../components/tree-selector/tree-tags';

/** KPIs offered by the chooser: people counts, sales figures and the ratios between them. */
export const RANKING_KPIS = [
  'TrafficIn',
  'ConversionRate',
  'Sales',
  'Transactions',
  'AvgSales',
  'UPT',
  'SPH',
  'CPE',
  'UnsoldTraffic',
  'PasserBy',
  'CaptureRate',
  'DwellTime',
] as const;

export interface RankingChoice {
  kpi: string;
  period: PeriodChoice;
  /** the tree selection; empty ranks every location of the user's scope */
  nodeIds: string[];
  tags: Tags;
  order: RankingOrder;
}

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

/**
 * The ranking API query of a choice: the period resolved as the dashboards resolve theirs (same
 * presets, same aggregation, an invalid custom range falls back to today), so a ranking and a
 * dashboard of the same period and locations show the same figures.
 */
export function rankingRequest(choice: RankingChoice, now: LocalMinute): RankingQueryInput {
  const p = choice.period.selectedTimePeriod;
  const from = parseStored(p.dateFrom);
  const to = parseStored(p.dateTo);
  const period =
    p.value === 'custom' && from !== null && to !== null && to > from
      ? resolvePeriod('custom', now, { from, to })
      : resolvePeriod(p.value === 'custom' ? 'today' : p.value, now);
  const custom = period.preset === 'custom';
  return {
    kpi: choice.kpi,
    from: formatLocal(period.from),
    to: formatLocal(period.to),
    aggregation: period.aggregation,
    nodeIds: choice.nodeIds,
    locationGroups: choice.tags.locationGroup,
    tags: DEMOGRAPHIC_TAGS.filter((tag) => choice.tags[tag]),
    businessHoursOnly: choice.period.isBusinessHoursOnlyMode,
    applyTimePeriodToEachDay:
      custom && !choice.period.isBusinessHoursOnlyMode && choice.period.applyTimePeriodToEachDay,
    order: choice.order,
  };
}
