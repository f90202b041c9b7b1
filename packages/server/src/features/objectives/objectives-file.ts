import ExcelJS from 'exceljs';
import type { ObjectiveDto, ObjectiveInput } from '@footfall/domain';
import { badRequest } from '../../platform/http/errors.js';
import type { TableDocument } from '../exports/exports.types.js';

/**
 * The objectives grid as a file: columns `nodeId`, `Location`, then `YYYY-MM` for each month of the
 * year; a cell holds the month's objective, empty for none. Importing sets the filled cells (an
 * empty cell changes nothing; `-` deletes the month's objective), through the same set call as the
 * editor, so the same validation applies.
 */
const pad = (n: number) => String(n).padStart(2, '0');
export const monthColumns = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${pad(i + 1)}`);
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function gridDocument(
  year: number,
  locations: { id: string; name: string }[],
  objectives: ObjectiveDto[],
): TableDocument {
  const months = monthColumns(year);
  return {
    sheetName: `Objectives ${year}`,
    columns: [
      { title: 'nodeId', width: 38 },
      { title: 'Location', width: 28 },
      ...months.map((m) => ({ title: m, kind: 'number' as const, width: 12 })),
    ],
    rows: locations.map((l) => [
      l.id,
      l.name,
      ...months.map((m) => {
        const o = objectives.find(
          (x) => x.nodeId === l.id && x.periodType === 'month' && x.startDate === `${m}-01`,
        );
        return o?.value ?? null;
      }),
    ]),
  };
}

function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const sep =
    (body.split('\n')[0] ?? '').split(';').length > (body.split('\n')[0] ?? '').split(',').length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

async function parseXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook', 'content');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no worksheet', 'content');
  const rows: string[][] = [];
  sheet.eachRow((r) => {
    const values = (r.values as unknown[]).slice(1);
    rows.push(
      values.map((v) =>
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'result' in (v as object)
            ? String((v as { result: unknown }).result)
            : String(v),
      ),
    );
  });
  return rows;
}

/** The set call's items from a grid file; 400 on `content` naming the row and column of a bad cell. */
export async function itemsFromFile(
  format: 'csv' | 'xlsx',
  bytes: Buffer,
  kpi: string,
  year: number,
): Promise<ObjectiveInput[]> {
  const rows = format === 'csv' ? parseCsv(bytes.toString('utf8')) : await parseXlsx(bytes);
  const [header, ...data] = rows;
  if (!header || header[0]?.trim() !== 'nodeId')
    throw badRequest('The first column must be "nodeId" (export a file to see the layout)', 'content');
  const months = monthColumns(year);
  const columns = header.map((h) => months.indexOf(h.trim()));
  if (!columns.some((c) => c >= 0))
    throw badRequest(`No month column of ${year} (e.g. "${months[0]}")`, 'content');
  const items: ObjectiveInput[] = [];
  data.forEach((row, r) => {
    const nodeId = (row[0] ?? '').trim().toLowerCase();
    if (!/^[0-9a-f-]{36}$/.test(nodeId))
      throw badRequest(`Row ${r + 2}: "${row[0] ?? ''}" is not a node id`, 'content');
    columns.forEach((m, c) => {
      if (m < 0) return;
      const raw = (row[c] ?? '').trim().replace(/\s/g, '').replace(',', '.');
      if (raw === '') return;
      const value = raw === '-' ? null : Number(raw);
      if (value !== null && (!Number.isFinite(value) || value < 0))
        throw badRequest(
          `Row ${r + 2}, column ${header[c]}: "${row[c]}" is not a number of 0 or more`,
          'content',
        );
      items.push({
        nodeId,
        kpi,
        periodType: 'month',
        startDate: `${months[m]}-01`,
        endDate: `${months[m]}-${pad(lastDay(year, m + 1))}`,
        value,
        weekdayValues: null,
      });
    });
  });
  if (items.length === 0) throw badRequest('The file sets no objective', 'content');
  return items;
}
