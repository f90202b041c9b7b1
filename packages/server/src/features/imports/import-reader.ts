import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** A cell as read: CSV gives text; XLSX text, numbers and dates (exceljs reads date cells as UTC wall-clock). */
export type Cell = string | number | Date | null;

/** One record of the file: its row number (the header is row 1) and its cells. */
export interface FileRow {
  row: number;
  cells: Cell[];
}

export interface ReadOptions {
  format: 'csv' | 'xlsx';
  delimiter: 'comma' | 'semicolon' | 'tab';
  encoding: string;
  /** told the bytes consumed so far (progress) */
  onBytes?: (bytes: number) => void;
}

const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;

/** The chunks as a stream, counting the bytes that pass. */
function countingStream(chunks: AsyncIterable<Buffer>, onBytes?: (n: number) => void): Readable {
  let seen = 0;
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) {
        seen += chunk.length;
        onBytes?.(seen);
        yield chunk;
      }
    })(),
  );
}

/** Decodes the chunks from `encoding` as they come (a character split across chunks is kept whole). */
async function* decode(chunks: Readable, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: false });
  for await (const chunk of chunks) yield decoder.decode(chunk as Buffer, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Streams a CSV (csv-parse) or the first worksheet of an XLSX (exceljs' streaming reader) as rows,
 * the header first. Nothing holds more than one chunk and one record, so a million-row file reads in
 * constant memory.
 */
export async function* readRows(chunks: AsyncIterable<Buffer>, opts: ReadOptions): AsyncGenerator<FileRow> {
  const input = countingStream(chunks, opts.onBytes);
  if (opts.format === 'xlsx') {
    yield* readXlsx(input);
    return;
  }
  const parser = Readable.from(decode(input, opts.encoding)).pipe(
    parse({
      delimiter: DELIMITERS[opts.delimiter],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells: record };
  }
}

async function* readXlsx(input: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let done = false;
  for await (const sheet of reader) {
    if (done) continue; // drain the rest of the archive
    done = true;
    for await (const r of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(r.values) ? r.values.slice(1) : [];
      yield { row: r.number, cells: values.map(cellOf) };
    }
  }
}

function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (o.result !== undefined) return cellOf(o.result);
    if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
    if (typeof o.text === 'string') return o.text;
  }
  return String(v);
}

/** A cell as the preview and the error report show it. */
export function cellText(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) {
    const iso = c.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  return String(c);
}
