import { lazy, Suspense } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';

const EChart = lazy(() => import('./echart'));

/** A chart whose ECharts code is fetched when the first chart appears, not with the page. */
export function Chart({ option, label }: { option: EChartsCoreOption; label: string }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
          <CircularProgress size={24} />
        </Box>
      }
    >
      <EChart option={option} label={label} />
    </Suspense>
  );
}
