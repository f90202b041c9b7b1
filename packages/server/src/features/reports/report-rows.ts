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

/**
 * The rows of `parts` in order, each part's answer asked of `answerOf` while the parts before it
 * are written: while a part is written, the `ahead` (1 or more) parts after it are asked; none
 * asked before the reader wants the rows, none kept once its rows are yielded.
 */
export async function* partRows<P, A>(
  parts: readonly P[],
  answerOf: (part: P) => Promise<A>,
  rowsOf: (part: P, answer: A) => ReportRow[],
  ahead: number,
): AsyncGenerator<ReportRow[]> {
  const asked: Promise<A>[] = [];
  const ask = (i: number) => {
    if (i >= parts.length) return;
    const answer = answerOf(parts[i]!);
    // a failure is thrown when its part is reached, not as an unhandled rejection before
    answer.catch(() => {});
    asked.push(answer);
  };
  if (!(ahead >= 1)) throw new Error('partRows: ahead must be 1 or more');
  for (let i = 0; i < ahead; i++) ask(i);
  for (let i = 0; i < parts.length; i++) {
    const answer = await asked.shift()!;
    ask(i + ahead);
    yield rowsOf(parts[i]!, answer);
  }
}
