import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { AGGREGATIONS } from '../periods/ladder.js';
import { REPORT_LAYOUTS, REPORT_NAMES, type ReportDefinition } from './definitions.js';
import { REPORT_FORMATS, ReportDocument, ReportRow, SortModel } from './document.js';

/**
 * The ReportViewer API (spec section 7 "ReportViewer: Get, PostReportAction, GetResource,
 * PostFormReportAction"): a thin layer over the report definitions and the reports service, for
 * clients that drive a report instance by a key instead of resending its parameters.
 *
 * A report instance is its name and parameters; its `key` is their base64url JSON. The key carries no
 * right: every call checks the caller's reports and scope again (403, 404), so a key handed to another
 * user opens nothing outside theirs. Computed reports are kept two minutes per user and parameters,
 * so the actions that follow a Get read the same figures without querying again.
 */

/** base64url JSON of {reportName, parameters}, as Get and every action answer it */
export const ReportInstanceKey = z
  .string()
  .min(1)
  .max(40_000)
  .regex(/^[A-Za-z0-9_-]+$/, 'a report instance key is base64url');

/** GET /api/ReportViewer/{reportName}: the definition, and the first page when parameters are passed. */
export const ReportViewerGetQuery = z
  .object({
    /** the language of the titles (default: the parameters' language, else English) */
    language: z.enum(LANGUAGES).optional(),
    /** base64url JSON of ReportParameters (the web's /report/{name}/{source} uses the same encoding) */
    parameters: z
      .string()
      .min(1)
      .max(40_000)
      .regex(/^[A-Za-z0-9_-]+$/, 'parameters are base64url JSON')
      .optional(),
    pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();
export type ReportViewerGetQuery = z.infer<typeof ReportViewerGetQuery>;

/** One parameter a report takes, described for a client that builds its own parameter form. */
export const ReportParameterInfo = z.object({
  name: z.string(),
  type: z.enum(['nodeIds', 'localDateTime', 'aggregation', 'boolean', 'weekdays', 'language', 'separator']),
  required: z.boolean(),
  /** e.g. "nodeIds2 or from2/to2": one of a group is required */
  requiredWith: z.string().nullable(),
});
export type ReportParameterInfo = z.infer<typeof ReportParameterInfo>;

export const ReportViewerDefinition = z.object({
  name: z.enum(REPORT_NAMES),
  title: z.string(),
  description: z.string(),
  layout: z.enum(REPORT_LAYOUTS),
  comparative: z.boolean(),
  zones: z.boolean(),
  newRoute: z.string().nullable(),
  defaultAggregation: z.enum(AGGREGATIONS).nullable(),
  parameters: z.array(ReportParameterInfo),
});

export const ReportViewerGetResponse = z.object({
  definition: ReportViewerDefinition,
  /** the instance run with the parameters passed, with its first page; null without parameters */
  instance: z.object({ key: ReportInstanceKey, document: ReportDocument }).nullable(),
});
export type ReportViewerGetResponse = z.infer<typeof ReportViewerGetResponse>;

const sectionId = z.string().min(1).max(50).optional();
const pageSize = z.number().int().min(1).max(1000).default(100);

/** POST /api/ReportViewer/PostReportAction: what to do on an instance, by `reportAction`. */
export const ReportAction = z.discriminatedUnion('reportAction', [
  /** a page of a section (0-based pageIndex), sorted by sortModel */
  z
    .object({
      reportAction: z.literal('getPage'),
      key: ReportInstanceKey,
      sectionId,
      pageIndex: z.number().int().min(0).default(0),
      pageSize,
      sortModel: SortModel,
    })
    .strict(),
  /** sort a section: its first page in the new order */
  z
    .object({
      reportAction: z.literal('sort'),
      key: ReportInstanceKey,
      sectionId,
      pageSize,
      sortModel: SortModel.refine((s) => s.length > 0, 'sort needs at least one column'),
    })
    .strict(),
  /** prepare an export: where GetResource (or PostFormReportAction) hands out the file */
  z
    .object({
      reportAction: z.literal('export'),
      key: ReportInstanceKey,
      format: z.enum(REPORT_FORMATS),
    })
    .strict(),
]);
export type ReportAction = z.infer<typeof ReportAction>;

export const ReportPageResult = z.object({
  reportAction: z.enum(['getPage', 'sort']),
  key: ReportInstanceKey,
  sectionId: z.string(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  rowCount: z.number().int(),
  rows: z.array(ReportRow),
  totals: ReportRow.nullable(),
});
export const ReportExportResult = z.object({
  reportAction: z.literal('export'),
  key: ReportInstanceKey,
  fileName: z.string(),
  contentType: z.string(),
  /** GET it with the bearer token: /api/ReportViewer/GetResource?key=...&resourceType=export&format=... */
  url: z.string(),
});
export const ReportActionResult = z.union([ReportPageResult, ReportExportResult]);
export type ReportActionResult = z.infer<typeof ReportActionResult>;

/** GET /api/ReportViewer/GetResource: a rendered resource of an instance. */
export const ReportResourceQuery = z
  .object({
    key: ReportInstanceKey,
    /** export: the report file in `format`; chart: the chart number `index` as SVG */
    resourceType: z.enum(['export', 'chart']),
    format: z.enum(REPORT_FORMATS).optional(),
    index: z.coerce.number().int().min(0).max(50).optional(),
  })
  .strict()
  .refine((q) => q.resourceType !== 'export' || q.format !== undefined, {
    message: 'an export needs a format (xlsx, csv or pdf)',
    path: ['format'],
  });
export type ReportResourceQuery = z.infer<typeof ReportResourceQuery>;

/** POST /api/ReportViewer/PostFormReportAction (application/x-www-form-urlencoded): the export file. */
export const ReportFormAction = z
  .object({
    key: ReportInstanceKey,
    reportAction: z.literal('export').default('export'),
    format: z.enum(REPORT_FORMATS),
  })
  .strict();
export type ReportFormAction = z.infer<typeof ReportFormAction>;

/** The parameters a report takes (ReportParameters), as a client-side form would ask them. */
export function reportParameterInfos(def: Pick<ReportDefinition, 'comparative'>): ReportParameterInfo[] {
  const p = (
    name: string,
    type: ReportParameterInfo['type'],
    required = false,
    requiredWith: string | null = null,
  ): ReportParameterInfo => ({ name, type, required, requiredWith });
  const second = 'nodeIds2 or from2 and to2';
  return [
    p('nodeIds', 'nodeIds', true),
    ...(def.comparative
      ? [
          p('nodeIds2', 'nodeIds', false, second),
          p('from2', 'localDateTime', false, second),
          p('to2', 'localDateTime', false, second),
        ]
      : []),
    p('from', 'localDateTime', true),
    p('to', 'localDateTime', true),
    p('aggregation', 'aggregation'),
    p('businessHoursOnly', 'boolean'),
    p('applyTimePeriodToEachDay', 'boolean'),
    p('includeDays', 'weekdays'),
    p('language', 'language'),
    p('decimalSeparator', 'separator'),
  ];
}
