import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { fromDatabaseError } from './database-errors.js';

/** Retry-After of a 503 while the database is unavailable: a restart of the embedded one takes a few seconds */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function fieldOf(instancePath: string | undefined, params: unknown): string | undefined {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return [fromPath, missing].filter(Boolean).join('.') || undefined;
}

/**
 * Every error leaves as JSON: 400 naming the field for bad input, never a 500 for bad input, 503 with
 * Retry-After while the database cannot answer.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, req, reply) => {
    const err = (fromDatabaseError(thrown) ?? thrown) as FastifyError;
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        error: err.code,
        message: err.message,
        statusCode: err.statusCode,
        ...(err.field ? { field: err.field } : {}),
        ...err.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const field = path ? path : where;
      return reply.status(400).send({
        error: 'validation',
        message: `${field}: ${first?.message ?? 'invalid'}`,
        field,
        statusCode: 400,
      });
    }
    if (err.validation) {
      const first = err.validation[0];
      const field = fieldOf(first?.instancePath, first?.params) ?? err.validationContext ?? 'body';
      return reply
        .status(400)
        .send({ error: 'validation', message: `${field}: ${first?.message}`, field, statusCode: 400 });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // a body that cannot be read (malformed or truncated JSON, a wrong content type) names the body
      const unreadable = err instanceof SyntaxError || String(err.code ?? '').startsWith('FST_ERR_CTP');
      return reply.status(status).send({
        error: err.code ?? 'bad_request',
        message: err.message,
        statusCode: status,
        ...(unreadable ? { field: 'body' } : {}),
      });
    }
    if (isDatabaseUnavailable(err)) {
      // down, restarting, frozen or out of connections: nothing wrong with the request, try it again soon
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        error: 'database_unavailable',
        message: 'The database is unavailable; try again shortly',
        statusCode: 503,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'Internal server error', statusCode: 500 });
  });

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      error: 'not_found',
      message: `Route ${req.method} ${req.url.split('?')[0]} not found`,
      statusCode: 404,
    }),
  );
}
