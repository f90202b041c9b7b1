/* The components the widgets' charts use: a step of their own in loading ECharts (see chart.tsx). */
export {
  GridComponent,
  LegendPlainComponent,
  MarkAreaComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
