import { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateIngestKeyBody,
  CreatedIngestKey,
  IdParams,
  IngestKeyList,
  IngestKeyView,
  IngestMeasurementsBody,
  IngestResponse,
  MAX_INGEST_BATCH,
  MeasurementInput,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const ADMIN_KIND = ACCESS.adminKind;
const tags = ['ingest'];

/**
 * The ingest body's validator: zod checks each distinct series id and instant string once (a batch
 * of 10,000 points holds a few hundred of each; checking every item through zod took longer than
 * writing the batch), the shape of every item is checked here. Anything not plainly valid goes
 * through the full zod schema, which names the bad item exactly as before.
 */
const ITEM_KEYS = ['timeSeriesId', 'occurredOn', 'value'];
function plainlyValid(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'measurements') return false;
  const items = (body as { measurements: unknown }).measurements;
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_INGEST_BATCH) return false;
  const ids = new Set<unknown>();
  const instants = new Set<unknown>();
  for (const item of items as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
    const m = item as Record<string, unknown>;
    const own = Object.keys(m);
    if (own.length !== 3 || !ITEM_KEYS.every((k) => own.includes(k))) return false;
    if (typeof m.timeSeriesId !== 'string' || typeof m.occurredOn !== 'string') return false;
    if (typeof m.value !== 'number' || !Number.isFinite(m.value)) return false;
    ids.add(m.timeSeriesId);
    instants.add(m.occurredOn);
  }
  const { timeSeriesId, occurredOn } = MeasurementInput.shape;
  for (const id of ids) if (!timeSeriesId.safeParse(id).success) return false;
  for (const at of instants) if (!occurredOn.safeParse(at).success) return false;
  return true;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ingestBodyValidator: FastifySchemaCompiler<any> = (route) => {
  const full = validatorCompiler(route);
  if (route.httpPart !== 'body') return full;
  return (data) => (plainlyValid(data) ? { value: data } : full(data));
};

/**
 * Measurement ingestion (our own JSON) and the ingest keys devices authenticate with. The answer
 * comes only once the batch and its rollups are committed.
 */
export const ingestRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ingest = services.ingest;
  const me = (req: { principal: Principal | null }) => principalOf(req);

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
      validatorCompiler: ingestBodyValidator,
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
