import ExcelJS from 'exceljs';
import type { ReportCell } from '@footfall/domain';

/**
 * Data rows written as sheet XML straight into an exceljs streaming worksheet, instead of one exceljs
 * Row (with its cells, models and XML stream) per row: a year of days for 500 locations is 182,500
 * rows, whose exceljs rows cost ~10 µs each plus their garbage (~2.5 s of a cold export's ~6 s CPU).
 * The XML is what exceljs writes for the same cells (`<c r s t="str"><v>`, numbers and dates as
 * numbers, empty cells left out), with the same style ids (exceljs's own `styles.addStyleModel`).
 *
 * This is the only file reading exceljs internals (WorksheetWriter `stream`, `_rowZero`, `_rows`,
 * `startedData`; WorkbookWriter `styles`); `xlsx-rows.test.ts` fails if they change (exceljs is
 * pinned in package-lock.json).
 */

/** The column of a written cell: its kind decides the cell type, its style the `s` attribute. */
export interface XlsxColumn {
  kind: 'text' | 'number' | 'date';
  style: Partial<ExcelJS.Style>;
}

interface WorksheetInternals {
  /** exceljs's StreamBuf: its write resolves once the zip entry it is piped into took the chunk */
  stream: { write(text: string): Promise<void> | undefined };
  _rowZero: number;
  _rows: unknown[];
  startedData: boolean;
}
interface WorkbookInternals {
  styles: { addStyleModel(style: Partial<ExcelJS.Style>, cellType: ExcelJS.ValueType): number };
}

/** Excel's serial day of a date (1900 system, as exceljs's `dateToExcel`). */
const excelDate = (d: Date) => 25569 + d.getTime() / 86_400_000;

const XML_SPECIAL = /["&'<>]/;
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold, dropped as exceljs does
const XML_INVALID = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
};
const xmlText = (text: string) => {
  const clean = text.replace(XML_INVALID, '');
  return XML_SPECIAL.test(clean) ? clean.replace(/["&'<>]/g, (c) => ENTITIES[c]!) : clean;
};

/** "A", "B", ... "AA": the column letters of cell references. */
function columnLetters(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

function internals(book: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet) {
  const s = sheet as unknown as WorksheetInternals;
  const b = book as unknown as WorkbookInternals;
  if (
    typeof s.stream?.write !== 'function' ||
    typeof s._rowZero !== 'number' ||
    !Array.isArray(s._rows) ||
    typeof b.styles?.addStyleModel !== 'function'
  )
    throw new Error('exceljs internals changed: see xlsx-rows.ts');
  return { s, b };
}

/**
 * A writer of data rows after the rows exceljs has committed (the header must be committed: rows
 * are written in order). `write` takes a batch of rows (cell values in column order) and writes
 * them as one string; exceljs's `addRow` may follow for the rows after them (the totals).
 */
export function xlsxRowWriter(
  book: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  columns: readonly XlsxColumn[],
) {
  const { s, b } = internals(book, sheet);
  if (s._rows.length > 0 || !s.startedData)
    throw new Error('xlsxRowWriter: commit the rows above the data first');
  const type = {
    text: ExcelJS.ValueType.String,
    number: ExcelJS.ValueType.Number,
    date: ExcelJS.ValueType.Date,
  };
  const cells = columns.map((c, i) => {
    const id = b.styles.addStyleModel(c.style, type[c.kind]);
    return { letters: columnLetters(i + 1), s: id ? ` s="${id}"` : '', kind: c.kind };
  });
  return {
    /**
     * Writes these rows (a value per column: text, number, Date, or empty); resolves once the zip
     * has taken them (backpressure: XML is written faster than it is deflated).
     */
    async write(rows: readonly (readonly (ReportCell | Date | undefined)[])[]): Promise<void> {
      let xml = '';
      for (const values of rows) {
        const r = s._rowZero++;
        xml += `<row r="${r}">`;
        for (let i = 0; i < cells.length; i++) {
          const v = values[i];
          if (v === null || v === undefined) continue;
          const c = cells[i]!;
          if (typeof v === 'number') {
            // a figure that is not a number (a division by zero gone wrong) is left empty, never "NaN"
            if (Number.isFinite(v)) xml += `<c r="${c.letters}${r}"${c.s}><v>${v}</v></c>`;
          } else if (v instanceof Date) xml += `<c r="${c.letters}${r}"${c.s}><v>${excelDate(v)}</v></c>`;
          else xml += `<c r="${c.letters}${r}"${c.s} t="str"><v>${xmlText(v)}</v></c>`;
        }
        xml += '</row>';
      }
      if (xml) await s.stream.write(xml);
    },
  };
}
