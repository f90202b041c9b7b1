import { findFormula } from '../kpi/formulas.js';

/*
 * The dashboard constants that need no validation library: the web's first dashboard load imports
 * these without zod (the schemas are in schema.ts).
 */

export const WIDGET_TYPES = [
  'kpiCard',
  'lineChart',
  'barChart',
  'stackedInOut',
  'heatMap',
  'table',
  'occupancyIndicator',
  'ranking',
  'text',
  'image',
] as const;
export type WidgetTypeName = (typeof WIDGET_TYPES)[number];

/** Minimum grid size per widget type (grid units); the others take 1x1. */
export const WIDGET_MIN_SIZE: Partial<Record<WidgetTypeName, { minW: number; minH: number }>> = {
  table: { minW: 130, minH: 27 },
  image: { minW: 4, minH: 4 },
};

/** KPIs the catalogue knows (base and computed); anything else is dropped from a widget. */
export const isKnownKpi = (kpi: string) => findFormula(kpi) !== undefined;

/** The demographic tag flags of the tag filter; each one is a series meta tag of the same name. */
export const DEMOGRAPHIC_TAGS = ['adults', 'children', 'males', 'females'] as const;
/** The KPIs counted per person, which sensors may split by demographic meta tags. */
export const DEMOGRAPHIC_KPIS: readonly string[] = ['TrafficIn', 'TrafficOut'];
