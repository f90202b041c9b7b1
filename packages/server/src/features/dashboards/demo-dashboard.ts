import { DashboardJson, type WidgetInput } from '@footfall/domain';

/**
 * The demo organisation's default dashboard: ten widgets on the 500-column grid, a text banner, three
 * KPI cards, traffic in/out by hour, stacked in/out, the hourly x weekday heat map, the ranking of
 * locations, the occupancy indicator and a table, over the locations the user may see.
 */
export function demoDashboardJson(locationIds: string[]): DashboardJson {
  let n = 0;
  const w = (
    name: WidgetInput['type']['name'],
    vueComponent: string,
    layout: { x: number; y: number; w: number; h: number },
    rest: Partial<WidgetInput> = {},
  ): WidgetInput => ({ layout: { i: `w${n++}`, ...layout }, type: { name, vueComponent }, ...rest });
  return DashboardJson.parse({
    selectedTimePeriod: { value: 'last7d' },
    fullTreeViewSelection: locationIds,
    isBusinessHoursOnlyMode: true,
    widgets: [
      w(
        'text',
        'TextWidget',
        { x: 0, y: 0, w: 500, h: 6 },
        {
          title: 'Welcome',
          extras: {
            pagination: 10,
            text: 'Footfall demo: traffic, conversion and sales of the demo stores.',
          },
        },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 0, y: 6, w: 166, h: 14 },
        { title: 'Traffic in', kpis: ['TrafficIn'] },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 166, y: 6, w: 167, h: 14 },
        {
          title: 'Conversion',
          kpis: ['ConversionRate'],
        },
      ),
      w('kpiCard', 'KpiCardWidget', { x: 333, y: 6, w: 167, h: 14 }, { title: 'Sales', kpis: ['Sales'] }),
      w(
        'lineChart',
        'LineChartWidget',
        { x: 0, y: 20, w: 250, h: 30 },
        {
          title: 'Traffic in and out by hour',
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'stackedInOut',
        'StackedInOutWidget',
        { x: 250, y: 20, w: 250, h: 30 },
        {
          title: 'In / out',
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'heatMap',
        'HeatMapWidget',
        { x: 0, y: 50, w: 250, h: 30 },
        {
          title: 'Busiest hours',
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'ranking',
        'RankingWidget',
        { x: 250, y: 50, w: 250, h: 30 },
        {
          title: 'Ranking of stores',
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'occupancyIndicator',
        'OccupancyIndicatorWidget',
        { x: 0, y: 80, w: 166, h: 27 },
        {
          title: 'Occupancy',
          kpis: ['Occupancy'],
          occupancyIndicatorGridMode: true,
        },
      ),
      w(
        'table',
        'TableWidget',
        { x: 166, y: 80, w: 334, h: 27 },
        {
          title: 'Store figures',
          kpis: ['TrafficIn', 'TrafficOut', 'ConversionRate', 'Sales'],
          extras: { pagination: 10 },
        },
      ),
    ],
  });
}
