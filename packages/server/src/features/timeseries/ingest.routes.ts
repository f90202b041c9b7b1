import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateIngestKeyBody,
  CreatedIngestKey,
  IdParams,
  IngestKeyList,
  IngestKeyView,
  IngestMeasurementsBody,
  IngestResponse,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';

const ADMIN_KIND = { roles: ['superAdmin', 'admin'] } as const;
const tags = ['ingest'];

/**
 * Measurement ingestion (our own JSON) and the ingest keys devices authenticate with. The answer
 * comes only once the batch and its rollups are committed.
 */
export const ingestRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ingest = services.ingest;
  const me = (req: { principal: Principal | null }) => req.principal!;

  r.post(
    '/api/ingest/measurements',
    {
      config: { access: 'ingest' },
      schema: {
        tags,
        security: [{ bearer: [] }, { apiKey: [] }],
        body: IngestMeasurementsBody,
        response: { 200: IngestResponse },
      },
    },
    async (req) => ingest.ingest(req, req.body.measurements),
  );

  r.get(
    '/api/IngestKey',
    { config: { access: ADMIN_KIND }, schema: { tags, response: { 200: IngestKeyList } } },
    async (req) => ingest.listKeys(me(req)),
  );

  r.post(
    '/api/IngestKey',
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: CreateIngestKeyBody, response: { 201: CreatedIngestKey } },
    },
    async (req, reply) => reply.status(201).send(await ingest.createKey(me(req), req.body)),
  );

  r.put(
    '/api/IngestKey/:id',
    {
      config: { access: ADMIN_KIND },
      schema: {
        tags,
        params: IdParams,
        body: z.object({ name: z.string().trim().min(1).max(200) }),
        response: { 200: IngestKeyView },
      },
    },
    async (req) => ingest.renameKey(me(req), req.params.id, req.body.name),
  );

  r.delete(
    '/api/IngestKey/:id',
    { config: { access: ADMIN_KIND }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await ingest.revokeKey(me(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
