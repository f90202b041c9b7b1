import type { Feature } from '../../feature.js';
import { registerXmlPushRoute } from './hikvision.routes.js';
import { parseBrickstream } from './brickstream.js';

/**
 * POST /api/ingest/brickstream: the Brickstream sensor's XML metric data push (`<Metrics>`, see
 * brickstream.ts), sent to the HTTP data delivery address set on the sensor. Same authentication as
 * the other ingest routes, and the per-device push URL /api/ingest/k/<key>/brickstream; a malformed or
 * truncated document answers 400 naming the field.
 */
export const brickstreamRoutes: Feature = (services) => async (app) => {
  registerXmlPushRoute(app, services, 'brickstream', 'the XML metrics', parseBrickstream);
};
