import type { FastifyInstance } from 'fastify';
import { findUnsafeText, unsafeTextMessage } from '@footfall/domain';
import { AppError } from './errors.js';

/**
 * Every string of every request's params, query and body (object keys included) must be text
 * PostgreSQL can store: a NUL or a lone surrogate is refused here with 400 naming the field, before
 * any route's own schema runs, so no route can forget it (and none reaches the database with it).
 */
export function installSafeInput(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const found = findUnsafeText(value);
      if (found) {
        const field = found.path || where;
        throw new AppError(400, 'validation', `${field}: ${unsafeTextMessage(found.reason)}`, field);
      }
    }
  });
}
