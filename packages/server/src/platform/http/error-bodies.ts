import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '@footfall/domain';

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/**
 * Every error answer has the ErrorBody shape (error-handler.ts), whatever the route. A route whose
 * response schema declares a narrower body for a 4xx code (a CSV import's `lines`, say) would make
 * the serializer refuse a plain validation error and answer 500: such a schema is widened here to
 * "its own body or an ErrorBody", for every route, so none can forget it.
 */
export function installErrorBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    for (const [code, schema] of Object.entries(response)) {
      if (!/^4/.test(code) || !isZod(schema)) continue;
      const status = /^\d+$/.test(code) ? Number(code) : 400;
      const plain = { error: 'validation', message: 'field: invalid', field: 'field', statusCode: status };
      if (!schema.safeParse(plain).success) response[code] = schema.or(ErrorBody);
    }
  });
}
