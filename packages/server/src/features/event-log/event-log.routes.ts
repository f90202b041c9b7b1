import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventLogPage, EventLogQuery } from '@footfall/domain';
import type { Feature } from '../feature.js';

export const eventLogRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/EventLog',
    {
      config: { access: { roles: ['superAdmin', 'admin'] } },
      schema: { tags: ['event log'], querystring: EventLogQuery, response: { 200: EventLogPage } },
    },
    async (req) => services.eventLog.query(req.principal!, req.query),
  );
};
