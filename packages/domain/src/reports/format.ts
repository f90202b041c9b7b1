import { formatDuration, formatKpiValue } from '../dashboard/format.js';
import type { ReportCell, ReportColumn } from './document.js';

/** Numbers are written in the French locale whatever the language (spec section 9), as dashboards do. */
const integer = new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A report cell as the viewer and the PDF write it (the same function for both): numbers of a KPI as
 * the dashboards write that KPI, other numbers by the column's kind, empty cells as a dash.
 */
export function formatReportCell(
  column: Pick<ReportColumn, 'kind' | 'kpi'>,
  value: ReportCell | undefined,
): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '–';
  switch (column.kind) {
    case 'percent':
      return `${decimal.format(value)} %`;
    case 'duration':
      return formatDuration(value);
    case 'integer':
      return column.kpi ? formatKpiValue(column.kpi, value) : integer.format(Math.round(value) || 0);
    case 'currency':
    case 'decimal':
      return column.kpi ? formatKpiValue(column.kpi, value) : decimal.format(value);
    default:
      return String(value);
  }
}

/** The colour level of a thresholded percent cell (capacity use). */
export function thresholdLevel(
  column: Pick<ReportColumn, 'thresholds'>,
  value: ReportCell | undefined,
): 'ok' | 'warning' | 'critical' | null {
  if (!column.thresholds || typeof value !== 'number') return null;
  if (value >= column.thresholds.critical) return 'critical';
  if (value >= column.thresholds.warning) return 'warning';
  return 'ok';
}
