import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { collect } from './report-table.js';
import { xlsxRowWriter, type XlsxColumn } from './xlsx-rows.js';

/**
 * xlsxRowWriter against exceljs itself: the same rows written through exceljs's rows and through
 * the writer must read back as the same cells (values, types, number formats, fonts), with the row
 * exceljs adds after them (a totals row) in its place.
 */
const COLUMNS: (XlsxColumn & { key: string })[] = [
  { key: 'location', kind: 'text', style: {} },
  { key: 'bucket', kind: 'date', style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { key: 'in', kind: 'number', style: { numFmt: '#,##0' } },
  { key: 'var', kind: 'number', style: { numFmt: '0.00" %"' } },
];
const at = (day: number, hour: number) => new Date(Date.UTC(2024, 2, day, hour, 30));
const ROWS: (string | number | Date | null)[][] = [
  ['Store <1> & "Co" \'s', at(10, 0), 1234, 12.5],
  ['=SUM(A1) looks like a formula', at(10, 2), 0, -3.25],
  ['Gare de l’Est, Zürich – café', null, 1e-7, null],
  ['tab\there, bell\u0007 and del\u007F gone', at(31, 23), 987654321, 100],
  [null, at(11, 12), null, 0.1 + 0.2],
];

async function workbook(fast: boolean): Promise<Buffer> {
  const out = new PassThrough();
  const done = collect(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('Rows', { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = COLUMNS.map((c) => ({ key: c.key, width: 14 }));
  sheet.addRow(['Title']).font = { bold: true, size: 14 };
  sheet.addRow(COLUMNS.map((c) => c.key)).commit();
  if (fast) {
    const writer = xlsxRowWriter(book, sheet, COLUMNS);
    await writer.write(ROWS.slice(0, 2));
    await writer.write(ROWS.slice(2));
  } else
    for (const values of ROWS) {
      const row = sheet.addRow(values);
      row.eachCell((cell, n) => (cell.style = COLUMNS[n - 1]!.style));
      row.commit();
    }
  const totals = sheet.addRow(['Total', null, 42]);
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();
  await book.commit();
  return done;
}

async function cells(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const out: unknown[] = [];
  book.worksheets[0]!.eachRow((row, r) =>
    row.eachCell((cell, c) =>
      out.push({ r, c, value: cell.value, type: cell.type, numFmt: cell.numFmt, bold: cell.font?.bold }),
    ),
  );
  return out;
}

describe('xlsxRowWriter', () => {
  it('writes the cells exceljs writes for the same rows, the totals row after them', async () => {
    const expected = await cells(await workbook(false));
    const actual = await cells(await workbook(true));
    expect(actual).toEqual(expected);
    // the rows really are there: text escaped, dates as dates, numbers with their formats, totals last
    expect(actual).toContainEqual({
      r: 3,
      c: 1,
      value: 'Store <1> & "Co" \'s',
      type: ExcelJS.ValueType.String,
      numFmt: undefined,
      bold: undefined,
    });
    expect(actual).toContainEqual(
      expect.objectContaining({ r: 6, c: 2, value: at(31, 23), numFmt: 'yyyy-mm-dd hh:mm' }),
    );
    expect(actual).toContainEqual(expect.objectContaining({ r: 4, c: 4, value: -3.25, numFmt: '0.00" %"' }));
    expect(actual).toContainEqual(expect.objectContaining({ r: 8, c: 3, value: 42, bold: true }));
    expect(actual.filter((x) => (x as { r: number }).r === 5)).toHaveLength(2);
  });

  it('refuses to write before the rows above are committed (rows go out in order)', () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: true });
    const sheet = book.addWorksheet('Rows');
    sheet.addRow(['Title']);
    expect(() => xlsxRowWriter(book, sheet, COLUMNS)).toThrow(/commit the rows above/);
  });
});
