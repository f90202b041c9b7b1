import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateDashboardBody,
  DashboardDto,
  DashboardIdParams,
  ErrorBody,
  SnapshotBody,
  SnapshotResult,
  UpdateDashboardBody,
  UserDefaultDashboardDto,
  UserDefaultDashboardParams,
  IdParams,
  ViewList,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';

const tags = ['dashboards'];
const authenticated = 'authenticated' as const;

export const dashboardRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Dashboard',
    {
      config: { access: authenticated },
      schema: { tags, summary: "The caller's views: dashboards plus reports", response: { 200: ViewList } },
    },
    async (req) => services.dashboards.views(principalOf(req)),
  );

  r.post(
    '/api/Dashboard',
    {
      config: { access: authenticated },
      schema: {
        tags,
        body: CreateDashboardBody,
        response: { 201: DashboardDto, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await services.dashboards.create(principalOf(req), req.body)),
  );

  r.get(
    '/api/Dashboard/:id',
    {
      config: { access: authenticated },
      schema: { tags, params: DashboardIdParams, response: { 200: DashboardDto } },
    },
    async (req) => services.dashboards.get(principalOf(req), req.params.id),
  );

  r.put(
    '/api/Dashboard/:id',
    {
      config: { access: authenticated },
      schema: { tags, params: DashboardIdParams, body: UpdateDashboardBody, response: { 200: DashboardDto } },
    },
    async (req) => services.dashboards.update(principalOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/Dashboard/:id',
    {
      config: { access: authenticated },
      schema: { tags, params: DashboardIdParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => services.dashboards.remove(principalOf(req), req.params.id),
  );

  r.post(
    '/api/Dashboard/:id/snapshot',
    {
      config: { access: authenticated },
      schema: {
        tags,
        summary: 'Mail a rendered snapshot (PNG) of the dashboard with its period to the recipients',
        params: DashboardIdParams,
        body: SnapshotBody,
        response: { 200: SnapshotResult },
      },
    },
    async (req) => services.snapshots.send(principalOf(req), req.params.id, req.body),
  );

  r.get(
    '/api/User/:id/dashboards',
    {
      config: { access: authenticated },
      schema: {
        tags,
        summary: "A user's dashboards with their default flags (self, or an admin managing the user)",
        params: IdParams,
        response: { 200: ViewList },
      },
    },
    async (req) => services.dashboards.userViews(principalOf(req), req.params.id),
  );

  for (const mobile of [false, true]) {
    const path = mobile
      ? '/api/User/:id/defaultMobileDashboard/:dashboardId'
      : '/api/User/:id/defaultDashboard/:dashboardId';
    const schema = { tags, params: UserDefaultDashboardParams, response: { 200: UserDefaultDashboardDto } };
    r.get(path, { config: { access: authenticated }, schema }, async (req) =>
      services.dashboards.getDefault(principalOf(req), req.params.id, req.params.dashboardId, mobile),
    );
    r.post(path, { config: { access: authenticated }, schema }, async (req) =>
      services.dashboards.setDefault(principalOf(req), req.params.id, req.params.dashboardId, mobile),
    );
    r.delete(
      mobile ? '/api/User/:id/defaultMobileDashboard' : '/api/User/:id/defaultDashboard',
      {
        config: { access: authenticated },
        schema: {
          tags,
          summary: `Leaves the user with no default${mobile ? ' mobile' : ''} dashboard`,
          params: IdParams,
          response: { 200: UserDefaultDashboardDto },
        },
      },
      async (req) => services.dashboards.clearDefault(principalOf(req), req.params.id, mobile),
    );
  }
};
