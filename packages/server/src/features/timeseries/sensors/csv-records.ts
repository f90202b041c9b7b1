import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../platform/http/errors.js';

/** One CSV record of a device file and the line of the file it ends on (1 = the first line). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * A device's CSV file (exports, report pushes) as trimmed records, empty lines skipped, with their
 * line numbers for the 400s; a byte-order mark is dropped. Unreadable CSV (an unclosed quote...)
 * answers 400 naming `csv.line.<n>` where the reader stopped.
 */
export function csvRecords(text: string): CsvRecord[] {
  try {
    const rows = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return rows.map((r) => ({ cells: r.record, line: r.info.lines }));
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    const field = line ? `csv.line.${line}` : 'csv';
    throw badRequest(`${field}: unreadable CSV (${(e as Error).message})`, field);
  }
}
