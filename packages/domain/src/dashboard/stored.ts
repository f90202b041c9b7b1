import { DEFAULT_REFRESH_RATE_MINUTES } from '../constants.js';
import { DEFAULT_PERIOD_PRESET } from '../periods/presets.js';
import type { DashboardJson } from './schema.js';

/*
 * Reading a dashboard json as the API sends it, without the validation library: the server
 * normalises every dashboard by its schema (schema.ts) when it stores it and again when it sends it,
 * so the web's first dashboard load needs no zod. Editing still validates with the schema.
 */

/** The empty dashboard with every default: what `DashboardJson.parse({})` gives (a test keeps them equal). */
export const emptyStoredDashboardJson = (): DashboardJson => ({
  widgets: [],
  selectedTimePeriod: { value: DEFAULT_PERIOD_PRESET },
  fullTreeViewSelection: [],
  tags: { locationGroup: [], adults: false, children: false, males: false, females: false },
  refreshRate: DEFAULT_REFRESH_RATE_MINUTES,
  isBusinessHoursOnlyMode: true,
  applyTimePeriodToEachDay: false,
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The dashboard of a server-normalised json text, or null when the text is not JSON or not shaped
 * like a normalised dashboard (every field present with its type, every widget with its layout, type
 * and KPI list).
 */
export function readStoredDashboardJson(text: string): DashboardJson | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const shaped =
    Array.isArray(raw.widgets) &&
    raw.widgets.every(
      (w) =>
        isRecord(w) &&
        isRecord(w.layout) &&
        isRecord(w.type) &&
        typeof w.type.name === 'string' &&
        Array.isArray(w.kpis),
    ) &&
    isRecord(raw.selectedTimePeriod) &&
    typeof raw.selectedTimePeriod.value === 'string' &&
    Array.isArray(raw.fullTreeViewSelection) &&
    isRecord(raw.tags) &&
    Array.isArray(raw.tags.locationGroup) &&
    typeof raw.refreshRate === 'number' &&
    typeof raw.isBusinessHoursOnlyMode === 'boolean' &&
    typeof raw.applyTimePeriodToEachDay === 'boolean';
  return shaped ? (raw as DashboardJson) : null;
}
