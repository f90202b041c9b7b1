import type { Feature } from '../../feature.js';
import { registerPushRoute } from './sensors.routes.js';
import { parseVivotek, parseVivotekCsv } from './vivotek.js';

/**
 * POST /api/ingest/vivotek: the Vivotek push (JSON, or its CSV format as text/csv or text/plain; see
 * vivotek.ts). Same authentication as
 * /api/ingest/measurements (admin-kind bearer, the client group's X-Api-Key); the device must lie in
 * the caller's scope (404 naming its identity else). Also at the per-device push URL
 * /api/ingest/k/<key>/vivotek (sensors.routes.ts). A malformed payload answers 400 naming the field.
 */
export const vivotekRoutes: Feature = (services) => async (app) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  registerPushRoute(app, services.deviceAdmin, 'vivotek', (caller, req) =>
    services.devicePushes.ingest(
      caller,
      typeof req.body === 'string' ? parseVivotekCsv(req.body) : parseVivotek(req.body),
    ),
  );
};
