import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdoptUnknownDeviceBody,
  CreatedDevicePushKey,
  DevicePushKeyView,
  SensorIngestResponse,
  UnknownDeviceView,
  type NodeSummary,
} from '@footfall/domain';
import type { Feature } from '../../feature.js';
import { ACCESS } from '../../../platform/http/access-groups.js';
import { principalOf } from '../../../platform/http/principal.js';
import { unauthorized } from '../../../platform/http/errors.js';
import type { IngestCaller } from '../ingest.service.js';
import type { DeviceAdmin } from './device-admin.js';

const tags = ['ingest'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }, { basic: [] }];
/** Device payloads are validated by the format's service, which names the wrong field in its 400. */
const AnyBody = z.unknown();

type Handler = (caller: IngestCaller, req: FastifyRequest) => Promise<SensorIngestResponse>;

/**
 * A device push endpoint, twice: `/api/ingest/<vendor>` authenticated as any ingest route (an
 * admin-kind bearer, or an ingest key as X-Api-Key, Bearer or HTTP basic password), and the
 * per-device push URL `/api/ingest/k/<key>/<vendor>` whose key is the credential (the device is then
 * the only node it may write to; a revoked key answers 401). devices-b registers its vendors with it.
 */
export function registerPushRoute(
  app: FastifyInstance,
  deviceAdmin: DeviceAdmin,
  vendor: string,
  handler: Handler,
  options: { bodyLimit?: number } = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `/api/ingest/${vendor}`,
    {
      bodyLimit: options.bodyLimit,
      config: { access: 'ingest' },
      schema: { tags, security, body: AnyBody, response: { 200: SensorIngestResponse } },
    },
    async (req) => handler(req, req),
  );
  r.post(
    `/api/ingest/k/:pushKey/${vendor}`,
    {
      bodyLimit: options.bodyLimit,
      config: { access: 'public' },
      schema: {
        tags,
        params: z.object({ pushKey: z.string().max(200) }),
        body: AnyBody,
        response: { 200: SensorIngestResponse },
      },
    },
    async (req) => {
      const key = await deviceAdmin.verify(req.params.pushKey);
      if (!key) throw unauthorized('Invalid or revoked push key');
      return handler({ principal: null, ingestKey: key }, req);
    },
  );
}

const DeviceParams = z.object({ id: z.uuid() });

/**
 * Push endpoints in the sensors' own formats (issue 17), the Xovis and Axis export backfills, per-device push
 * keys and the unknown-devices list. A device outside the caller's scope answers 404.
 */
export const sensorRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sensors, deviceAdmin } = services;

  registerPushRoute(app, deviceAdmin, 'xovis', (caller, req) => sensors.xovis(caller, req.body));
  registerPushRoute(app, deviceAdmin, 'irisys', (caller, req) => {
    const mac = req.headers.mac;
    return sensors.irisys(caller, req.body, typeof mac === 'string' ? mac : undefined);
  });

  // a device's CSV export, uploaded as the body (text/csv or text/plain)
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const exportReaders = {
    xovis: (req: FastifyRequest, id: string, csv: string) => sensors.xovisExport(req, id, csv),
    axis: (req: FastifyRequest, id: string, csv: string) => sensors.axisExport(req, id, csv),
  };
  for (const [vendor, read] of Object.entries(exportReaders))
    r.post(
      `/api/ingest/${vendor}/export/:id`,
      {
        bodyLimit: 20 * 1024 * 1024,
        config: { access: 'ingest' },
        schema: {
          tags,
          security,
          params: DeviceParams,
          body: z.string(),
          response: { 200: SensorIngestResponse },
        },
      },
      async (req) => read(req, req.params.id, req.body),
    );

  const keyTags = ['devices'];
  r.get(
    '/api/Device/:id/PushKey',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags: keyTags, params: DeviceParams, response: { 200: z.array(DevicePushKeyView) } },
    },
    async (req) => deviceAdmin.listKeys(principalOf(req), req.params.id),
  );
  r.post(
    '/api/Device/:id/PushKey',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags: keyTags, params: DeviceParams, response: { 201: CreatedDevicePushKey } },
    },
    async (req, reply) =>
      reply.status(201).send(await deviceAdmin.createKey(principalOf(req), req.params.id)),
  );
  r.delete(
    '/api/Device/:id/PushKey/:keyId',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags: keyTags, params: z.object({ id: z.uuid(), keyId: z.uuid() }) },
    },
    async (req, reply) => {
      await deviceAdmin.revokeKey(principalOf(req), req.params.id, req.params.keyId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/UnknownDevice',
    {
      config: { access: ACCESS.superAdmin },
      schema: { tags: keyTags, response: { 200: z.array(UnknownDeviceView) } },
    },
    async () => deviceAdmin.listUnknown(),
  );
  r.post(
    '/api/UnknownDevice/:identity/adopt',
    {
      config: { access: ACCESS.superAdmin },
      schema: {
        tags: keyTags,
        params: z.object({ identity: z.string().min(1).max(100) }),
        body: AdoptUnknownDeviceBody,
      },
    },
    async (req, reply) => {
      const node: NodeSummary = await deviceAdmin.adopt(req.params.identity, (attributes) =>
        services.tree.create(principalOf(req), {
          parentId: req.body.parentId,
          name: req.body.name,
          type: 'DeviceNodeAttributes',
          attributes,
        }),
      );
      return reply.status(201).send(node);
    },
  );
};
