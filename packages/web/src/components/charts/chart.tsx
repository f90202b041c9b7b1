import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { afterNextPaint, inTurns } from '../../lib/task-queue';

/**
 * ECharts is evaluated in four tasks (the canvas renderer with most of its drawing library, its core,
 * the chart types, the components), not in one: evaluated at once, its modules blocked a phone's main
 * thread for about 400 ms (4x slower CPU). Each step is its own chunk; what a step shares with a later
 * one runs once, in the first.
 */
const loadEChart = () =>
  inTurns([
    () => import('./echarts-renderer'),
    () => import('echarts/core'),
    () => import('./echarts-charts'),
    () => import('./echarts-components'),
  ]).then(() => import('./echart'));
const EChart = lazy(loadEChart);

/** Widget types drawn with ECharts (see widget-body.tsx). */
export const CHART_WIDGET_TYPES: ReadonlySet<string> = new Set([
  'lineChart',
  'barChart',
  'stackedInOut',
  'heatMap',
]);

/**
 * Starts fetching the ECharts chunk once the dashboard's first screen is painted (a dashboard with
 * chart widgets calls it when it opens), so it downloads while the widgets' series are requested
 * instead of after they arrive, without delaying that first screen (its largest contentful paint).
 */
export function preloadCharts(): void {
  void afterNextPaint()
    .then(loadEChart)
    .catch(() => undefined);
}

/** A chart whose ECharts code is fetched when the first chart appears, not with the page. */
export function Chart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
          <CircularProgress size={24} aria-label={t('loading')} />
        </Box>
      }
    >
      <EChart option={option} label={label} />
    </Suspense>
  );
}
