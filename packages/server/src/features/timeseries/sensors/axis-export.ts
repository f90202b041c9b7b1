import { badRequest } from '../../../platform/http/errors.js';
import { csvRecords } from './csv-records.js';

/** One row of an Axis export: local wall-clock interval of the camera, and its in/out counts. */
export interface AxisExportRow {
  /** `csv.line.<n>`: the line of the file (1 = header), named by a 400 */
  row: string;
  from: string;
  to: string;
  in: number;
  out: number;
}

export interface AxisExport {
  format: 'a3dpc' | 'tvpc';
  /** the column names as the file spells them (lower case), for the 400s */
  columns: { from: string; to: string; in: string; out: string };
  rows: AxisExportRow[];
  /** `Camera serial number` of the AXIS People Counter export (one per distinct value) */
  serials: string[];
}

/**
 * The CSV exports of Axis people counters (samples/README.md cites both):
 * - AXIS 3D People Counter (P8815-2) `/a3dpc/api/export/csv`: header `start,end,in,out`, rows
 *   `2020-09-23 00:00:00,2020-09-23 00:01:00,0,0` (minute, hour or day bins, camera-local time);
 * - AXIS People Counter (the ACAP, `/local/tvpc/.api?export-csv` or `/local/people-counter/.api?...`):
 *   header `Interval start,Interval stop,Camera serial number,Counter name,Pedestrians coming in,
 *   Pedestrians going out` (15 min, 1 h or 24 h bins, camera-local time).
 * Times have no offset: they are read in the device's location time zone by the caller. Any bad row
 * refuses the whole file (400 naming `csv.line.<n>.<column>`).
 */
export function parseAxisExport(csv: string): AxisExport {
  const parsed = csvRecords(csv);
  const header = (parsed[0]?.cells ?? []).map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name);
  let format: AxisExport['format'];
  let columns: AxisExport['columns'];
  let serialCol = -1;
  if (col('start') >= 0 && col('end') >= 0) {
    format = 'a3dpc';
    columns = { from: 'start', to: 'end', in: 'in', out: 'out' };
  } else if (col('interval start') >= 0 && col('interval stop') >= 0) {
    format = 'tvpc';
    columns = {
      from: 'interval start',
      to: 'interval stop',
      in: 'pedestrians coming in',
      out: 'pedestrians going out',
    };
    serialCol = col('camera serial number');
  } else {
    throw badRequest(
      'The header needs start,end,in,out (AXIS 3D People Counter) or Interval start,Interval stop,...,Pedestrians coming in,Pedestrians going out (AXIS People Counter)',
      'csv.header',
    );
  }
  for (const c of [columns.in, columns.out])
    if (col(c) < 0) throw badRequest(`The header has no "${c}" column`, 'csv.header');
  const idx = {
    from: col(columns.from),
    to: col(columns.to),
    in: col(columns.in),
    out: col(columns.out),
  };
  const rows: AxisExportRow[] = [];
  const serials = new Set<string>();
  for (const { cells, line } of parsed.slice(1)) {
    const row = `csv.line.${line}`;
    const time = (i: number, name: string) => {
      const text = cells[i] ?? '';
      if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text))
        throw badRequest(`${row}.${name}: expected YYYY-MM-DD hh:mm:ss`, `${row}.${name}`);
      return text;
    };
    const count = (i: number, name: string) => {
      const text = cells[i] ?? '';
      if (!/^\d{1,9}$/.test(text)) throw badRequest(`${row}.${name}: expected a count`, `${row}.${name}`);
      return Number(text);
    };
    rows.push({
      row,
      from: time(idx.from, columns.from),
      to: time(idx.to, columns.to),
      in: count(idx.in, columns.in),
      out: count(idx.out, columns.out),
    });
    const serial = serialCol >= 0 ? cells[serialCol] : undefined;
    if (serial) serials.add(serial);
  }
  if (rows.length === 0) throw badRequest('The file has no rows', 'csv');
  if (rows.length > 100_000) throw badRequest('At most 100,000 rows per file', 'csv');
  return { format, columns, rows, serials: [...serials] };
}
