import ExcelJS from 'exceljs';
import type { TableDocument, TableValue } from './exports.types.js';

/**
 * A spreadsheet opening a CSV runs a cell starting with = + - @ (or a tab / carriage return) as a
 * formula: such text is written with a leading apostrophe, as OWASP recommends for CSV injection.
 */
const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const pad = (n: number) => String(n).padStart(2, '0');
/** Dates in UTC as "YYYY-MM-DD HH:mm" (the column title says UTC). */
const utcText = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

function csvCell(value: TableValue): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? utcText(value) : typeof value === 'number' ? String(value) : neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV, UTF-8 with a byte-order mark (so Excel reads accents), CRLF line ends. */
export function renderTableCsv(doc: TableDocument): Buffer {
  const lines = [doc.columns.map((c) => csvCell(c.title)), ...doc.rows.map((r) => r.map(csvCell))];
  return Buffer.from(`\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
}

/**
 * One worksheet: a bold, frozen title row with an auto-filter, then the rows; dates are real date
 * cells (UTC), numbers real numbers, so the sheet sorts and filters as the screen does.
 */
export async function renderTableXlsx(doc: TableDocument): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Footfall';
  const sheet = book.addWorksheet(doc.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = doc.columns.map((c, i) => ({
    header: c.title,
    key: `c${i}`,
    width: c.width ?? 18,
    ...(c.kind === 'date' ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of doc.rows) sheet.addRow(row.map((v) => (v === undefined ? null : v)));
  if (doc.columns.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: doc.columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
