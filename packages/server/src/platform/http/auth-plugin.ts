import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import { InvalidTokenError } from '../auth/tokens.js';
import type { IngestKeyVerifier, PrincipalLoader } from './access.js';
import { forbidden, unauthorized } from './errors.js';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates every request once and enforces the route's declared access. Roles are checked here;
 * the object's scope is checked by the service that loads it.
 */
export const authPlugin = fp<{
  tokens: TokenService;
  principals: PrincipalLoader;
  ingestKeys?: IngestKeyVerifier;
}>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('ingestKey', null);

    // onRequest: a request without a valid token is refused before its body is even parsed or validated
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access ?? 'authenticated';
      if (access === 'public') return;
      const token = bearerToken(req);
      if (token) {
        let claims;
        try {
          claims = await opts.tokens.verifyAccess(token);
        } catch (e) {
          if (e instanceof InvalidTokenError) throw unauthorized('Invalid or expired token');
          throw e;
        }
        const principal = await opts.principals.load(claims);
        if (!principal) throw unauthorized('Invalid or expired token');
        req.principal = principal;
      } else if (access === 'ingest' && opts.ingestKeys) {
        const key = req.headers['x-api-key'];
        if (typeof key === 'string' && key.length > 0) req.ingestKey = await opts.ingestKeys.verify(key);
        if (!req.ingestKey) throw unauthorized('Invalid ingest key');
        return;
      } else {
        throw unauthorized();
      }
      if (typeof access === 'object' && !access.roles.some((r) => req.principal!.roles.includes(r))) {
        throw forbidden('Your role does not allow this');
      }
    });
  },
  { name: 'auth' },
);
