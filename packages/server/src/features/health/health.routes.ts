import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Feature } from '../feature.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/http/error-handler.js';

export const healthRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_req, reply) => {
      const ok = await services.health.databaseAnswers();
      if (ok) return { status: 'ok' as const };
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const });
    },
  );
};
