import { z } from 'zod';
import { DEFAULT_DASHBOARD_SIZE, DEFAULT_REFRESH_RATE_MINUTES, MAX_DASHBOARD_COLUMNS } from '../constants.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { DEFAULT_PERIOD_PRESET, PERIOD_PRESETS } from '../periods/presets.js';
import { isKnownKpi, WIDGET_MIN_SIZE, WIDGET_TYPES } from './constants.js';
import { USER_REPORTS } from '../contracts/users.js';

/**
 * The dashboard `json` of spec section 3: what the server stores and validates and what the web
 * grid renders. Parsing normalises it: unknown KPIs are dropped, minimum widget sizes are raised to
 * the widget type's minimum (table 130x27, image 4x4) and defaults are filled in.
 */

const knownKpis = z
  .array(z.string().max(100))
  .max(50)
  .transform((list) => list.filter(isKnownKpi));

const gridInt = z.number().int().min(0).max(100_000);
export const WidgetLayout = z
  .object({
    i: z.string().min(1).max(100),
    x: gridInt.max(MAX_DASHBOARD_COLUMNS - 1),
    y: gridInt,
    w: z.number().int().min(1).max(MAX_DASHBOARD_COLUMNS),
    h: z.number().int().min(1).max(100_000),
    minW: z.number().int().min(1).max(MAX_DASHBOARD_COLUMNS).default(1),
    minH: z.number().int().min(1).max(100_000).default(1),
  })
  .refine((l) => l.x + l.w <= MAX_DASHBOARD_COLUMNS, {
    message: `x + w must not exceed ${MAX_DASHBOARD_COLUMNS} columns`,
    path: ['w'],
  });
export type WidgetLayout = z.infer<typeof WidgetLayout>;

export const Widget = z
  .object({
    layout: WidgetLayout,
    size: z
      .object({ wpx: z.number().int().min(1).max(20_000), hpx: z.number().int().min(1).max(20_000) })
      .default({ ...DEFAULT_DASHBOARD_SIZE }),
    type: z.object({ name: z.enum(WIDGET_TYPES), vueComponent: z.string().max(100) }),
    title: z.string().max(200).optional(),
    kpis: knownKpis.default([]),
    extras: z
      .object({
        /** rows per page of a table widget */
        pagination: z.number().int().min(1).max(1000).default(10),
        text: z.string().max(20_000).optional(),
        imageUrl: z.string().max(2000).optional(),
      })
      .default({ pagination: 10 }),
    includeWeatherIcons: z.boolean().default(false),
    rightAxisKpis: knownKpis.default([]),
    occupancyIndicatorGridMode: z.boolean().default(false),
    showCriticalOccupancy: z.boolean().default(true),
    showWarningOccupancy: z.boolean().default(true),
    showOkOccupancy: z.boolean().default(true),
  })
  .transform((w) => {
    const min = WIDGET_MIN_SIZE[w.type.name];
    if (!min) return w;
    const minW = Math.max(w.layout.minW, min.minW);
    const minH = Math.max(w.layout.minH, min.minH);
    const width = Math.min(Math.max(w.layout.w, minW), MAX_DASHBOARD_COLUMNS);
    return {
      ...w,
      layout: {
        ...w.layout,
        minW,
        minH,
        w: width,
        h: Math.max(w.layout.h, minH),
        x: Math.min(w.layout.x, MAX_DASHBOARD_COLUMNS - width),
      },
    };
  });
export type Widget = z.infer<typeof Widget>;
export type WidgetInput = z.input<typeof Widget>;

/** Time period of spec section 3; a preset resolves against the clock, custom carries its range. */
export const SelectedTimePeriod = z.object({
  value: z.enum(PERIOD_PRESETS),
  title: z.string().max(200).optional(),
  group: z.string().max(100).optional(),
  groupOrder: z.number().int().optional(),
  /** YYYY-MM-DD HH:mm, custom periods only */
  dateFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/)
    .optional(),
  dateTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/)
    .optional(),
  aggregation: z.enum(AGGREGATIONS).optional(),
  previousPeriod: z.boolean().optional(),
});
export type SelectedTimePeriod = z.infer<typeof SelectedTimePeriod>;

export const DashboardTags = z.object({
  locationGroup: z.array(z.string().max(200)).max(200).default([]),
  adults: z.boolean().default(false),
  children: z.boolean().default(false),
  males: z.boolean().default(false),
  females: z.boolean().default(false),
});

export const SavedReport = z.object({
  name: z.enum(USER_REPORTS),
  nodeIds2: z.array(z.uuid()).max(500).default([]),
  period2: z
    .object({
      selectedTimePeriod: SelectedTimePeriod,
      isBusinessHoursOnlyMode: z.boolean().default(true),
      applyTimePeriodToEachDay: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  aggregation: z.enum(AGGREGATIONS).nullable().default(null),
  includeDays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
});
export type SavedReport = z.infer<typeof SavedReport>;

export const DashboardJson = z.object({
  widgets: z.array(Widget).max(200).default([]),
  selectedTimePeriod: SelectedTimePeriod.default({ value: DEFAULT_PERIOD_PRESET }),
  fullTreeViewSelection: z.array(z.uuid()).max(10_000).default([]),
  tags: DashboardTags.default({
    locationGroup: [],
    adults: false,
    children: false,
    males: false,
    females: false,
  }),
  refreshRate: z.number().int().min(1).max(1440).default(DEFAULT_REFRESH_RATE_MINUTES),
  isBusinessHoursOnlyMode: z.boolean().default(true),
  applyTimePeriodToEachDay: z.boolean().default(false),
  /**
   * A saved report configuration (a view of kind "report", issue 14): the report and the parameters
   * the selection and period above do not hold. Absent on dashboards.
   */
  report: SavedReport.optional(),
});
export type DashboardJson = z.infer<typeof DashboardJson>;
export type DashboardJsonInput = z.input<typeof DashboardJson>;

/** An empty dashboard with every default: what "create" stores without a template. */
export const emptyDashboardJson = (): DashboardJson => DashboardJson.parse({});

export type DashboardJsonCheck =
  { ok: true; value: DashboardJson } | { ok: false; field: string; message: string };

/**
 * Parses the stored text form (`json` is a string in the API). The failing field is named with its
 * path under `json`, e.g. `json.widgets.0.layout.w`.
 */
export function parseDashboardJson(text: string): DashboardJsonCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, field: 'json', message: 'json is not valid JSON' };
  }
  const r = DashboardJson.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const field = ['json', ...(issue?.path ?? []).map(String)].join('.');
  return { ok: false, field, message: `${field}: ${issue?.message ?? 'invalid'}` };
}
