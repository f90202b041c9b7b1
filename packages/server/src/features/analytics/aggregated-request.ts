import {
  baseKpiInfo,
  findFormula,
  FORECAST_OF,
  type AggregateFunction,
  type AggregatedQueryBody,
  type ExpandedFormula,
} from '@footfall/domain';
import { badRequest } from '../../platform/http/errors.js';

/**
 * The KPIs an aggregated query asks for, and the base series figures ("needs") they are made of.
 * A base KPI reads its own series; a computed KPI sums its base KPIs and evaluates its formula per
 * bucket and for the summary; a forecast KPI runs the seasonal model on the KPI it forecasts.
 */
export interface Need {
  protocol: string;
  metaTags: string[];
  /** per-series statistics (Min/Max/First/Last) instead of sums and counts */
  stats: boolean;
}

export interface KpiItem {
  kpi: string;
  fn: AggregateFunction;
  metaTags: string[];
  isPercentage: boolean;
  kind: 'base' | 'computed' | 'forecast';
  /** base and forecast: the need read; computed: one per base KPI, by name */
  need: number;
  bases: { kpi: string; need: number }[];
  formula: ExpandedFormula | null;
  /** set for measurementProtocols entries */
  protocol: string | null;
}

export interface RequestedKpis {
  items: KpiItem[];
  needs: Need[];
}

const normaliseTags = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()))].sort();

export function resolveKpis(body: AggregatedQueryBody): RequestedKpis {
  const needs: Need[] = [];
  const needOf = (protocol: string, metaTags: string[], stats: boolean) => {
    const found = needs.findIndex(
      (n) =>
        n.protocol === protocol && n.stats === stats && n.metaTags.join('\u0000') === metaTags.join('\u0000'),
    );
    if (found >= 0) return found;
    needs.push({ protocol, metaTags, stats });
    return needs.length - 1;
  };
  const items: KpiItem[] = [];
  const seen = new Set<string>();
  const push = (item: KpiItem) => {
    const id = `${item.kpi}|${item.fn}|${item.metaTags.join(',')}`;
    if (seen.has(id)) return;
    seen.add(id);
    items.push(item);
  };

  body.aggregateFunctionsByKpi.forEach((req, i) => {
    const formula = findFormula(req.kpi);
    if (!formula) throw badRequest(`Unknown KPI "${req.kpi}"`, `aggregateFunctionsByKpi.${i}.kpi`);
    const metaTags = normaliseTags(req.metaTags);
    for (const fn of req.aggregateFunctions) {
      if (!formula.aggregateFunctions.includes(fn)) {
        throw badRequest(
          `${req.kpi} supports ${formula.aggregateFunctions.join(', ')}, not ${fn}`,
          `aggregateFunctionsByKpi.${i}.aggregateFunctions`,
        );
      }
      const common = {
        kpi: req.kpi,
        fn,
        metaTags,
        isPercentage: formula.isPercentage,
        formula,
        protocol: null,
      };
      const forecastOf = FORECAST_OF[req.kpi];
      if (forecastOf) {
        push({ ...common, kind: 'forecast', need: needOf(forecastOf, metaTags, false), bases: [] });
      } else if (formula.derived) {
        const bases = formula.baseKpis.map((kpi) => ({ kpi, need: needOf(kpi, metaTags, false) }));
        push({ ...common, kind: 'computed', need: -1, bases });
      } else {
        const stats = fn !== 'Sum' && fn !== 'Avg';
        push({ ...common, kind: 'base', need: needOf(formula.baseKpis[0]!, metaTags, stats), bases: [] });
      }
    }
  });

  for (const protocol of body.measurementProtocols) {
    const info = baseKpiInfo(protocol);
    const fn: AggregateFunction = info?.aggregateFunctions[0] ?? 'Sum';
    const stats = fn !== 'Sum' && fn !== 'Avg';
    if (info?.forecast)
      throw badRequest(`${protocol} is a forecast, not a measurement protocol`, 'measurementProtocols');
    push({
      kpi: protocol,
      fn,
      metaTags: [],
      isPercentage: false,
      kind: 'base',
      need: needOf(protocol, [], stats),
      bases: [],
      formula: null,
      protocol,
    });
  }
  if (items.length === 0)
    throw badRequest('Ask for at least one KPI or measurement protocol', 'aggregateFunctionsByKpi');
  return { items, needs };
}
