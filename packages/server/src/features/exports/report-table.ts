import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parseLocal, type ReportCell, type ReportColumn, type ReportDocument } from '@footfall/domain';
import { rowChunks, type ReportSource } from './exports.types.js';
import { xlsxRowWriter } from './xlsx-rows.js';

/**
 * A computed report as XLSX and CSV: one worksheet (or one CSV block) per section, the header frozen,
 * numbers as typed numbers with a number format per column kind, the totals row last, in bold.
 */

/** Excel number formats per column kind (percent figures are already in percent: 12.5 means 12.5 %). */
const NUM_FMT: Record<ReportColumn['kind'], string | undefined> = {
  integer: '#,##0',
  percent: '0.00" %"',
  currency: '#,##0.00',
  decimal: '#,##0.00',
  duration: '0" s"',
  text: undefined,
  datetime: 'yyyy-mm-dd hh:mm',
};

/** A local wall-clock "YYYY-MM-DD HH:mm" as an Excel date showing that same reading. */
function wallClockDate(text: string): Date | string {
  const lm = parseLocal(text);
  return lm === null ? text : new Date(lm * 60_000);
}

/** A cell's value; `dates` remembers the dates of the wall-clock texts seen (buckets repeat per location). */
function xlsxValue(
  column: ReportColumn,
  v: ReportCell | undefined,
  dates?: Map<string, Date | string>,
): ReportCell | Date {
  if (v === null || v === undefined) return null;
  if (column.kind === 'datetime' && typeof v === 'string') {
    if (!dates) return wallClockDate(v);
    let d = dates.get(v);
    if (d === undefined) {
      if (dates.size > 100_000) dates.clear();
      dates.set(v, (d = wallClockDate(v)));
    }
    return d;
  }
  return v;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** Text starting like a formula is written with a leading apostrophe (CSV injection, OWASP). */
const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** Rows written between two turns of the event loop, so the zip stream can compress and pass them on. */
const ROWS_PER_TURN = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Bytes of the file waiting to be read beyond which the writer waits for the reader (backpressure). */
export const BACKLOG = 4 * 1_048_576;

/** How a report file is streamed: `backlog` bytes unread at most before the writer waits (tests lower it). */
export interface StreamOptions {
  backlog?: number;
}

/**
 * Yields to the event loop, then waits while more than BACKLOG bytes of `out` are unread: a slow
 * download slows the writer (and the reading of rows) instead of the file piling up in memory.
 */
export async function drained(out: Readable, backlog = BACKLOG): Promise<void> {
  await nextTurn();
  // polled: listening for 'data' would switch a reader that calls read() into flowing mode
  while (out.readableLength > backlog && !out.destroyed)
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
}

/** Everything a stream yields, as one buffer (for mail attachments and tests). */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The workbook written through exceljs's streaming writer into `out`: each row is committed as it is
 * added and the loop yields every ROWS_PER_TURN rows, so a year of days for 500 locations goes out
 * as it is written, never held as a workbook model nor as the whole file.
 */
async function writeReportXlsx(doc: ReportSource, out: PassThrough, backlog?: number): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Footfall';
  const used = new Set<string>();
  for (const section of doc.sections) {
    let name = section.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || section.id;
    for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)} ${i}`;
    used.add(name);
    const headerRow = 5;
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow, xSplit: 1 }] });
    sheet.columns = section.columns.map((c) => ({
      key: c.key,
      width: c.kind === 'text' ? 32 : c.kind === 'datetime' ? 18 : 14,
      ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
    }));
    sheet.addRow([doc.title]).font = { bold: true, size: 14 };
    sheet.addRow([doc.periodLine]);
    sheet.addRow([doc.parameterLines.join(' · ')]);
    sheet.addRow([]);
    const header = sheet.addRow(section.columns.map((c) => c.label));
    header.font = { bold: true };
    header.commit();
    // one style object a column: exceljs finds a style it has seen by identity (a WeakMap); the data
    // rows are written as XML by xlsxRowWriter with exceljs's style ids for them
    const styles = section.columns.map((c) => (NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {}));
    const writer = xlsxRowWriter(
      book,
      sheet,
      section.columns.map((c, i) => ({
        kind: c.kind === 'text' ? 'text' : c.kind === 'datetime' ? 'date' : 'number',
        style: styles[i]!,
      })),
    );
    const dates = new Map<string, Date | string>();
    for await (const chunk of rowChunks(section.rows))
      for (let i = 0; i < chunk.length; i += ROWS_PER_TURN) {
        await writer.write(
          chunk
            .slice(i, i + ROWS_PER_TURN)
            .map((row) => section.columns.map((c) => xlsxValue(c, row[c.key], dates))),
        );
        await drained(out, backlog);
      }
    if (section.totals) {
      const totals = sheet.addRow(section.columns.map((c) => xlsxValue(c, section.totals![c.key])));
      totals.font = { bold: true };
      totals.commit();
    }
    sheet.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: headerRow, column: Math.max(1, section.columns.length) },
    };
    sheet.commit();
  }
  await book.commit();
}

/** A computed report as an XLSX stream (an error mid-way destroys the stream with it). */
export function streamReportXlsx(doc: ReportSource, options: StreamOptions = {}): Readable {
  const out = new PassThrough();
  writeReportXlsx(doc, out, options.backlog).catch((e: unknown) => out.destroy(e as Error));
  return out;
}

export const renderReportXlsx = (doc: ReportSource): Promise<Buffer> => collect(streamReportXlsx(doc));

/**
 * CSV, UTF-8 with a byte-order mark (Excel reads the accents), CRLF: per section its title, the header,
 * the rows and the totals, sections apart by an empty line. With a decimal comma the fields are
 * separated by semicolons, as spreadsheets in French and Spanish expect.
 */
/** The CSV field separator and the writer of one field (quoted when needed, formulas neutralised). */
function csvCell(options: { decimalSeparator: '.' | ',' }) {
  const sep = options.decimalSeparator === ',' ? ';' : ',';
  const cell = (v: ReportCell | undefined): string => {
    if (v === null || v === undefined) return '';
    const text =
      typeof v === 'number' ? (sep === ';' ? String(v).replace('.', ',') : String(v)) : neutralised(v);
    return text.includes(sep) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return { sep, cell };
}

export function renderReportCsv(doc: ReportDocument, options: { decimalSeparator: '.' | ',' }): Buffer {
  const { sep, cell } = csvCell(options);
  const lines: string[] = [];
  doc.sections.forEach((section, i) => {
    if (i > 0) lines.push('');
    if (doc.sections.length > 1) lines.push(cell(section.title));
    lines.push(section.columns.map((c) => cell(c.label)).join(sep));
    for (const row of section.rows) lines.push(section.columns.map((c) => cell(row[c.key])).join(sep));
    if (section.totals) lines.push(section.columns.map((c) => cell(section.totals![c.key])).join(sep));
  });
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The same CSV as a stream of the rows as they come (a chunk of rows at a time, read when the
 * reader asks for more: Readable.from pulls the next only then): the bytes of renderReportCsv.
 */
export function streamReportCsv(doc: ReportSource, options: { decimalSeparator: '.' | ',' }): Readable {
  const { sep, cell } = csvCell(options);
  const line = (values: string[]) => `${values.join(sep)}\r\n`;
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from('\uFEFF', 'utf8');
    for (const [i, section] of doc.sections.entries()) {
      let head = i > 0 ? '\r\n' : '';
      if (doc.sections.length > 1) head += line([cell(section.title)]);
      yield Buffer.from(head + line(section.columns.map((c) => cell(c.label))), 'utf8');
      for await (const rows of rowChunks(section.rows)) {
        let text = '';
        for (const row of rows) text += line(section.columns.map((c) => cell(row[c.key])));
        yield Buffer.from(text, 'utf8');
      }
      if (section.totals)
        yield Buffer.from(line(section.columns.map((c) => cell(section.totals![c.key]))), 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
