import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
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
        summary: 'Create, replace (same node, KPI, period type and start date) or delete (value null) objectives',
        body: SetObjectivesBody,
        response: { 200: SetObjectivesResult },
      },
    },
    async (req) => services.objectives.set(principalOf(req), req.body),
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
        summary: 'Each node against its objectives over a period: actual, objective, % achieved, gap, projection',
        querystring: PerformanceQuery,
        response: { 200: PerformanceResponse },
      },
    },
    async (req) => services.performance.get(principalOf(req), req.query),
  );
};
