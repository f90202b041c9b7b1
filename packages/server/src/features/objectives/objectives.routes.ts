import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  ObjectiveFileBody,
  ObjectiveFileQuery,
  ObjectiveList,
  ObjectiveQuery,
  PerformanceQuery,
  PerformanceResponse,
  SetObjectivesBody,
  SetObjectivesResult,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['objectives'];

/** Objective load and set (spec section 7), admin-kind; performance (GET) for every signed-in user. */
export const objectiveRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Objective',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary: "Objectives of nodes in the caller's scope, optionally by node, KPI and overlapping dates",
        querystring: ObjectiveQuery,
        response: { 200: ObjectiveList },
      },
    },
    async (req) => services.objectives.list(principalOf(req), req.query),
  );

  r.post(
    '/api/Objective/set',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary:
          'Create, replace (same node, KPI, period type and start date) or delete (value null) objectives',
        body: SetObjectivesBody,
        response: { 200: SetObjectivesResult },
      },
    },
    async (req) => services.objectives.set(principalOf(req), req.body),
  );

  r.get(
    '/api/Objective/file',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary: "A year's monthly objectives of the caller's locations as a grid file (CSV or XLSX)",
        querystring: ObjectiveFileQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const doc = await services.objectives.gridFile(principalOf(req), req.query);
      const xlsx = req.query.format === 'xlsx';
      const body = xlsx ? await services.exports.tableXlsx(doc) : services.exports.tableCsv(doc);
      const name = `objectives-${req.query.kpi}-${req.query.year}.${req.query.format}`;
      return reply
        .header(
          'content-type',
          xlsx
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  r.post(
    '/api/Objective/file',
    {
      config: { access: ACCESS.adminKind },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import a grid file (the export layout): its filled cells are set, "-" deletes',
        body: ObjectiveFileBody,
        response: { 200: SetObjectivesResult },
      },
    },
    async (req) => services.objectives.importFile(principalOf(req), req.body),
  );

  r.delete(
    '/api/Objective/:id',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => services.objectives.remove(principalOf(req), req.params.id),
  );

  r.get(
    '/api/Performance',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Each node against its objectives over a period: actual, objective, % achieved, gap, projection',
        querystring: PerformanceQuery,
        response: { 200: PerformanceResponse },
      },
    },
    async (req) => services.performance.get(principalOf(req), req.query),
  );
};
