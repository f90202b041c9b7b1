import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SensorIngestResponse } from '@footfall/domain';
import { z } from 'zod';
import type { Feature } from '../../feature.js';
import { parseVivotek } from './vivotek.js';

/**
 * POST /api/ingest/vivotek: the Vivotek push (JSON, see vivotek.ts). Same authentication as
 * /api/ingest/measurements (admin-kind bearer, the client group's X-Api-Key); the device must lie in
 * the caller's scope (404 naming its identity else). A malformed payload answers 400 naming the field.
 */
export const vivotekRoutes: Feature = (services) => async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ingest/vivotek',
    {
      config: { access: 'ingest' },
      schema: {
        tags: ['ingest'],
        security: [{ bearer: [] }, { apiKey: [] }],
        body: z.unknown(),
        response: { 200: SensorIngestResponse },
      },
    },
    async (req) => services.devicePushes.ingest(req, parseVivotek(req.body)),
  );
};
