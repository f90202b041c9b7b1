import {
  IMPORT_KPIS,
  fromLocalMinute,
  localMinute,
  toLocalMinute,
  type ImportGranularity,
  type ImportKpi,
  type ImportMapping,
  type ImportRowError,
  type ImportRowErrorCode,
  type WeekWindows,
} from '@footfall/domain';
import { AppError } from '../../platform/http/errors.js';
import { cellText, type Cell, type FileRow } from './import-reader.js';

/** A location the file may name, with the zone and opening hours its figures are read in. */
export interface ImportLocation {
  id: string;
  name: string;
  referenceId: string | null;
  macAddresses: string[];
  timeZone: string;
  hours: WeekWindows | null;
}

/** One figure of a row: the location, the KPI, the instant (epoch ms) and the value. */
export interface RowPoint {
  locationId: string;
  kpi: ImportKpi;
  utcMs: number;
  value: number;
}

export interface RowResult {
  row: number;
  location: ImportLocation | null;
  utcMs: number | null;
  points: RowPoint[];
  errors: ImportRowError[];
}

const normMac = (s: string) => s.replace(/[^0-9a-f]/gi, '').toLowerCase();
const normName = (s: string) => s.trim().toLocaleLowerCase('en');

const MESSAGES: Record<ImportRowErrorCode, string> = {
  location_unknown: 'no location of the client group has this {by}',
  date_invalid: 'not a date in the format {format}',
  time_invalid: 'not a time of day in the format {format}',
  time_not_on_granularity: 'not on a {granularity}-minute boundary',
  time_skipped: 'this local time does not exist that day in {zone} (the clocks go forward)',
  value_invalid: 'not a number',
  value_missing: 'no figure in any KPI column',
};

/**
 * Reads the file's rows with a task's mapping: finds the columns in the header (400 naming the
 * mapping field of a column the file lacks), then turns each row into points or errors. Dates and
 * times are local wall-clock in the task's zone or the location's own; a spring-forward hour that
 * does not exist is an error, and the repeated autumn hour lands on its first instant, then (when the
 * file names the same location and local time again) on its second.
 */
export function createRowInterpreter(opts: {
  header: Cell[];
  mapping: ImportMapping;
  granularity: ImportGranularity;
  timeZone: string | null;
  locations: ImportLocation[];
}) {
  const { mapping, granularity } = opts;
  const headers = opts.header.map((h) => cellText(h).trim().toLowerCase());
  const column = (name: string, field: string) => {
    const at = headers.indexOf(name.trim().toLowerCase());
    if (at < 0)
      throw new AppError(400, 'import_column_missing', `The file has no column "${name}"`, field, {
        column: name,
      });
    return at;
  };
  const locCol = column(mapping.location, 'mapping.location');
  const dateCol = column(mapping.date, 'mapping.date');
  const timeCol = mapping.time === null ? -1 : column(mapping.time, 'mapping.time');
  const kpiCols = IMPORT_KPIS.flatMap((kpi) => {
    const name = mapping.values[kpi];
    return name ? [{ kpi, at: column(name, `mapping.values.${kpi}`), name }] : [];
  });
  const byKey = new Map<string, ImportLocation>();
  for (const l of opts.locations) {
    if (mapping.locationBy === 'referenceId' && l.referenceId)
      byKey.set(l.referenceId.trim().toLowerCase(), l);
    if (mapping.locationBy === 'name') byKey.set(normName(l.name), l);
    if (mapping.locationBy === 'macAddress') for (const m of l.macAddresses) byKey.set(normMac(m), l);
  }
  const keyOf = (text: string) =>
    mapping.locationBy === 'macAddress' ? normMac(text) : text.trim().toLowerCase();
  const step = granularity === 'day' ? 1440 : Number(granularity);
  // instants by zone and local minute: a file repeats the same few thousand local times
  const instants = new Map<string, { utcMs: number; exists: boolean; second: number | null }>();
  // the ambiguous autumn local times already used, per location
  const repeated = new Map<string, Set<number>>();

  const instantOf = (zone: string, lm: number) => {
    const key = `${zone}|${lm}`;
    let hit = instants.get(key);
    if (!hit) {
      if (instants.size > 500_000) instants.clear();
      const { utcMs, exists } = fromLocalMinute(zone, lm);
      let second: number | null = null;
      for (const shift of [30, 60, 120]) {
        if (exists && toLocalMinute(zone, utcMs + shift * 60_000) === lm) second = utcMs + shift * 60_000;
      }
      instants.set(key, (hit = { utcMs, exists, second }));
    }
    return hit;
  };

  // a file repeats the same few dates and times: each text is read once
  const dateOf = memoText((c) => parseDate(c, mapping.dateFormat));
  const timeOf = memoText((c) => parseTime(c, mapping.timeFormat));

  return function interpret(r: FileRow): RowResult {
    const errors: ImportRowError[] = [];
    const fail = (
      column: string,
      code: ImportRowErrorCode,
      value: Cell | undefined,
      vars: Record<string, string>,
    ) => {
      let message = MESSAGES[code];
      for (const [k, v] of Object.entries(vars)) message = message.replace(`{${k}}`, v);
      const text = cellText(value);
      errors.push({
        row: r.row,
        column,
        code: code as ImportRowError['code'],
        value: text,
        message: `Row ${r.row}, column "${column}": ${message} ("${text}")`,
      });
    };
    const locText = cellText(r.cells[locCol]);
    const location = byKey.get(keyOf(locText)) ?? null;
    if (!location) fail(mapping.location, 'location_unknown', r.cells[locCol], { by: mapping.locationBy });

    const date = dateOf(r.cells[dateCol]);
    if (!date) fail(mapping.date, 'date_invalid', r.cells[dateCol], { format: mapping.dateFormat });
    let minuteOfDay: number | null = 0;
    if (timeCol >= 0) {
      minuteOfDay = timeOf(r.cells[timeCol]);
      if (minuteOfDay === null)
        fail(mapping.time!, 'time_invalid', r.cells[timeCol], { format: mapping.timeFormat });
      else if (minuteOfDay % step !== 0) {
        fail(mapping.time!, 'time_not_on_granularity', r.cells[timeCol], { granularity: String(step) });
        minuteOfDay = null;
      }
    }
    const points: RowPoint[] = [];
    let any = false;
    for (const k of kpiCols) {
      const cell = r.cells[k.at];
      const text = cellText(cell).trim();
      if (text === '') continue;
      any = true;
      const value = typeof cell === 'number' ? cell : parseNumber(text, mapping.decimalComma);
      if (value === null) fail(k.name, 'value_invalid', cell, {});
      else points.push({ locationId: location?.id ?? '', kpi: k.kpi, utcMs: 0, value });
    }
    if (!any && kpiCols.length > 0) fail(kpiCols[0]!.name, 'value_missing', '', {});

    let utcMs: number | null = null;
    if (location && date && minuteOfDay !== null) {
      const zone = opts.timeZone ?? location.timeZone;
      let mod = minuteOfDay;
      // a daily figure lands on the day's opening (so business-hours views keep it), else midnight
      if (granularity === 'day' && location.hours) {
        const weekday = new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();
        mod = location.hours[weekday]?.[0]?.[0] ?? 0;
      }
      const lm = localMinute(date.y, date.m, date.d, 0, mod);
      const hit = instantOf(zone, lm);
      if (!hit.exists && granularity !== 'day') {
        fail(mapping.time!, 'time_skipped', r.cells[timeCol], { zone });
      } else {
        utcMs = hit.utcMs;
        if (hit.second !== null) {
          let seen = repeated.get(location.id);
          if (!seen) repeated.set(location.id, (seen = new Set()));
          if (seen.has(lm)) utcMs = hit.second;
          else seen.add(lm);
        }
      }
    }
    if (errors.length > 0 || utcMs === null) return { row: r.row, location, utcMs, points: [], errors };
    for (const p of points) p.utcMs = utcMs;
    return { row: r.row, location, utcMs, points, errors };
  };
}

/** `read` of a cell, remembered by text for text cells (up to 10,000 texts at a time). */
function memoText<T>(read: (cell: Cell | undefined) => T): (cell: Cell | undefined) => T {
  const seen = new Map<string, T>();
  return (cell) => {
    if (typeof cell !== 'string') return read(cell);
    if (seen.has(cell)) return seen.get(cell)!;
    if (seen.size >= 10_000) seen.clear();
    const value = read(cell);
    seen.set(cell, value);
    return value;
  };
}

function parseDate(cell: Cell | undefined, format: ImportMapping['dateFormat']) {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return { y: cell.getUTCFullYear(), m: cell.getUTCMonth() + 1, d: cell.getUTCDate() };
  }
  const text = cellText(cell).trim();
  const parts = matchDate(text, format);
  if (!parts) return null;
  const [y, mo, d] = parts;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1970 || y > 2100 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** Year, month and day of a date text in `format`, unchecked; null when it does not match. */
function matchDate(text: string, format: ImportMapping['dateFormat']): [number, number, number] | null {
  let m: RegExpMatchArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      m = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/);
      return m ? [+m[1]!, +m[2]!, +m[3]!] : null;
    case 'DD/MM/YYYY':
      m = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: .*)?$/);
      return m ? [+m[3]!, +m[2]!, +m[1]!] : null;
    case 'MM/DD/YYYY':
      m = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/);
      return m ? [+m[3]!, +m[1]!, +m[2]!] : null;
    case 'YYYYMMDD':
      m = text.match(/^(\d{4})(\d{2})(\d{2})$/);
      return m ? [+m[1]!, +m[2]!, +m[3]!] : null;
  }
}

function parseTime(cell: Cell | undefined, format: ImportMapping['timeFormat']): number | null {
  if (cell instanceof Date) return cell.getUTCHours() * 60 + cell.getUTCMinutes();
  if (format === 'hour') {
    const n = typeof cell === 'number' ? cell : Number(cellText(cell).trim() || 'x');
    return Number.isInteger(n) && n >= 0 && n <= 23 ? n * 60 : null;
  }
  // an Excel time stored as a fraction of a day
  if (typeof cell === 'number') {
    if (cell < 0 || cell >= 1) return null;
    return Math.round(cell * 1440);
  }
  const m = cellText(cell)
    .trim()
    .match(/^(\d{1,2}):(\d{2})(?::\d{2})?$/);
  if (!m) return null;
  const h = +m[1]!,
    min = +m[2]!;
  return h <= 23 && min <= 59 ? h * 60 + min : null;
}

/** A number with no sign but minus, no grouping and only the decimal mark (a dot; a comma). */
const PLAIN_NUMBER = /^-?\d{1,15}(?:\.\d{1,15})?$/;
const PLAIN_NUMBER_COMMA = /^-?\d{1,15}(?:,\d{1,15})?$/;

/** "1 234.50", "1,234.50" or with a decimal comma "1.234,50" / "1 234,50"; null when not a number. */
export function parseNumber(text: string, decimalComma: boolean): number | null {
  // the common case, a plain number ("12", "-3.5"; "3,5" with a decimal comma), without rewriting it
  if (decimalComma ? PLAIN_NUMBER_COMMA.test(text) : PLAIN_NUMBER.test(text)) {
    const n = Number(decimalComma ? text.replace(',', '.') : text);
    return Math.abs(n) < 1e12 ? n : null;
  }
  let s = text.replace(/[\s\u00a0\u202f']/g, '');
  s = decimalComma ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && Math.abs(n) < 1e12 ? n : null;
}
