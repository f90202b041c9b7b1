import { Widget, WIDGET_MIN_SIZE, MAX_DASHBOARD_COLUMNS, type WidgetTypeName } from '@footfall/domain';

/** Default KPIs and grid size of a new widget of each type (grid: 500 columns, 10 px rows). */
const DEFAULTS: Record<WidgetTypeName, { kpis: string[]; w: number; h: number }> = {
  kpiCard: { kpis: ['TrafficIn'], w: 125, h: 16 },
  lineChart: { kpis: ['TrafficIn', 'TrafficOut'], w: 250, h: 32 },
  barChart: { kpis: ['TrafficIn'], w: 250, h: 32 },
  stackedInOut: { kpis: ['TrafficIn', 'TrafficOut'], w: 250, h: 32 },
  heatMap: { kpis: ['TrafficIn'], w: 250, h: 32 },
  table: { kpis: ['TrafficIn', 'TrafficOut'], w: 200, h: 36 },
  occupancyIndicator: { kpis: ['Occupancy'], w: 166, h: 32 },
  ranking: { kpis: ['TrafficIn'], w: 166, h: 32 },
  text: { kpis: [], w: 125, h: 12 },
  image: { kpis: [], w: 125, h: 20 },
};

/** A new widget placed below the others, normalised by the domain schema (minimums, defaults). */
export function newWidget(type: WidgetTypeName, existing: readonly Widget[], id: string): Widget {
  const d = DEFAULTS[type];
  const min = WIDGET_MIN_SIZE[type] ?? { minW: 1, minH: 1 };
  const bottom = existing.reduce((m, w) => Math.max(m, w.layout.y + w.layout.h), 0);
  return Widget.parse({
    layout: {
      i: id,
      x: 0,
      y: bottom,
      w: Math.min(MAX_DASHBOARD_COLUMNS, Math.max(d.w, min.minW)),
      h: Math.max(d.h, min.minH),
      ...min,
    },
    type: { name: type, vueComponent: type },
    kpis: d.kpis,
  });
}
