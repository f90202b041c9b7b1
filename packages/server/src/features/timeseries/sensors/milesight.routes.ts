import type { Feature } from '../../feature.js';
import { registerPushRoute } from './sensors.routes.js';
import { parseMilesight } from './milesight.js';

/**
 * POST /api/ingest/milesight: the Milesight push (JSON, see milesight.ts). Same authentication as
 * /api/ingest/measurements (admin-kind bearer, the client group's X-Api-Key); the device must lie in
 * the caller's scope (404 naming its identity else). Also at the per-device push URL
 * /api/ingest/k/<key>/milesight (sensors.routes.ts). A malformed payload answers 400 naming the field.
 */
export const milesightRoutes: Feature = (services) => async (app) => {
  registerPushRoute(app, services.deviceAdmin, 'milesight', (caller, req) =>
    services.devicePushes.ingest(caller, parseMilesight(req.body)),
  );
};
