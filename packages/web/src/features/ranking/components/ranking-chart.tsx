import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { formatAxisNumber, formatKpiValue, type RankingResponse } from '@footfall/domain';
import { Chart } from '../../../components/charts/chart';
import { brand } from '../../../theme/theme';

/** Horizontal bars, best first, the user's own location in teal. */
export function RankingChart({ data, label }: { data: RankingResponse; label: string }) {
  const theme = useTheme();
  const rows = data.rows;
  const option = useMemo(() => {
    // ECharts draws the first category at the bottom: reverse so that rank 1 is on top
    const shown = [...rows].reverse();
    return {
      animation: false,
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: number) => formatKpiValue(data.kpi, v),
      },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatAxisNumber(v) } },
      yAxis: {
        type: 'category',
        data: shown.map((r) => r.name),
        axisLabel: { width: 140, overflow: 'truncate', color: theme.palette.text.primary },
      },
      series: [
        {
          type: 'bar',
          data: shown.map((r) => ({
            value: r.value,
            itemStyle: { color: r.own ? brand.tealText : theme.palette.primary.main },
          })),
          label: {
            show: true,
            position: 'right',
            color: theme.palette.text.primary,
            formatter: (p: { value: number | null }) => formatKpiValue(data.kpi, p.value),
          },
          barMaxWidth: 24,
        },
      ],
    };
  }, [rows, data.kpi, theme]);
  return (
    <Box sx={{ height: Math.max(180, rows.length * 32 + 40) }} data-testid="ranking-chart">
      <Chart option={option} label={label} />
    </Box>
  );
}
