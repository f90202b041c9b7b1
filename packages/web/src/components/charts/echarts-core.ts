import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from './echarts-charts';
import { CanvasRenderer } from './echarts-renderer';
import {
  GridComponent,
  LegendPlainComponent,
  MarkAreaComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from './echarts-components';

/** Only the charts and components the widgets draw: this chunk is loaded on first chart. */
echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  GridComponent,
  LegendPlainComponent,
  MarkAreaComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export { echarts };
