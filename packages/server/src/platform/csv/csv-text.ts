/** UTF-8 byte order mark: spreadsheet programs (Excel) then read the file as UTF-8, accents intact. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell starting with one of these is taken for a formula by spreadsheet programs (CSV injection):
 * such a cell is written with a leading apostrophe, which they show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
