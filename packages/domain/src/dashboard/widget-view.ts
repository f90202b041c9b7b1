import type { AggregatedSeries } from '../contracts/query.js';
import { FORECAST_OF } from '../kpi/index.js';
import { LIVE_VIEW_DEFAULT_THRESHOLDS } from '../constants.js';
import { findSeries, heatMapOption, kpiChartOption, stackedInOutOption } from './chart-options.js';
import { deltaPercent, orderKpis } from './format.js';
import type { Widget } from './schema.js';

type T = (key: string) => string;

/**
 * What a widget shows, as plain data: the web app's widgets and the snapshot PDF draw the same
 * figures from the same series.
 */

/** The ECharts option of a chart widget (line, bar, stacked in/out, heat map), or null for the others. */
export function widgetChartOption(widget: Widget, series: readonly AggregatedSeries[], t: T) {
  switch (widget.type.name) {
    case 'lineChart':
    case 'barChart':
      return kpiChartOption(
        series,
        widget.kpis,
        widget.rightAxisKpis,
        widget.type.name === 'lineChart' ? 'line' : 'bar',
        t,
      );
    case 'stackedInOut':
      return stackedInOutOption(series, t);
    case 'heatMap': {
      const kpi = widget.kpis[0] ?? 'TrafficIn';
      const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => t(`weekday_short_${d}`));
      return heatMapOption(findSeries(series, kpi), weekdays, kpi);
    }
    default:
      return null;
  }
}

/** the same words, whatever the case and spacing ("Traffic in" and "TRAFFIC IN") */
const sameLabel = (a: string, b: string) =>
  a.trim().toLocaleLowerCase().replace(/\s+/g, ' ') === b.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/**
 * Whether a card names its KPI above the figure: not when the widget shows one KPI and its title
 * already names it (the title row says "Traffic in", the card would repeat "TRAFFIC IN").
 */
export const cardNamesKpi = (title: string | null | undefined, kpiLabel: string, kpiCount: number) =>
  !(kpiCount === 1 && title != null && sameLabel(title, kpiLabel));

/** Each KPI card of a KPI card widget: its value, its changes against N-1 and Y-1, its forecast. */
export function kpiCardFigures(widget: Widget, series: readonly AggregatedSeries[] | null) {
  return orderKpis(widget.kpis).map((kpi) => {
    const current = findSeries(series, kpi)?.summary ?? null;
    const forecastKpi = Object.entries(FORECAST_OF).find(([, m]) => m === kpi)?.[0];
    return {
      kpi,
      current,
      n1: deltaPercent(current, findSeries(series, kpi, 'compared_last_period')?.summary ?? null),
      y1: deltaPercent(current, findSeries(series, kpi, 'compared_last_year')?.summary ?? null),
      forecast: forecastKpi ? (findSeries(series, forecastKpi)?.summary ?? null) : null,
    };
  });
}

/** The ranking widget's KPI and its locations, best first. */
export function rankingRows(widget: Widget, series: readonly AggregatedSeries[] | null) {
  const kpi = widget.kpis[0] ?? 'TrafficIn';
  const rows = [...(findSeries(series, kpi)?.nodes ?? [])].sort(
    (a, b) => (b.summary ?? -Infinity) - (a.summary ?? -Infinity),
  );
  return { kpi, rows, max: Math.max(1, ...rows.map((r) => r.summary ?? 0)) };
}

export type OccupancyStatus = 'critical' | 'warning' | 'ok';
export const occupancyStatus = (v: number | null): OccupancyStatus =>
  (v ?? 0) >= LIVE_VIEW_DEFAULT_THRESHOLDS.alert
    ? 'critical'
    : (v ?? 0) >= LIVE_VIEW_DEFAULT_THRESHOLDS.warning
      ? 'warning'
      : 'ok';

/** The occupancy indicator's locations with their status, those of the statuses the widget shows. */
export function occupancyRows(widget: Widget, series: readonly AggregatedSeries[] | null) {
  const shown = {
    critical: widget.showCriticalOccupancy,
    warning: widget.showWarningOccupancy,
    ok: widget.showOkOccupancy,
  };
  return (findSeries(series, 'Occupancy')?.nodes ?? [])
    .map((n) => ({ ...n, status: occupancyStatus(n.summary) }))
    .filter((n) => shown[n.status]);
}
