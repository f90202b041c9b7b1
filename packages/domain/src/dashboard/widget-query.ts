import { FORECAST_OF, findFormula } from '../kpi/index.js';
import { formatLocal, parseLocal, type LocalMinute } from '../time/index.js';
import { resolvePeriod, type Aggregation, type Mode, type ResolvedPeriod } from '../periods/index.js';
import type { AggregatedQueryInput } from '../contracts/query.js';
import { DEMOGRAPHIC_KPIS, DEMOGRAPHIC_TAGS } from './constants.js';
import type { DashboardJson, Widget } from './schema.js';

/** The dashboard's selected period, resolved at `now`; an invalid custom range falls back to today. */
export function resolveSelected(json: DashboardJson, now: LocalMinute): ResolvedPeriod {
  const p = json.selectedTimePeriod;
  if (p.value === 'custom' && p.dateFrom && p.dateTo) {
    const from = parseLocal(p.dateFrom.length === 10 ? `${p.dateFrom} 00:00` : p.dateFrom);
    const to = parseLocal(p.dateTo.length === 10 ? `${p.dateTo} 00:00` : p.dateTo);
    if (from != null && to != null && to > from) return resolvePeriod('custom', now, { from, to });
  }
  return resolvePeriod(p.value === 'custom' ? 'today' : p.value, now);
}

/** Base KPIs carry their first aggregate function (Occupancy: Last); computed ones Sum. */
const functionOf = (kpi: string) => {
  const fns = findFormula(kpi)?.aggregateFunctions ?? ['Sum'];
  if (kpi === 'Occupancy') return 'Last' as const;
  return fns[0] ?? 'Sum';
};

export interface WidgetQueryPlan {
  kpis: string[];
  modes: Mode[];
  aggregation?: Aggregation;
  breakdownByNode: boolean;
}

/** What each widget type asks for: the data it draws and nothing more. */
export function planWidget(widget: Widget, period: ResolvedPeriod): WidgetQueryPlan | null {
  const kpis = widget.kpis;
  switch (widget.type.name) {
    case 'text':
    case 'image':
      return null;
    case 'kpiCard': {
      const forecasts = period.forecast
        ? Object.entries(FORECAST_OF)
            .filter(([, measured]) => kpis.includes(measured))
            .map(([f]) => f)
        : [];
      return {
        kpis: [...kpis, ...forecasts],
        modes: ['current_period', 'compared_last_period', 'compared_last_year'],
        breakdownByNode: false,
      };
    }
    case 'stackedInOut':
      return { kpis: ['TrafficIn', 'TrafficOut'], modes: ['current_period'], breakdownByNode: false };
    case 'heatMap':
      return {
        kpis: kpis.slice(0, 1).length ? kpis.slice(0, 1) : ['TrafficIn'],
        modes: ['current_period'],
        aggregation: 'PT1H',
        breakdownByNode: false,
      };
    case 'occupancyIndicator':
      return { kpis: ['Occupancy'], modes: ['current_period'], breakdownByNode: true };
    case 'ranking':
      return {
        kpis: kpis.slice(0, 1).length ? kpis.slice(0, 1) : ['TrafficIn'],
        modes: ['current_period'],
        breakdownByNode: true,
      };
    default:
      return { kpis, modes: ['current_period'], breakdownByNode: false };
  }
}

/** The body of the aggregated query of one widget, or null when nothing is to be asked. */
export function widgetQueryBody(
  widget: Widget,
  json: DashboardJson,
  period: ResolvedPeriod,
  /** the location ids of the selection, for widgets that list locations */
  locationIds: readonly string[],
): AggregatedQueryInput | null {
  // spec section 4: series with an empty tree selection are cleared and make no request
  if (json.fullTreeViewSelection.length === 0) return null;
  const plan = planWidget(widget, period);
  if (!plan || plan.kpis.length === 0) return null;
  const nodeIds = plan.breakdownByNode && locationIds.length > 0 ? locationIds : json.fullTreeViewSelection;
  // the demographic flags of the tag filter select the series of people counts carrying those meta tags
  const metaTags = DEMOGRAPHIC_TAGS.filter((tag) => json.tags[tag]);
  return {
    nodeIds: nodeIds.slice(0, 500),
    aggregateFunctionsByKpi: plan.kpis.map((kpi) => ({
      kpi,
      aggregateFunctions: [functionOf(kpi)],
      ...(metaTags.length > 0 && DEMOGRAPHIC_KPIS.includes(kpi) ? { metaTags } : {}),
    })),
    from: formatLocal(period.from),
    to: formatLocal(period.to),
    aggregation: plan.aggregation ?? period.aggregation,
    gapFilled: true,
    businessHoursOnly: json.isBusinessHoursOnlyMode,
    applyTimePeriodToEachDay: period.preset === 'custom' && json.applyTimePeriodToEachDay,
    modes: plan.modes,
    breakdownByNode: plan.breakdownByNode,
    // which requested locations had incomplete data: the widget's mark, the snapshot's note
    includeCompleteness: true,
  };
}
