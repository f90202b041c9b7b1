import { DashboardJson, type WidgetInput } from '@footfall/domain';
import { textsIn } from '../../platform/i18n/texts.js';

/**
 * The demo organisation's default dashboard: ten widgets on the 500-column grid, a text banner, three
 * KPI cards, traffic in/out by hour, stacked in/out, the hourly x weekday heat map, the ranking of
 * locations, the occupancy indicator and a table, over the locations the user may see.
 */

/** The demo dashboard's name in a language (English for anything else). */
export const demoDashboardName = (language: string) => textsIn(language)('demo_dashboard_name');

export function demoDashboardJson(locationIds: string[], language = 'en'): DashboardJson {
  const t = textsIn(language);
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
          title: t('demo_dashboard_welcome'),
          extras: {
            pagination: 10,
            text: t('demo_dashboard_welcome_text'),
          },
        },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 0, y: 6, w: 166, h: 14 },
        { title: t('demo_dashboard_traffic_in'), kpis: ['TrafficIn'] },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 166, y: 6, w: 167, h: 14 },
        {
          title: t('demo_dashboard_conversion'),
          kpis: ['ConversionRate'],
        },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 333, y: 6, w: 167, h: 14 },
        { title: t('demo_dashboard_sales'), kpis: ['Sales'] },
      ),
      w(
        'lineChart',
        'LineChartWidget',
        { x: 0, y: 20, w: 250, h: 30 },
        {
          title: t('demo_dashboard_by_hour'),
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'stackedInOut',
        'StackedInOutWidget',
        { x: 250, y: 20, w: 250, h: 30 },
        {
          title: t('demo_dashboard_in_out'),
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'heatMap',
        'HeatMapWidget',
        { x: 0, y: 50, w: 250, h: 30 },
        {
          title: t('demo_dashboard_busiest'),
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'ranking',
        'RankingWidget',
        { x: 250, y: 50, w: 250, h: 30 },
        {
          title: t('demo_dashboard_ranking'),
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'occupancyIndicator',
        'OccupancyIndicatorWidget',
        { x: 0, y: 80, w: 166, h: 27 },
        {
          title: t('demo_dashboard_occupancy'),
          kpis: ['Occupancy'],
          occupancyIndicatorGridMode: true,
        },
      ),
      w(
        'table',
        'TableWidget',
        { x: 166, y: 80, w: 334, h: 27 },
        {
          title: t('demo_dashboard_figures'),
          kpis: ['TrafficIn', 'TrafficOut', 'ConversionRate', 'Sales'],
          extras: { pagination: 10 },
        },
      ),
    ],
  });
}
