import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { formatAxisNumber, formatKpiValue, type ReportChartData } from '@footfall/domain';
import { Chart } from '../../../components/charts/chart';
import { brand } from '../../../theme/theme';

/** A report's chart over the buckets of the whole selection (the same series as its totals). */
export function ReportChart({ chart, label }: { chart: ReportChartData; label: string }) {
  const theme = useTheme();
  const option = useMemo(
    () => ({
      animation: false,
      color: [theme.palette.primary.main, brand.tealText, '#7c3aed', '#ea580c'],
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, textStyle: { color: theme.palette.text.primary } },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: chart.categories, axisLabel: { color: theme.palette.text.secondary } },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => formatAxisNumber(v), color: theme.palette.text.secondary },
      },
      series: chart.series.map((s) => ({
        name: s.name,
        type: chart.type,
        data: s.data,
        showSymbol: chart.categories.length <= 40,
        barMaxWidth: 28,
        tooltip: {
          valueFormatter: (v: number | null) => (s.kpi ? formatKpiValue(s.kpi, v) : formatAxisNumber(v ?? 0)),
        },
      })),
    }),
    [chart, theme],
  );
  return (
    <Box sx={{ height: 280 }} data-testid="report-chart">
      <Chart option={option} label={label} />
    </Box>
  );
}
