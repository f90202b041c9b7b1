import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  LiveViewAdjustmentBody,
  LiveViewAdjustmentResult,
  LiveViewInfo,
  LiveViewList,
  LiveViewSettingsBody,
  LiveViewShareParams,
  LiveViewShareResult,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';

const ADMIN_KIND = { roles: ['superAdmin', 'admin'] } as const;
const OPERATORS = { roles: ['superAdmin', 'admin', 'OccupancyOperator'] } as const;
const BASE = '/api/LiveView';
const tags = ['liveview'];

/**
 * Live views (spec section 7 "LiveView"): everyone signed in reads those in their scope; admin-kind
 * users configure them and their public link; operators and admins adjust the count. A public link
 * reads one live view without signing in.
 */
export const liveViewRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const views = services.liveViews;
  const me = (req: { principal: Principal | null }) => req.principal!;

  r.get(BASE, { schema: { tags, response: { 200: LiveViewList } } }, async (req) => views.list(me(req)));

  r.get(`${BASE}/first`, { schema: { tags, response: { 200: LiveViewInfo } } }, async (req) =>
    views.first(me(req)),
  );

  r.get(
    `${BASE}/public/:token`,
    {
      config: { access: 'public' },
      schema: { tags, params: LiveViewShareParams, response: { 200: LiveViewInfo } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return views.getPublic(req.params.token);
    },
  );

  r.get(`${BASE}/:id`, { schema: { tags, params: IdParams, response: { 200: LiveViewInfo } } }, async (req) =>
    views.get(me(req), req.params.id),
  );

  r.post(
    BASE,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: LiveViewSettingsBody, response: { 201: LiveViewInfo } },
    },
    async (req, reply) => reply.status(201).send(await views.create(me(req), req.body)),
  );

  r.put(
    `${BASE}/:id`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: IdParams, body: LiveViewSettingsBody, response: { 200: LiveViewInfo } },
    },
    async (req) => views.update(me(req), req.params.id, req.body),
  );

  r.delete(
    `${BASE}/:id`,
    { config: { access: ADMIN_KIND }, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await views.remove(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    `${BASE}/:id/adjustment`,
    {
      config: { access: OPERATORS },
      schema: {
        tags,
        params: IdParams,
        body: LiveViewAdjustmentBody,
        response: { 200: LiveViewAdjustmentResult },
      },
    },
    async (req) => views.adjust(me(req), req.params.id, req.body),
  );

  r.post(
    `${BASE}/:id/share`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: IdParams, response: { 201: LiveViewShareResult } },
    },
    async (req, reply) => reply.status(201).send(await views.createShare(me(req), req.params.id)),
  );

  r.delete(
    `${BASE}/:id/share`,
    { config: { access: ADMIN_KIND }, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await views.revokeShare(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
