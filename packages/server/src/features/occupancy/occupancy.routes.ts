import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateOccupancyConfigBody,
  DeletedOccupancyReset,
  IdParams,
  NodeIdParam,
  OccupancyConfigView,
  OccupancyResetList,
  OccupancyResetNowBody,
  OccupancyResetNowResult,
  OccupancyValueResponse,
  SaveOccupancyResetBody,
  SavedOccupancyReset,
  UpdateOccupancyBody,
  UpdateOccupancyConfigBody,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const ADMIN_KIND = ACCESS.adminKind;
const OPERATORS = ACCESS.occupancyOperators;
const SUPER_ADMIN = ACCESS.superAdmin;
const tags = ['occupancy'];
const RESET = '/api/Schedule/occupancy-reset';

/**
 * Occupancy configs and operator updates (spec section 7 "Occupancy") and the occupancy reset
 * schedules (spec "Occupancy reset configuration", superAdmin).
 */
export const occupancyRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const occupancy = services.occupancy;
  const resets = services.occupancyResets;
  const me = (req: { principal: Principal | null }) => principalOf(req);

  r.get(
    '/api/Occupancy/config/:nodeId',
    { schema: { tags, params: NodeIdParam, response: { 200: OccupancyConfigView } } },
    async (req) => occupancy.getByNode(me(req), req.params.nodeId),
  );

  r.post(
    '/api/Occupancy/config',
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: CreateOccupancyConfigBody, response: { 201: OccupancyConfigView } },
    },
    async (req, reply) => reply.status(201).send(await occupancy.create(me(req), req.body)),
  );

  r.put(
    '/api/Occupancy/config/:id',
    {
      config: { access: ADMIN_KIND },
      schema: {
        tags,
        params: IdParams,
        body: UpdateOccupancyConfigBody,
        response: { 200: OccupancyConfigView },
      },
    },
    async (req) => occupancy.update(me(req), req.params.id, req.body),
  );

  r.post(
    '/api/Occupancy/UpdateOccupancy',
    {
      config: { access: OPERATORS },
      schema: { tags, body: UpdateOccupancyBody, response: { 200: OccupancyValueResponse } },
    },
    async (req) => {
      const b = req.body;
      const change = b.value !== undefined ? { value: b.value } : { delta: b.delta! };
      if (b.occupancyId)
        return {
          occupancyId: b.occupancyId,
          occupancyValue: await occupancy.adjust(me(req), b.occupancyId, change),
        };
      return occupancy.adjustByNode(me(req), b.nodeId!, change);
    },
  );

  r.get(
    RESET,
    { config: { access: SUPER_ADMIN }, schema: { tags, response: { 200: OccupancyResetList } } },
    async (req) => resets.list(me(req)),
  );

  r.post(
    RESET,
    {
      config: { access: SUPER_ADMIN },
      schema: { tags, body: SaveOccupancyResetBody, response: { 200: SavedOccupancyReset } },
    },
    async (req) => resets.save(me(req), req.body),
  );

  r.post(
    `${RESET}/now`,
    {
      config: { access: SUPER_ADMIN },
      schema: { tags, body: OccupancyResetNowBody, response: { 200: OccupancyResetNowResult } },
    },
    async (req) => resets.resetNow(me(req), req.body.nodeId),
  );

  r.get(
    '/api/OrganizationalTree/occupancy-reset-schedule/:nodeId',
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: NodeIdParam, response: { 200: OccupancyResetList } },
    },
    async (req) => resets.ofNode(me(req), req.params.nodeId),
  );

  r.delete(
    `${RESET}/:id`,
    {
      config: { access: SUPER_ADMIN },
      schema: { tags, params: IdParams, response: { 200: DeletedOccupancyReset } },
    },
    async (req) => resets.remove(me(req), req.params.id),
  );
};
