import { ms, percentile, printTable } from './bench-kit.js';
import type { Dataset } from './timeseries-dataset.js';

/** What one scale of the time-series bench measured (one dataset, one database). */
export interface PassResult {
  scale: number;
  rawPoints: number;
  generator: Dataset['generator'] | null;
  questions: {
    label: string;
    long: boolean;
    /** milliseconds of each timed run */
    engine: number[];
    baseline: number[];
    duck: number[] | null;
    sameBaseline: boolean;
    /** null: the DuckDB peer was not run */
    sameDuck: boolean | null;
  }[];
  ingestPointsPerSecond: number;
  dbBytes: number;
  bytesPerPoint: number;
}

const points = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)} k` : String(n);

/**
 * The scales side by side (issue 20): per question the API's p50/p95 at each scale and the p95 ratio of
 * the largest to the smallest (goal: at most 1.5x, and still <= 25 ms), DuckDB's p50 beside it; then
 * ingestion, generator rate, bytes per point and database size.
 */
export function printSideBySide(results: PassResult[]): void {
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const headers = ['question'];
  for (const r of results)
    headers.push(
      `p50 @${points(r.rawPoints)}`,
      `p95 @${points(r.rawPoints)}`,
      `DuckDB p50 @${points(r.rawPoints)}`,
    );
  headers.push('p95 ratio', 'goal (<= 1.5x, <= 25 ms)');
  const rows = first.questions.map((q, i) => {
    const row = [q.label];
    for (const r of results) {
      const m = r.questions[i]!;
      row.push(
        ms(percentile(m.engine, 50)),
        ms(percentile(m.engine, 95)),
        m.duck ? ms(percentile(m.duck, 50)) : '-',
      );
    }
    const p95First = percentile(q.engine, 95);
    const p95Last = percentile(last.questions[i]!.engine, 95);
    const ratio = p95Last / p95First;
    row.push(`${ratio.toFixed(2)}x`, ratio <= 1.5 && p95Last <= 25 ? 'met' : 'MISSED');
    return row;
  });
  console.log(
    `\n  side by side: ${results.map((r) => `scale ${r.scale} (${points(r.rawPoints)} raw points)`).join(' vs ')}`,
  );
  printTable(headers, rows);
  console.log('');
  printTable(
    ['scale', 'raw points', 'ingest points/s (HTTP)', 'generator points/s', 'bytes/point', 'database MB'],
    results.map((r) => [
      String(r.scale),
      r.rawPoints.toLocaleString('en-US'),
      r.ingestPointsPerSecond.toLocaleString('en-US'),
      r.generator ? r.generator.pointsPerSecond.toLocaleString('en-US') : 'reused',
      r.bytesPerPoint.toFixed(1),
      (r.dbBytes / 1_048_576).toFixed(0),
    ]),
  );
}
