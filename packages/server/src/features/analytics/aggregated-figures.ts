import {
  evaluateFormula,
  formatLocal,
  round2,
  seasonalForecast,
  trendFactor,
  type AggregatedQueryBody,
  type Aggregation,
  type DataPoint,
  type LocalMinute,
} from '@footfall/domain';
import { valueOf, type Accumulator } from './aggregated-accumulator.js';
import type { KpiItem } from './aggregated-request.js';
import type { ForecastPlan, ModePlan } from './aggregated-modes.js';
import { groupOf, type RequestedNode } from './aggregated-sources.js';

/** Everything a query has read and planned, from which each KPI's figures are taken. */
export interface Prepared {
  body: AggregatedQueryBody;
  aggregation: Aggregation;
  items: KpiItem[];
  nodes: RequestedNode[];
  modes: ModePlan[];
  forecasts: Map<ModePlan, ForecastPlan>;
  acc: Accumulator;
  now: LocalMinute;
  maxIntervalSeconds: number;
  /** minute buckets asked past raw retention, answered by 15-minute buckets from the rollups */
  lowered: boolean;
}

export interface Figures {
  summary: number | null;
  data: DataPoint[];
  lastObservation: string | null;
}

/** Values of one KPI item in one mode for a set of requested nodes added together. */
export function figuresFor(
  p: Prepared,
  item: KpiItem,
  plan: ModePlan,
  nodes: readonly number[],
  /** false: the buckets only (`summary` null) */
  withSummary = true,
): Figures {
  // the groups of a need, found once per call (a year of days reads figures for every bucket)
  const byNeed = new Map<number, number[]>();
  const groups = (need: number) => {
    let g = byNeed.get(need);
    if (g === undefined) byNeed.set(need, (g = nodes.map((n) => groupOf(need, n))));
    return g;
  };
  const read = (cells: readonly number[]): number | null => {
    if (item.kind === 'base') return valueOf(item.fn, p.acc.figures(groups(item.need), cells));
    const values: Record<string, number | null> = {};
    let any = false;
    for (const b of item.bases) {
      const v = valueOf('Sum', p.acc.figures(groups(b.need), cells));
      values[b.kpi] = v;
      any ||= v !== null;
    }
    return any ? evaluateFormula(item.formula!, values) : null;
  };
  const isFuture = (from: LocalMinute) => from > p.now;
  const data: DataPoint[] = [];
  let lastObservation: string | null = null;

  if (item.kind === 'forecast') {
    const forecast = p.forecasts.get(plan)!;
    const daySum = (day: number) =>
      valueOf('Sum', p.acc.figures(groups(item.need), [forecast.dayCells.get(day)!])) ?? 0;
    const trends = new Map<number, number>();
    let summary: number | null = null;
    plan.rows.forEach((row, i) => {
      const days = forecast.rows[i]!.days;
      let value: number | null = null;
      if (days) {
        value = 0;
        for (const d of days) {
          let trend = trends.get(d.origin);
          if (trend === undefined) trends.set(d.origin, (trend = trendFactor(daySum, d.origin)));
          const history = d.history.map((c) => valueOf('Sum', p.acc.figures(groups(item.need), [c])) ?? 0);
          value += seasonalForecast(history, trend);
        }
        value = round2(value);
        summary = round2((summary ?? 0) + value);
      }
      data.push(point(plan, row.key, row.range?.from ?? null, value));
    });
    return { summary, data, lastObservation };
  }

  // one node's base KPI (each bucket of a broken-down answer): its cells read straight, no array a read
  const single = item.kind === 'base' && nodes.length === 1 ? groups(item.need)[0]! : null;
  for (const row of plan.rows) {
    let value: number | null = null;
    if (row.range && row.cell !== null && !isFuture(row.range.from)) {
      const v = single !== null ? valueOf(item.fn, p.acc.cell(single, row.cell)) : read([row.cell]);
      if (v !== null) lastObservation = keyText(row.key);
      else if (!p.body.gapFilled) continue;
      value = v ?? 0;
    }
    data.push(point(plan, row.key, row.range?.from ?? null, value));
  }
  if (!withSummary) return { summary: null, data, lastObservation };
  const total = read(plan.cells);
  const summary = total ?? (isFuture(plan.range.from) ? null : 0);
  return { summary, data, lastObservation };
}

/**
 * formatLocal, remembered: every KPI and mode of a query repeats the same bucket keys (a year of days
 * with comparisons formats thousands of keys; formatting took a tenth of such a query's time).
 */
const keyTexts = new Map<LocalMinute, string>();
function keyText(lm: LocalMinute): string {
  let text = keyTexts.get(lm);
  if (text === undefined) {
    if (keyTexts.size >= 100_000) keyTexts.clear();
    keyTexts.set(lm, (text = formatLocal(lm)));
  }
  return text;
}

function point(
  plan: ModePlan,
  key: LocalMinute,
  ownFrom: LocalMinute | null,
  value: number | null,
): DataPoint {
  return plan.mode === 'current_period' || ownFrom === null
    ? { key: keyText(key), value }
    : { key: keyText(key), value, comparedKey: keyText(ownFrom) };
}
