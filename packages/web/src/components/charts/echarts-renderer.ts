/* The canvas renderer (with most of zrender, the drawing library): the first step in loading ECharts (see chart.tsx). */
export { CanvasRenderer } from 'echarts/renderers';
