/* The chart types the widgets draw: a step of their own in loading ECharts (see chart.tsx). */
export { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
