import type { Principal } from '@footfall/domain';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/**
 * The signed-in user of a request, for handlers of routes that need one (every route but 'public'
 * and 'ingest'). The auth plugin has already answered 401 without a valid token, so the throw is a
 * guard against a route declared 'public' by mistake, not a path a client can reach.
 */
export function principalOf(req: Pick<FastifyRequest, 'principal'>): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}
