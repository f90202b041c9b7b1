import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../platform/http/errors.js';
import type { Feature } from '../../feature.js';
import type { Services } from '../../../services.js';
import type { ParsedPush } from './device-push.js';
import { registerPushRoute } from './sensors.routes.js';
import { parseHikvision } from './hikvision.js';

/**
 * POST /api/ingest/hikvision: the ISAPI people counting alarm (XML `EventNotificationAlert`, see
 * hikvision.ts) the camera's "HTTP listening" / alarm host setting sends. Same authentication as the
 * other ingest routes; a malformed or truncated alarm answers 400 naming the field.
 */
export const hikvisionRoutes: Feature = (services) => async (app) => {
  registerXmlPushRoute(app, services, 'hikvision', 'the XML alarm', parseHikvision);
};

/**
 * A push route of an XML format: the body read as text (application/xml, text/xml, up to 1 MB in this
 * plugin), an empty or non-text body a 400, the parsed push stored through the device pipeline.
 */
export function registerXmlPushRoute(
  app: FastifyInstance,
  services: Services,
  vendor: string,
  what: string,
  parse: (text: string) => ParsedPush,
) {
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  registerPushRoute(app, services.deviceAdmin, vendor, (caller, req) => {
    if (typeof req.body !== 'string' || req.body.trim() === '')
      throw badRequest(`body: expected ${what} (Content-Type application/xml)`, 'body');
    return services.devicePushes.ingest(caller, parse(req.body));
  });
}
