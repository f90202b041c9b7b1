import { badRequest } from '../../../platform/http/errors.js';
import type { Feature } from '../../feature.js';
import { registerPushRoute } from './sensors.routes.js';
import { parseHikvision } from './hikvision.js';

/**
 * POST /api/ingest/hikvision: the ISAPI people counting alarm (XML `EventNotificationAlert`, see
 * hikvision.ts) the camera's "HTTP listening" / alarm host setting sends. Same authentication as the
 * other ingest routes; a malformed or truncated alarm answers 400 naming the field.
 */
export const hikvisionRoutes: Feature = (services) => async (app) => {
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  registerPushRoute(app, services.deviceAdmin, 'hikvision', (caller, req) => {
    if (typeof req.body !== 'string' || req.body.trim() === '')
      throw badRequest('body: expected the XML alarm (Content-Type application/xml)', 'body');
    return services.devicePushes.ingest(caller, parseHikvision(req.body));
  });
};
