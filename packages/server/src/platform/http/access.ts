import type { Principal, Role } from '@footfall/domain';

/**
 * Who may call a route, declared on the route itself (`config: { access }`). A route without a
 * declaration needs a signed-in user. The access-control tests read these declarations.
 */
export type Access =
  | 'public'
  | 'authenticated'
  /** a bearer token or a client group's X-Api-Key (device ingestion) */
  | 'ingest'
  | { roles: readonly Role[] };

export interface IngestKeyPrincipal {
  keyId: string;
  /** the client group the key may write to */
  scopeNodeId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    ingestKey: IngestKeyPrincipal | null;
  }
}

/** Loads the user behind a verified access token; null when deleted, disabled or the token is revoked. */
export interface PrincipalLoader {
  load(claims: {
    sub: string;
    ver: number;
    act?: { sub: string; name: string; ver: number };
  }): Promise<Principal | null>;
}

export interface IngestKeyVerifier {
  verify(key: string): Promise<IngestKeyPrincipal | null>;
}
