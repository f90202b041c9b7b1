import { DashboardJson, type WidgetInput } from '@footfall/domain';

/**
 * The demo organisation's default dashboard: ten widgets on the 500-column grid, a text banner, three
 * KPI cards, traffic in/out by hour, stacked in/out, the hourly x weekday heat map, the ranking of
 * locations, the occupancy indicator and a table, over the locations the user may see.
 */
type Lang = 'en' | 'fr' | 'es';
type TextKey =
  | 'name'
  | 'welcome'
  | 'welcomeText'
  | 'trafficIn'
  | 'conversion'
  | 'sales'
  | 'byHour'
  | 'inOut'
  | 'busiest'
  | 'ranking'
  | 'occupancy'
  | 'figures';

/** The demo dashboard's words in the demo accounts' languages (user content, so stored translated). */
const TEXTS: Record<Lang, Record<TextKey, string>> = {
  en: {
    name: 'Store performance',
    welcome: 'Welcome',
    welcomeText: 'Footfall demo: traffic, conversion and sales of the demo stores.',
    trafficIn: 'Traffic in',
    conversion: 'Conversion',
    sales: 'Sales',
    byHour: 'Traffic in and out by hour',
    inOut: 'In / out',
    busiest: 'Busiest hours',
    ranking: 'Ranking of stores',
    occupancy: 'Occupancy',
    figures: 'Store figures',
  },
  fr: {
    name: 'Performance des magasins',
    welcome: 'Bienvenue',
    welcomeText: 'Démo Footfall : fréquentation, conversion et ventes des magasins de démonstration.',
    trafficIn: 'Entrées',
    conversion: 'Conversion',
    sales: 'Ventes',
    byHour: 'Entrées et sorties par heure',
    inOut: 'Entrées / sorties',
    busiest: 'Heures les plus fréquentées',
    ranking: 'Classement des magasins',
    occupancy: 'Occupation',
    figures: 'Chiffres des magasins',
  },
  es: {
    name: 'Rendimiento de las tiendas',
    welcome: 'Bienvenida',
    welcomeText: 'Demo de Footfall: afluencia, conversión y ventas de las tiendas de demostración.',
    trafficIn: 'Entradas',
    conversion: 'Conversión',
    sales: 'Ventas',
    byHour: 'Entradas y salidas por hora',
    inOut: 'Entradas / salidas',
    busiest: 'Horas de más afluencia',
    ranking: 'Clasificación de tiendas',
    occupancy: 'Ocupación',
    figures: 'Cifras de las tiendas',
  },
};

/** The demo dashboard's name in a language (English for anything else). */
export const demoDashboardName = (language: string) => (TEXTS[language as Lang] ?? TEXTS.en).name;

export function demoDashboardJson(locationIds: string[], language = 'en'): DashboardJson {
  const tx = TEXTS[language as Lang] ?? TEXTS.en;
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
          title: tx.welcome,
          extras: {
            pagination: 10,
            text: tx.welcomeText,
          },
        },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 0, y: 6, w: 166, h: 14 },
        { title: tx.trafficIn, kpis: ['TrafficIn'] },
      ),
      w(
        'kpiCard',
        'KpiCardWidget',
        { x: 166, y: 6, w: 167, h: 14 },
        {
          title: tx.conversion,
          kpis: ['ConversionRate'],
        },
      ),
      w('kpiCard', 'KpiCardWidget', { x: 333, y: 6, w: 167, h: 14 }, { title: tx.sales, kpis: ['Sales'] }),
      w(
        'lineChart',
        'LineChartWidget',
        { x: 0, y: 20, w: 250, h: 30 },
        {
          title: tx.byHour,
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'stackedInOut',
        'StackedInOutWidget',
        { x: 250, y: 20, w: 250, h: 30 },
        {
          title: tx.inOut,
          kpis: ['TrafficIn', 'TrafficOut'],
        },
      ),
      w(
        'heatMap',
        'HeatMapWidget',
        { x: 0, y: 50, w: 250, h: 30 },
        {
          title: tx.busiest,
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'ranking',
        'RankingWidget',
        { x: 250, y: 50, w: 250, h: 30 },
        {
          title: tx.ranking,
          kpis: ['TrafficIn'],
        },
      ),
      w(
        'occupancyIndicator',
        'OccupancyIndicatorWidget',
        { x: 0, y: 80, w: 166, h: 27 },
        {
          title: tx.occupancy,
          kpis: ['Occupancy'],
          occupancyIndicatorGridMode: true,
        },
      ),
      w(
        'table',
        'TableWidget',
        { x: 166, y: 80, w: 334, h: 27 },
        {
          title: tx.figures,
          kpis: ['TrafficIn', 'TrafficOut', 'ConversionRate', 'Sales'],
          extras: { pagination: 10 },
        },
      ),
    ],
  });
}
