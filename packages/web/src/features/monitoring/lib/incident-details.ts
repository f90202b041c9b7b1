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
  driftMinutes: 'monitoring_detail_drift_minutes',
  lagMinutes: 'monitoring_detail_lag_minutes',
  futureMinutes: 'monitoring_detail_future_minutes',
  date: 'monitoring_detail_date',
};

export interface DetailItem {
  key: string;
  /** i18n key, or null to show `key` itself */
  label: string | null;
  value: string;
}

function show(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function incidentDetailItems(details: Record<string, unknown>): DetailItem[] {
  return Object.entries(details).flatMap(([key, v]) => {
    const value = show(v);
    return value === null ? [] : [{ key, label: LABELS[key] ?? null, value }];
  });
}
