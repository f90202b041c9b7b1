import type { EChartsCoreOption } from 'echarts/core';
import type { DayCompleteness, DeviceActivity } from '@footfall/domain';

export interface ActivityLabels {
  in: string;
  out: string;
  gap: string;
}

/**
 * The hour indexes [first, last] each gap covers: the hours whose start lies inside [from, to).
 * Gaps are instants; the chart's axis is the local hours, so the repeated autumn hour stays apart.
 */
export function gapRanges(activity: DeviceActivity): [number, number][] {
  const starts = activity.hours.map((h) => Date.parse(h.start));
  return activity.gaps.flatMap((g) => {
    const from = Date.parse(g.from);
    const to = Date.parse(g.to);
    const inside = starts.flatMap((s, i) => (s >= from && s < to ? [i] : []));
    return inside.length ? [[inside[0]!, inside[inside.length - 1]!] as [number, number]] : [];
  });
}

/** In and out per local hour as bars, the gaps (expected hours without data) shaded. */
export function activityChartOption(activity: DeviceActivity, labels: ActivityLabels): EChartsCoreOption {
  const hours = activity.hours.map((h, i) => `${h.hour}#${i}`);
  const axisLabel = (v: string) => v.split('#')[0]!.slice(5);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 36, bottom: 48 },
    legend: { top: 0, data: [labels.in, labels.out, labels.gap] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (v == null ? '—' : String(v)),
    },
    xAxis: {
      type: 'category',
      data: hours,
      axisLabel: { formatter: axisLabel, hideOverlap: true },
      axisPointer: { label: { formatter: ({ value }: { value: string }) => axisLabel(value) } },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: labels.in,
        type: 'bar',
        data: activity.hours.map((h) => h.in),
        itemStyle: { color: '#1F6FEB' },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(211, 47, 47, 0.14)' },
          data: gapRanges(activity).map(([a, b]) => [{ xAxis: hours[a] }, { xAxis: hours[b] }]),
        },
      },
      {
        name: labels.out,
        type: 'bar',
        data: activity.hours.map((h) => h.out),
        itemStyle: { color: '#14B8A6' },
      },
      // legend entry for the shaded gaps
      { name: labels.gap, type: 'bar', data: [], itemStyle: { color: 'rgba(211, 47, 47, 0.35)' } },
    ],
  };
}

/** The 7-day completeness sparkline: one bar a day, red under 90 %, grey when nothing was expected. */
export function sparklineOption(days: readonly DayCompleteness[]): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 2, bottom: 0 },
    xAxis: { type: 'category', show: false, data: days.map((d) => d.date) },
    yAxis: { type: 'value', show: false, min: 0, max: 1 },
    series: [
      {
        type: 'bar',
        barCategoryGap: '20%',
        data: days.map((d) => ({
          value: d.ratio === null ? 1 : Math.max(d.ratio, 0.04),
          itemStyle: { color: d.ratio === null ? '#CBD5E1' : d.ratio < 0.9 ? '#D32F2F' : '#2E7D32' },
        })),
      },
    ],
  };
}
