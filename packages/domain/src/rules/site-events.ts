/**
 * Showtimes (spec "Event (showtimes) view"): the state of a session from the clock, over capacity,
 * and the CSV format sessions are imported from.
 */
export const SESSION_STATES = ['current', 'past', 'future', 'cancelled'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** current: start <= now < end and not cancelled; past: ended; future: not started. */
export function sessionState(
  startMs: number,
  endMs: number,
  isCancelled: boolean,
  nowMs: number,
): SessionState {
  if (isCancelled) return 'cancelled';
  if (endMs <= nowMs) return 'past';
  if (startMs > nowMs) return 'future';
  return 'current';
}

/** A running session is over capacity when the occupancy now exceeds the tickets sold. */
export const isOverCapacity = (state: SessionState, occupancy: number | null, occupancySold: number) =>
  state === 'current' && occupancy !== null && occupancy > occupancySold;

/** Alerts are typed as one text, separated by ';' (or new lines). */
export const parseAlerts = (raw: string) =>
  raw
    .split(/[;\n]/)
    .map((a) => a.trim())
    .filter((a) => a.length > 0);

// ---- CSV import -------------------------------------------------------------------------------

export const SESSION_CSV_COLUMNS = [
  'date',
  'time',
  'title',
  'duration',
  'occupancySold',
  'occupancyMax',
  'cancelled',
  'alerts',
] as const;
const REQUIRED = ['date', 'time', 'title', 'duration'] as const;
export const SESSION_CSV_MAX_ROWS = 2000;

export interface SessionCsvRow {
  line: number;
  /** local date and time in the event's time zone: 'YYYY-MM-DD HH:mm' */
  start: string;
  title: string;
  durationMinutes: number;
  occupancySold: number;
  occupancyMax: number | null;
  isCancelled: boolean;
  alertsRaw: string;
}

export interface SessionCsvError {
  line: number;
  field: string;
  message: string;
}

/** Splits CSV text into rows of fields; handles quotes ("" inside quotes) and CRLF. */
export function splitCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.length === 0) quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const TRUE = new Set(['1', 'true', 'yes', 'oui', 'sí', 'si', 'x', 'cancelled', 'annulé', 'cancelado']);
const FALSE = new Set(['', '0', 'false', 'no', 'non']);

/**
 * Parses the import file. The first line names the columns (any order, case-insensitive; `date`,
 * `time`, `title`, `duration` required); ',' or ';' separates fields. Every problem is reported
 * with its line and column; the caller imports nothing when there is one.
 */
export function parseSessionCsv(text: string): { rows: SessionCsvRow[]; errors: SessionCsvError[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const all = splitCsv(clean, separator).filter((r) => r.some((f) => f.trim().length > 0));
  const errors: SessionCsvError[] = [];
  const header = (all[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  for (const col of SESSION_CSV_COLUMNS) {
    const i = header.indexOf(col.toLowerCase());
    if (i >= 0) index.set(col, i);
  }
  for (const col of REQUIRED) {
    if (!index.has(col)) errors.push({ line: 1, field: col, message: `missing column "${col}"` });
  }
  if (errors.length > 0) return { rows: [], errors };
  const body = all.slice(1);
  if (body.length > SESSION_CSV_MAX_ROWS) {
    return {
      rows: [],
      errors: [{ line: 1, field: 'file', message: `at most ${SESSION_CSV_MAX_ROWS} sessions per file` }],
    };
  }
  const rows: SessionCsvRow[] = [];
  body.forEach((fields, k) => {
    const line = k + 2;
    const get = (col: (typeof SESSION_CSV_COLUMNS)[number]) => {
      const i = index.get(col);
      return i === undefined ? '' : (fields[i] ?? '').trim();
    };
    const fail = (field: string, message: string) => errors.push({ line, field, message });
    const date = get('date');
    const time = get('time');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail('date', 'expected YYYY-MM-DD');
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return fail('time', 'expected HH:mm');
    const title = get('title');
    if (title.length === 0 || title.length > 200) return fail('title', 'required, at most 200 characters');
    const duration = Number(get('duration'));
    if (!Number.isInteger(duration) || duration < 1 || duration > 1440) {
      return fail('duration', 'minutes, 1 to 1440');
    }
    const soldText = get('occupancySold');
    const sold = soldText === '' ? 0 : Number(soldText);
    if (!Number.isInteger(sold) || sold < 0) return fail('occupancySold', 'a whole number, 0 or more');
    const maxText = get('occupancyMax');
    const max = maxText === '' ? null : Number(maxText);
    if (max !== null && (!Number.isInteger(max) || max < 0)) {
      return fail('occupancyMax', 'a whole number, 0 or more');
    }
    const cancelledText = get('cancelled').toLowerCase();
    if (!TRUE.has(cancelledText) && !FALSE.has(cancelledText)) return fail('cancelled', 'yes or no');
    const alertsRaw = get('alerts');
    if (alertsRaw.length > 500) return fail('alerts', 'at most 500 characters');
    rows.push({
      line,
      start: `${date} ${time}`,
      title,
      durationMinutes: duration,
      occupancySold: sold,
      occupancyMax: max,
      isCancelled: TRUE.has(cancelledText),
      alertsRaw,
    });
  });
  return { rows, errors };
}
