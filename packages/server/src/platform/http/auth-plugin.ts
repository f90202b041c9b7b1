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

/** Prefix of the client groups' ingest keys (a Bearer token with it is a key, not a JWT). */
export const INGEST_KEY_PREFIX = 'ffk_';

/**
 * The ingest key a device sends: `X-Api-Key`, `Authorization: Bearer ffk_...`, or `Authorization:
 * Basic` whose password is the key (the user name is not read). Null when the request carries none.
 */
export function ingestKeyOf(req: FastifyRequest, bearer: string | null): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header;
  if (bearer?.startsWith(INGEST_KEY_PREFIX)) return bearer;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : decoded;
  }
  return null;
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
      // device ingestion: an ingest key as X-Api-Key, as a Bearer token, or as the password of HTTP
      // basic auth (what counters can be configured to send)
      if (access === 'ingest' && opts.ingestKeys) {
        const key = ingestKeyOf(req, token);
        if (key !== null) {
          req.ingestKey = await opts.ingestKeys.verify(key);
          if (!req.ingestKey) throw unauthorized('Invalid ingest key');
          return;
        }
      }
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
