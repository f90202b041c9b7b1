import type { AggregatedSeries } from '../contracts/query.js';
import type { Aggregation } from '../periods/index.js';
import { formatAxisNumber, formatKpiValue, orderKpis } from './format.js';

type T = (key: string) => string;

/** The series of one KPI in one mode among a widget's series, or null. */
export const findSeries = (
  series: readonly AggregatedSeries[] | null,
  kpi: string,
  mode = 'current_period',
) => series?.find((s) => s.kpi === kpi && s.mode === mode) ?? null;
/** Axis label of a bucket start "YYYY-MM-DD HH:mm" at the series' aggregation. */
export function bucketLabel(key: string, aggregation: Aggregation, multiDay: boolean): string {
  switch (aggregation) {
    case 'P1Y':
      return key.slice(0, 4);
    case 'P1M':
      return key.slice(0, 7);
    case 'P1D':
    case 'P1W':
      return key.slice(0, 10);
    default:
      return multiDay ? key.slice(5, 16) : key.slice(11, 16);
  }
}

const PALETTE = ['#2563eb', '#f97316', '#10b981', '#a855f7', '#ef4444', '#0ea5e9', '#eab308'];

/** Line or bar chart of several KPIs; rightAxisKpis go on a second axis at the right. */
export function kpiChartOption(
  series: readonly AggregatedSeries[],
  kpis: readonly string[],
  rightAxisKpis: readonly string[],
  kind: 'line' | 'bar',
  t: T,
) {
  const ordered = orderKpis(kpis);
  const first = findSeries(series, ordered[0] ?? '');
  const keys = first?.data.map((d) => d.key) ?? [];
  const multiDay = new Set(keys.map((k) => k.slice(0, 10))).size > 1;
  const labels = keys.map((k) => bucketLabel(k, first?.aggregation ?? 'PT1H', multiDay));
  const hasRight = ordered.some((k) => rightAxisKpis.includes(k));
  return {
    color: PALETTE,
    animation: false,
    grid: { left: 56, right: hasRight ? 56 : 20, top: 36, bottom: 28 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: undefined,
    },
    xAxis: { type: 'category', data: labels, axisTick: { alignWithLabel: true } },
    yAxis: [
      {
        type: 'value',
        splitLine: { lineStyle: { color: '#eef0f4' } },
        axisLabel: { formatter: formatAxisNumber },
      },
      ...(hasRight
        ? [{ type: 'value', splitLine: { show: false }, axisLabel: { formatter: formatAxisNumber } }]
        : []),
    ],
    series: ordered.map((kpi) => {
      const s = findSeries(series, kpi);
      return {
        name: t(`kpi_${kpi}`),
        type: kind,
        smooth: kind === 'line' ? 0.2 : false,
        showSymbol: false,
        yAxisIndex: hasRight && rightAxisKpis.includes(kpi) ? 1 : 0,
        data: (s?.data ?? []).map((d) => d.value),
        tooltip: { valueFormatter: (v: number | null) => formatKpiValue(kpi, v) },
      };
    }),
  };
}

/** Traffic in and out stacked, in before out. */
export function stackedInOutOption(series: readonly AggregatedSeries[], t: T) {
  const base = kpiChartOption(series, ['TrafficIn', 'TrafficOut'], [], 'bar', t);
  return { ...base, series: base.series.map((s) => ({ ...s, stack: 'inout' })) };
}

/** Hourly x weekday heat map: each cell sums the hours of that weekday in the period. */
export function heatMapOption(series: AggregatedSeries | null, weekdays: string[], kpi: string) {
  const cells = new Map<string, number>();
  for (const d of series?.data ?? []) {
    if (d.value == null) continue;
    const day = new Date(`${d.key.slice(0, 10)}T00:00:00Z`).getUTCDay();
    const hour = Number(d.key.slice(11, 13));
    const k = `${hour}:${day}`;
    cells.set(k, (cells.get(k) ?? 0) + d.value);
  }
  const data = [...cells.entries()].map(([k, v]) => {
    const [h, d] = k.split(':').map(Number) as [number, number];
    return [h, d, Math.round(v * 100) / 100];
  });
  const max = Math.max(1, ...data.map((c) => c[2] ?? 0));
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 8, bottom: 76 },
    tooltip: {
      position: 'top',
      formatter: (p: { value: [number, number, number] }) =>
        `${weekdays[p.value[1]] ?? ''} ${String(p.value[0]).padStart(2, '0')}:00 — ${formatKpiValue(kpi, p.value[2])}`,
    },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}h`),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: weekdays, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      itemWidth: 12,
      formatter: (v: number) => formatAxisNumber(v),
      inRange: { color: ['#eff6ff', '#60a5fa', '#1d4ed8'] },
    },
    series: [{ type: 'heatmap', data, emphasis: { itemStyle: { borderColor: '#111' } } }],
  };
}
