import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { COLUMN_KINDS, REPORT_NAMES } from './definitions.js';
import { ReportParameters } from './parameters.js';

/**
 * A computed report (issue 14): what the viewer shows and what the XLSX, CSV and PDF files carry.
 * Every figure comes from the aggregated query for the report's parameters; labels are already in
 * the report's language.
 */

export const ReportCell = z.union([z.number(), z.string(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;
export const ReportRow = z.record(z.string(), ReportCell);
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(COLUMN_KINDS),
  /** the KPI the figure is of (formats a value as the dashboards do) */
  kpi: z.string().optional(),
  /** percent columns coloured from these thresholds (capacity use) */
  thresholds: z.object({ warning: z.number(), critical: z.number() }).optional(),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportSection = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(ReportColumn),
  /** the number of rows of the whole section */
  rowCount: z.number().int(),
  /** the first page of rows (all of them in files) */
  rows: z.array(ReportRow),
  /** the whole selection's figures (the aggregated query's summary), null when not meaningful */
  totals: ReportRow.nullable(),
});
export type ReportSection = z.infer<typeof ReportSection>;

export const ReportChartData = z.object({
  type: z.enum(['line', 'bar']),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), kpi: z.string(), data: z.array(z.number().nullable()) })),
});
export type ReportChartData = z.infer<typeof ReportChartData>;

export const ReportDocument = z.object({
  reportName: z.enum(REPORT_NAMES),
  title: z.string(),
  language: z.enum(LANGUAGES),
  /** the parameters in words ("Locations: ...", "Business hours only"), one line each */
  parameterLines: z.array(z.string()),
  /** "Period: 2024-03-04 00:00 – 2024-03-11 00:00 (daily)" */
  periodLine: z.string(),
  from: z.string(),
  to: z.string(),
  aggregation: z.enum(AGGREGATIONS),
  generatedAt: z.string(),
  sections: z.array(ReportSection),
  charts: z.array(ReportChartData),
});
export type ReportDocument = z.infer<typeof ReportDocument>;

export const ReportNameParams = z.object({ reportName: z.enum(REPORT_NAMES) });

export const ReportPageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});

export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ReportFileQuery = z.object({ format: z.enum(REPORT_FORMATS) }).strict();

export const SortModel = z
  .array(z.object({ colId: z.string().min(1).max(100), sort: z.enum(['asc', 'desc']) }))
  .max(5)
  .default([]);

/** POST /api/AgGrid/get-rows: a page of one section's rows, sorted on the server. */
export const GetRowsRequest = z
  .object({
    reportName: z.enum(REPORT_NAMES),
    parameters: ReportParameters,
    sectionId: z.string().min(1).max(50).optional(),
    startRow: z.number().int().min(0).default(0),
    endRow: z.number().int().min(1).default(100),
    sortModel: SortModel,
  })
  .strict()
  .refine((r) => r.endRow > r.startRow && r.endRow - r.startRow <= 1000, {
    message: 'endRow must be after startRow, at most 1000 rows a page',
    path: ['endRow'],
  });
export type GetRowsRequest = z.infer<typeof GetRowsRequest>;
export type GetRowsRequestInput = z.input<typeof GetRowsRequest>;

export const GetRowsResponse = z.object({
  rows: z.array(ReportRow),
  /** the section's row count: the grid knows where the last page ends */
  lastRow: z.number().int(),
  totals: ReportRow.nullable(),
});
export type GetRowsResponse = z.infer<typeof GetRowsResponse>;

/** POST /api/AgGrid/generate-pdf: the table view (one section, sorted as on screen) as a PDF. */
export const GeneratePdfRequest = z
  .object({
    reportName: z.enum(REPORT_NAMES),
    parameters: ReportParameters,
    sectionId: z.string().min(1).max(50).optional(),
    sortModel: SortModel,
  })
  .strict();
export type GeneratePdfRequest = z.infer<typeof GeneratePdfRequest>;

/** GET /api/Report: the reports the caller may run. */
export const ReportCatalogueResponse = z.array(
  z.object({
    name: z.enum(REPORT_NAMES),
    title: z.string(),
    description: z.string(),
    newRoute: z.string().nullable(),
    comparative: z.boolean(),
    zones: z.boolean(),
  }),
);
export type ReportCatalogueResponse = z.infer<typeof ReportCatalogueResponse>;
