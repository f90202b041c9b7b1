import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  GeneratePdfRequest,
  GetRowsRequest,
  GetRowsResponse,
  LANGUAGES,
  ReportCatalogueResponse,
  ReportDocument,
  ReportFileQuery,
  ReportNameParams,
  ReportPageQuery,
  ReportParameters,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { replyFile } from './report-reply.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

/**
 * Reports (issue 14): the catalogue, a report's document with its first page of rows, the
 * server-side row model of the viewer's grid (spec "AgGrid get-rows and generate-pdf"), the files
 * (XLSX, CSV, PDF) and the spec's TrafficReport. Everyone but dashboard-only users, for the reports on
 * their user (a superAdmin: all); a node outside the caller's scope answers 404.
 */
export const reportRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/api/Report',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The reports the caller may run, titles in the language asked',
        querystring: z.object({ language: z.enum(LANGUAGES).default('en') }).strict(),
        response: { 200: ReportCatalogueResponse, ...errors },
      },
    },
    async (req) => services.reports.catalogue(principalOf(req), req.query.language),
  );

  r.post(
    '/api/Report/:reportName',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A report computed from the aggregated query, with the first pageSize rows of each section',
        description:
          'from/to are local wall-clock times of each location (from inclusive, to exclusive). Every figure is ' +
          'a value of POST /api/TimeSeries/AggregatedTimeSeries for the same parameters. Further pages: ' +
          'POST /api/AgGrid/get-rows.',
        params: ReportNameParams,
        querystring: ReportPageQuery,
        body: ReportParameters,
        response: { 200: ReportDocument, ...errors },
      },
    },
    async (req) =>
      services.reports.run(principalOf(req), req.params.reportName, req.body, req.query.pageSize),
  );

  r.post(
    '/api/Report/:reportName/file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A report as a file: ?format=xlsx | csv | pdf',
        description:
          'XLSX: one sheet per section, typed numbers, frozen header (streamed by exceljs). CSV: UTF-8 with a ' +
          'byte-order mark; decimalSeparator "," writes decimal commas and semicolon separators. PDF: A4, ' +
          'landscape when wide, page numbers, table headers repeated on each page.',
        params: ReportNameParams,
        querystring: ReportFileQuery,
        body: ReportParameters,
        produces: [
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'text/csv',
          'application/pdf',
        ],
      },
    },
    async (req, reply) => {
      const file = await services.reports.streamFile(principalOf(req), {
        reportName: req.params.reportName,
        parameters: req.body,
        format: req.query.format,
      });
      return replyFile(reply, file);
    },
  );

  r.post(
    '/api/TrafficReport',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The traffic report (spec "TrafficReport"): POST /api/Report/trafficReport',
        querystring: ReportPageQuery,
        body: ReportParameters,
        response: { 200: ReportDocument, ...errors },
      },
    },
    async (req) => services.reports.run(principalOf(req), 'trafficReport', req.body, req.query.pageSize),
  );

  r.post(
    '/api/AgGrid/get-rows',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A page of a report section's rows, sorted on the server (the viewer's row model)",
        body: GetRowsRequest,
        response: { 200: GetRowsResponse, ...errors },
      },
    },
    async (req) => services.reports.getRows(principalOf(req), req.body),
  );

  r.post(
    '/api/AgGrid/generate-pdf',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The table view of a report (one section, in the order shown) as a PDF',
        body: GeneratePdfRequest,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const file = await services.reports.tablePdf(principalOf(req), req.body);
      return replyFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
