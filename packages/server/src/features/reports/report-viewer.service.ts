import { z } from 'zod';
import {
  REPORT_DEFINITIONS,
  REPORT_NAMES,
  ReportParameters,
  reportParameterInfos,
  reportText,
  type Language,
  type Principal,
  type ReportAction,
  type ReportActionResult,
  type ReportFormat,
  type ReportName,
  type ReportResourceQuery,
  type ReportViewerGetQuery,
  type ReportViewerGetResponse,
} from '@footfall/domain';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import type { ExportsService } from '../exports/exports.service.js';
import type { ReportsService } from './reports.service.js';
import { reportFileName } from './report-rows.js';

/** What a key stands for: a report and its parameters (normalised, so equal instances share a key). */
const Instance = z.object({ reportName: z.enum(REPORT_NAMES), parameters: ReportParameters }).strict();
type Instance = z.infer<typeof Instance>;

const CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
const CHART_W = 1000;
const CHART_H = 320;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** base64url JSON -> the schema's value, or a 400 naming `field` and the path inside it. */
function decode<T>(schema: z.ZodType<T>, text: string, field: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(`${field} is not base64url JSON`, field);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, [field, ...issue.path.map(String)].join('.'));
  }
  return parsed.data;
}

export const reportInstanceKey = (instance: Instance) => encode(Instance.parse(instance));

/**
 * The ReportViewer API (spec section 7): Get, PostReportAction, GetResource, PostFormReportAction
 * over the reports service. It adds no figures of its own: every page, sort and file is the reports
 * service's, which checks the caller's reports (403) and the nodes' scope (404) on every call.
 */
export function createReportViewerService(deps: {
  reports: ReportsService;
  exports: Pick<ExportsService, 'reportChartSvg'>;
}) {
  const { reports } = deps;

  /** 403 unless the report is among the caller's (dashboard-only users have none). */
  async function assertMayOpen(principal: Principal, name: ReportName) {
    const mine = await reports.catalogue(principal, 'en');
    if (!mine.some((r) => r.name === name)) throw forbidden('This report is not among your reports');
  }

  async function page(
    principal: Principal,
    instance: Instance,
    key: string,
    q: {
      sectionId?: string;
      pageIndex: number;
      pageSize: number;
      sortModel: { colId: string; sort: 'asc' | 'desc' }[];
    },
  ) {
    const startRow = q.pageIndex * q.pageSize;
    const { rows, lastRow, totals } = await reports.getRows(principal, {
      reportName: instance.reportName,
      parameters: instance.parameters,
      sectionId: q.sectionId,
      startRow,
      endRow: startRow + q.pageSize,
      sortModel: q.sortModel,
    });
    const doc = await reports.run(principal, instance.reportName, instance.parameters, 1);
    return {
      key,
      sectionId: q.sectionId ?? doc.sections[0]?.id ?? '',
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      pageCount: Math.max(1, Math.ceil(lastRow / q.pageSize)),
      rowCount: lastRow,
      rows,
      totals,
    };
  }

  async function file(principal: Principal, instance: Instance, format: ReportFormat) {
    return reports.renderFile(principal, {
      reportName: instance.reportName,
      parameters: instance.parameters,
      format,
    });
  }

  return {
    /** Get: the definition in the language asked, and the instance's first page when parameters are passed. */
    async get(
      principal: Principal,
      name: ReportName,
      q: ReportViewerGetQuery,
    ): Promise<ReportViewerGetResponse> {
      await assertMayOpen(principal, name);
      const parameters = q.parameters ? decode(ReportParameters, q.parameters, 'parameters') : null;
      const language: Language = q.language ?? parameters?.language ?? 'en';
      const d = REPORT_DEFINITIONS[name];
      const definition = {
        name,
        title: reportText(language, d.title),
        description: reportText(language, d.description),
        layout: d.layout,
        comparative: d.comparative,
        zones: d.zones,
        newRoute: d.newRoute,
        defaultAggregation: d.defaultAggregation,
        parameters: reportParameterInfos(d),
      };
      if (!parameters) return { definition, instance: null };
      const document = await reports.run(principal, name, parameters, q.pageSize);
      return { definition, instance: { key: reportInstanceKey({ reportName: name, parameters }), document } };
    },

    /** PostReportAction: a page, a sort, or an export's address, on the instance of `key`. */
    async action(principal: Principal, a: ReportAction): Promise<ReportActionResult> {
      const instance = decode(Instance, a.key, 'key');
      switch (a.reportAction) {
        case 'getPage':
          return { reportAction: 'getPage', ...(await page(principal, instance, a.key, a)) };
        case 'sort':
          return {
            reportAction: 'sort',
            ...(await page(principal, instance, a.key, { ...a, pageIndex: 0 })),
          };
        case 'export': {
          // computed now (checked, and kept for the GET that follows), rendered when fetched
          const doc = await reports.run(principal, instance.reportName, instance.parameters, 1);
          const query = new URLSearchParams({ key: a.key, resourceType: 'export', format: a.format });
          return {
            reportAction: 'export',
            key: a.key,
            fileName: reportFileName(doc, a.format),
            contentType: CONTENT_TYPES[a.format],
            url: `/api/ReportViewer/GetResource?${query.toString()}`,
          };
        }
      }
    },

    /** GetResource: the export file, or a chart of the report as SVG. */
    async resource(
      principal: Principal,
      q: ReportResourceQuery,
    ): Promise<{ contentType: string; fileName: string; body: Buffer | string }> {
      const instance = decode(Instance, q.key, 'key');
      if (q.resourceType === 'export') return file(principal, instance, q.format!);
      const doc = await reports.run(principal, instance.reportName, instance.parameters, 1);
      const charts = doc.charts.filter((c) => c.categories.length > 0 && c.series.length > 0);
      const index = q.index ?? 0;
      const chart = charts[index];
      if (!chart)
        throw badRequest(`the report has ${charts.length} chart(s): no chart number ${index}`, 'index');
      return {
        contentType: 'image/svg+xml',
        fileName: reportFileName(doc, 'pdf').replace(/\.pdf$/, `_chart-${index + 1}.svg`),
        body: deps.exports.reportChartSvg(chart, CHART_W, CHART_H),
      };
    },

    /** PostFormReportAction: the export file of a form-encoded request. */
    async formAction(principal: Principal, f: { key: string; format: ReportFormat }) {
      return file(principal, decode(Instance, f.key, 'key'), f.format);
    },
  };
}

export type ReportViewerService = ReturnType<typeof createReportViewerService>;
