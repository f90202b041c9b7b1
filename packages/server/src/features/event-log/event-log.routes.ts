import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventLogPage, EventLogQuery } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

export const eventLogRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/EventLog',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags: ['event log'], querystring: EventLogQuery, response: { 200: EventLogPage } },
    },
    async (req) => services.eventLog.query(principalOf(req), req.query),
  );
};
