import type { Feature } from '../../feature.js';
import { registerPushRoute } from './sensors.routes.js';
import { parseAxis } from './axis.js';

/**
 * POST /api/ingest/axis: the Axis push (JSON, see axis.ts). Same authentication as
 * /api/ingest/measurements (admin-kind bearer, the client group's X-Api-Key); the device must lie in
 * the caller's scope (404 naming its identity else). Also at the per-device push URL
 * /api/ingest/k/<key>/axis (sensors.routes.ts). A malformed payload answers 400 naming the field.
 */
export const axisRoutes: Feature = (services) => async (app) => {
  registerPushRoute(app, services.deviceAdmin, 'axis', (caller, req) =>
    services.devicePushes.ingest(caller, parseAxis(req.body)),
  );
};
