import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GeocoderStatus, LocateBody, LocateResponse } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const BASE = '/api/OrganizationalTree';
const tags = ['tree'];

/**
 * Time zone from coordinates (offline) and, when a geocoder is configured, coordinates from an
 * address: what the location editor's "from address or coordinates" button asks (admin-kind).
 */
export const locateRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const locate = services.locate;

  r.get(
    `${BASE}/geocoder`,
    { config: { access: ACCESS.adminKind }, schema: { tags, response: { 200: GeocoderStatus } } },
    async () => locate.geocoderStatus(),
  );

  r.post(
    `${BASE}/locate`,
    {
      config: { access: ACCESS.adminKind },
      schema: { tags, body: LocateBody, response: { 200: LocateResponse } },
    },
    async (req) => locate.locate(req.body),
  );
};
