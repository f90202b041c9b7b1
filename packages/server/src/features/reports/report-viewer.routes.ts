import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  ReportAction,
  ReportActionResult,
  ReportFormAction,
  ReportNameParams,
  ReportResourceQuery,
  ReportViewerGetQuery,
  ReportViewerGetResponse,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { replyFile } from './report-reply.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/pdf',
];

/**
 * The spec's ReportViewer calls (section 7): Get, PostReportAction, GetResource and
 * PostFormReportAction, over the same reports as /api/Report (report-viewer.service.ts). A report
 * instance travels as a key (base64url JSON of its name and parameters); every call checks the
 * caller's reports (403; dashboard-only users have none) and the scope of its nodes (404).
 */
export const reportViewerRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const viewer = services.reportViewer;

  // the form variant's body; this plugin's scope only (no other route takes forms)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  r.get(
    '/api/ReportViewer/:reportName',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Get: a report's definition and parameters, with its first page when parameters are passed",
        description:
          '?parameters is base64url JSON of the ReportParameters of POST /api/Report/{reportName}. The answer ' +
          'carries the instance key that PostReportAction, GetResource and PostFormReportAction take.',
        params: ReportNameParams,
        querystring: ReportViewerGetQuery,
        response: { 200: ReportViewerGetResponse, ...errors },
      },
    },
    async (req) => viewer.get(principalOf(req), req.params.reportName, req.query),
  );

  r.post(
    '/api/ReportViewer/PostReportAction',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'PostReportAction: getPage, sort or export on a report instance',
        description:
          'getPage {key, sectionId?, pageIndex, pageSize, sortModel}, sort {key, sectionId?, pageSize, ' +
          'sortModel}: a page sorted on the server. export {key, format}: the file name, type and the ' +
          'GetResource address that hands it out.',
        body: ReportAction,
        response: { 200: ReportActionResult, ...errors },
      },
    },
    async (req) => viewer.action(principalOf(req), req.body),
  );

  r.get(
    '/api/ReportViewer/GetResource',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'GetResource: an export file (resourceType=export&format=) or a chart as SVG (resourceType=chart&index=)',
        querystring: ReportResourceQuery,
        produces: [...FILE_TYPES, 'image/svg+xml'],
      },
    },
    async (req, reply) => replyFile(reply, await viewer.resource(principalOf(req), req.query)),
  );

  r.post(
    '/api/ReportViewer/PostFormReportAction',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'PostFormReportAction: the export of a form-encoded request (key, format) as a download',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ReportFormAction,
        produces: FILE_TYPES,
      },
    },
    async (req, reply) => replyFile(reply, await viewer.formAction(principalOf(req), req.body)),
  );
};
