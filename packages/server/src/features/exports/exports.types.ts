import type { AggregatedSeries, ReportDocument, ReportRow, ReportSection, Widget } from '@footfall/domain';

/** One widget of a dashboard snapshot with its series, as the caller queried them. */
export interface SnapshotWidget {
  widget: Widget;
  /** the widget's series (null: nothing asked, or the query failed) */
  series: AggregatedSeries[] | null;
}

/** What a caller hands the exports feature to draw a dashboard snapshot (words already translated). */
export interface SnapshotDocument {
  title: string;
  /** "Period: 2024-12-02 00:00 - 2024-12-03 00:00", already in the sender's language */
  periodLine: string;
  locationsLine: string;
  widgets: readonly SnapshotWidget[];
  /** the web app's words (kpi_*, weekday_short_*, mode_n1, ...) in the sender's language */
  t: (key: string) => string;
  /** words of the PDF itself */
  texts: {
    noSelection: string;
    moreRows: (n: number) => string;
    generated: string;
    /** the note of a widget whose locations sent incomplete data: n of m, their names */
    incomplete: (n: number, m: number, names: string[]) => string;
  };
  nodeName: (id: string) => string;
}

/** One cell of an exported table: text, a number, a date (written as UTC) or empty. */
export type TableValue = string | number | Date | null | undefined;

/** A table to write as CSV or XLSX (a report's rows, words already translated). */
export interface TableDocument {
  /** the worksheet's name (31 characters at most in XLSX) */
  sheetName: string;
  columns: readonly { title: string; width?: number; kind?: 'text' | 'number' | 'date' }[];
  rows: readonly (readonly TableValue[])[];
}

/**
 * A report section whose rows may arrive while the file is written: an array (a report kept for the
 * screen) or chunks read part after part (a cold export: only one part is held at a time). With
 * chunks, `rowCount` must be the number of rows they yield (the PDF numbers its pages with it).
 */
export type ReportRowSource = readonly ReportRow[] | AsyncIterable<readonly ReportRow[]>;
export type StreamedReportSection = Omit<ReportSection, 'rows'> & { rows: ReportRowSource };
/** A report to write as a file: a computed report, or one whose rows are streamed. */
export type ReportSource = Omit<ReportDocument, 'sections'> & { sections: StreamedReportSection[] };

/** The rows of a source in chunks (an array is one chunk). */
export async function* rowChunks(rows: ReportRowSource): AsyncGenerator<readonly ReportRow[]> {
  if (Array.isArray(rows)) {
    yield rows as readonly ReportRow[];
    return;
  }
  yield* rows as AsyncIterable<readonly ReportRow[]>;
}
