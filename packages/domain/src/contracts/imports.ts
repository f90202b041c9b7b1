import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { isValidTimeZone } from '../time/zone.js';

/**
 * External data imports (issue 16, spec sections 3 "External data import task" and 7
 * "ExternalDataImportTask", "file-upload"): a task of a client group says where a file comes from (an
 * upload, or a daily pull from an HTTPS address), how to read it (CSV or XLSX, delimiter, encoding,
 * column mapping, the data's time zone and granularity) and feeds the location series Sales,
 * Transactions, ItemsSold and StaffHours through the ingest path. A run previews, then writes all or
 * nothing (or skips the bad rows when the task says so); its history and error report are kept.
 */
export const IMPORT_KPIS = ['Sales', 'Transactions', 'ItemsSold', 'StaffHours'] as const;
export type ImportKpi = (typeof IMPORT_KPIS)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const IMPORT_DELIMITERS = ['comma', 'semicolon', 'tab'] as const;
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1', 'utf-16le'] as const;
export const IMPORT_LOCATION_BY = ['referenceId', 'name', 'macAddress'] as const;
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYYMMDD'] as const;
/** `HH:mm` (or `H:mm`, seconds ignored) or an hour number 0-23 */
export const IMPORT_TIME_FORMATS = ['HH:mm', 'hour'] as const;
/** minutes per row: 15, 30, 60, or one figure a day (`day`) */
export const IMPORT_GRANULARITIES = ['15', '30', '60', 'day'] as const;
export type ImportGranularity = (typeof IMPORT_GRANULARITIES)[number];
export const IMPORT_RUN_STATUSES = ['running', 'succeeded', 'rejected', 'failed'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
/** Per-row problems; the web translates the code, the report carries the English message. */
export const IMPORT_ROW_ERRORS = [
  'location_unknown',
  'date_invalid',
  'time_invalid',
  'time_not_on_granularity',
  'time_skipped',
  'value_invalid',
  'value_missing',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERRORS)[number];
/** Rows shown by the preview. */
export const IMPORT_PREVIEW_ROWS = 20;

const columnName = safeText().trim().min(1).max(200);

export const ImportMapping = z
  .object({
    /** the column naming the location, read as its reference id, name or MAC address */
    location: columnName,
    locationBy: z.enum(IMPORT_LOCATION_BY),
    date: columnName,
    dateFormat: z.enum(IMPORT_DATE_FORMATS),
    /** the column with the time of day or the hour; null: a daily figure (granularity `day`) */
    time: columnName.nullable(),
    timeFormat: z.enum(IMPORT_TIME_FORMATS),
    /** column of each KPI imported (at least one) */
    values: z
      .object({
        Sales: columnName.optional(),
        Transactions: columnName.optional(),
        ItemsSold: columnName.optional(),
        StaffHours: columnName.optional(),
      })
      .strict()
      .refine((v) => Object.values(v).some(Boolean), { message: 'map at least one KPI column' }),
    /** numbers written with a decimal comma (1 234,50) */
    decimalComma: z.boolean(),
  })
  .strict();
export type ImportMapping = z.infer<typeof ImportMapping>;

/** An https:// address with a host (domain has no URL class: no Node or DOM APIs here). */
const httpsUrl = safeText()
  .trim()
  .max(2000)
  .regex(/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'expected an https:// address');

/** An sftp://host[:port]/path address naming a file (the user and password are fields of their own). */
const sftpUrl = safeText()
  .trim()
  .max(2000)
  .regex(/^sftp:\/\/[^\s/?#@:]+(?::\d{1,5})?\/\S*[^/\s]$/i, 'expected an sftp://host/path/file address');

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected "HH:mm"');

/** Kinds of a scheduled pull: HTTPS (Basic authentication) or SFTP (password authentication). */
export const IMPORT_PULL_KINDS = ['https', 'sftp'] as const;
export type ImportPullKind = (typeof IMPORT_PULL_KINDS)[number];

/** The fields of a pulled source: the address, the credentials, the time of the daily pull. */
const pullSource = <K extends ImportPullKind>(kind: K, url: typeof httpsUrl) =>
  z
    .object({
      kind: z.literal(kind),
      url,
      username: safeText().max(200).nullable(),
      /** undefined on update: keep the stored one; null: none */
      password: safeText().max(500).nullable().optional(),
      /** daily pull at this time of the client group's zone (UTC without one) */
      pullAt: timeOfDay,
    })
    .strict();

/**
 * An SSH host key fingerprint as `ssh-keygen -lf` prints it: "SHA256:" and the 43 characters of the
 * unpadded base64 of the key's SHA-256.
 */
export const SSH_FINGERPRINT_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;

/** Where the file comes from. The password is write-only: answers say `hasPassword`. */
export const ImportSourceInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload') }).strict(),
  pullSource('https', httpsUrl),
  pullSource('sftp', sftpUrl).extend({
    /** the SFTP server's host key, pinned; null or left out: none yet (pulls refused, naming the key seen) */
    hostKeyFingerprint: z
      .string()
      .trim()
      .regex(
        SSH_FINGERPRINT_PATTERN,
        'expected a SHA256 fingerprint as ssh-keygen -lf prints it (SHA256:...)',
      )
      .nullable()
      .optional(),
  }),
]);
export type ImportSourceInput = z.infer<typeof ImportSourceInput>;

const pulledSource = <K extends ImportPullKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    url: z.string(),
    username: z.string().nullable(),
    hasPassword: z.boolean(),
    pullAt: z.string(),
  });

export const ImportSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload') }),
  pulledSource('https'),
  pulledSource('sftp').extend({ hostKeyFingerprint: z.string().nullable() }),
]);
export type ImportSource = z.infer<typeof ImportSource>;

const timeZone = safeText()
  .max(100)
  .refine((s) => isValidTimeZone(s), { message: 'unknown IANA time zone' });

export const ImportTaskBody = z
  .object({
    organizationalTreeId: z.uuid(),
    name: safeText().trim().min(1).max(200),
    source: ImportSourceInput,
    format: z.enum(IMPORT_FORMATS),
    delimiter: z.enum(IMPORT_DELIMITERS),
    encoding: z.enum(IMPORT_ENCODINGS),
    mapping: ImportMapping,
    /** the zone the file's dates and times are in; null: each location's own */
    timeZone: timeZone.nullable(),
    granularity: z.enum(IMPORT_GRANULARITIES),
    /** true: bad rows are reported and skipped, the rest written; false: one bad row rejects the run */
    skipInvalidRows: z.boolean(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.granularity === 'day' && b.mapping.time !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['mapping', 'time'],
        message: 'a daily figure has no time column',
      });
    if (b.granularity !== 'day' && b.mapping.time === null)
      ctx.addIssue({ code: 'custom', path: ['mapping', 'time'], message: 'map the time column' });
  });
export type ImportTaskBody = z.infer<typeof ImportTaskBody>;

export const ImportRun = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  status: z.enum(IMPORT_RUN_STATUSES),
  trigger: z.enum(['upload', 'pull']),
  fileName: z.string(),
  startedOn: z.string(),
  finishedOn: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsRejected: z.number().int(),
  pointsWritten: z.number().int(),
  /** the first problem (a bad row, an unreadable file) in English; clients show the counts and the report */
  message: z.string().nullable(),
  /** total size of the file and how far the reading got, for a progress bar */
  bytesTotal: z.number().int(),
  bytesRead: z.number().int(),
  startedBy: z.string().nullable(),
});
export type ImportRun = z.infer<typeof ImportRun>;

export const ImportTask = z.object({
  id: z.uuid(),
  organizationalTreeId: z.uuid(),
  name: z.string(),
  disabledOn: z.string().nullable(),
  source: ImportSource,
  format: z.enum(IMPORT_FORMATS),
  delimiter: z.enum(IMPORT_DELIMITERS),
  encoding: z.enum(IMPORT_ENCODINGS),
  mapping: ImportMapping,
  timeZone: z.string().nullable(),
  granularity: z.enum(IMPORT_GRANULARITIES),
  skipInvalidRows: z.boolean(),
  createdOn: z.string(),
  lastRun: ImportRun.nullable(),
});
export type ImportTask = z.infer<typeof ImportTask>;
export const ImportTaskList = z.array(ImportTask);

export const ImportTaskQuery = z.object({ organizationalTreeId: z.uuid().optional() }).strict();
export const ImportRunParams = z.object({ id: z.uuid(), runId: z.uuid() });

export const FileUploadQuery = z.object({ name: safeText().trim().min(1).max(255) }).strict();
export const UploadedFile = z.object({ fileId: z.uuid(), name: z.string(), size: z.number().int() });
export type UploadedFile = z.infer<typeof UploadedFile>;

export const ImportFileBody = z.object({ fileId: z.uuid() }).strict();

export const ImportRowError = z.object({
  /** the file's row number (the header is row 1) */
  row: z.number().int(),
  column: z.string(),
  code: z.enum(IMPORT_ROW_ERRORS),
  value: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportPreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number().int(),
      cells: z.array(z.string()),
      locationName: z.string().nullable(),
      /** the instant the row lands on (ISO), null when it cannot be read */
      occurredOn: z.string().nullable(),
      /** the zone the row's date and time were read in (the task's or the location's) */
      timeZone: z.string().nullable(),
      errors: z.array(ImportRowError),
    }),
  ),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
