import type { ReportFormat, ReportRow } from '@footfall/domain';

/** Sorts rows by the sort model's columns in turn; empty cells go last whatever the direction. */
export function sortRows(
  rows: readonly ReportRow[],
  sortModel: readonly { colId: string; sort: 'asc' | 'desc' }[],
): ReportRow[] {
  if (sortModel.length === 0) return [...rows];
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    for (const { colId, sort } of sortModel) {
      const x = a[colId] ?? null;
      const y = b[colId] ?? null;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c =
        typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return sort === 'asc' ? c : -c;
    }
    return 0;
  });
}

/** "traffic-report_2024-03-04_2024-03-11.xlsx": the report, its period, the format. */
export function reportFileName(
  r: { reportName: string; from: string; to: string },
  format: ReportFormat,
): string {
  const kebab = r.reportName.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return `${kebab}_${r.from.slice(0, 10)}_${r.to.slice(0, 10)}.${format}`;
}
