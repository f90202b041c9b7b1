import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IrisysPush, SensorIngestResponse, XovisPush } from '@footfall/domain';
import type { Feature } from '../../feature.js';

const tags = ['ingest'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/**
 * Push endpoints in the sensors' own formats. Same authentication as /api/ingest/measurements (an
 * admin-kind bearer or the client group's X-Api-Key); the device must lie in that scope (404 else).
 */
export const sensorRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sensors = services.sensors;

  r.post(
    '/api/ingest/xovis',
    {
      config: { access: 'ingest' },
      schema: { tags, security, body: XovisPush, response: { 200: SensorIngestResponse } },
    },
    async (req) => sensors.xovis(req, req.body),
  );

  r.post(
    '/api/ingest/irisys',
    {
      config: { access: 'ingest' },
      schema: { tags, security, body: IrisysPush, response: { 200: SensorIngestResponse } },
    },
    async (req) => sensors.irisys(req, req.body),
  );
};
