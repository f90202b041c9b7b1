/**
 * The figures a rule measured (`Incident.details`, free-form on the wire), as lines to show: known
 * keys get a translated label, numbers are rounded; anything else is shown under its own name.
 */
const LABELS: Record<string, string> = {
  missingMinutes: 'monitoring_detail_missing_minutes',
  expectedMinutes: 'monitoring_detail_expected_minutes',
  in: 'monitoring_detail_in',
  out: 'monitoring_detail_out',
  ratio: 'monitoring_detail_ratio',
  value: 'monitoring_detail_value',
  mean: 'monitoring_detail_mean',
  resets: 'monitoring_detail_resets',
  othersCount: 'monitoring_detail_others_count',
  date: 'monitoring_detail_date',
  aheadMinutes: 'monitoring_detail_ahead_minutes',
  behindMinutes: 'monitoring_detail_behind_minutes',
  lastArrivalAt: 'monitoring_detail_last_arrival',
  lastIntervalAt: 'monitoring_detail_last_interval',
  windowStart: 'monitoring_detail_window_start',
  windowEnd: 'monitoring_detail_window_end',
  points: 'monitoring_detail_points',
};

/** ISO instants ("2026-11-24T06:54:00+00:00") are shown as dates in the reader's language */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export interface DetailItem {
  key: string;
  /** i18n key, or null to show `key` itself */
  label: string | null;
  value: string;
}

function show(v: unknown, instant: (iso: string) => string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && INSTANT.test(v)) return instant(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function incidentDetailItems(
  details: Record<string, unknown>,
  instant: (iso: string) => string,
): DetailItem[] {
  return Object.entries(details).flatMap(([key, v]) => {
    const value = show(v, instant);
    return value === null ? [] : [{ key, label: LABELS[key] ?? null, value }];
  });
}
