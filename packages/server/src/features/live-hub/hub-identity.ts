import type { Principal } from '@footfall/domain';
import type { AccessClaims, TokenService } from '../../platform/auth/tokens.js';
import { InvalidTokenError } from '../../platform/auth/tokens.js';
import type { PrincipalLoader } from '../../platform/http/access.js';
import type { HubAuthenticator, HubIdentity } from '../../platform/hub/hub-server.js';

/**
 * Who is on the other end of a hub connection: a signed-in user (bearer access token) or a door
 * screen opened from a public live view link (the link's share token grants that one live view).
 */
export type LiveCaller =
  | { kind: 'user'; principal: Principal; claims: AccessClaims }
  | { kind: 'share'; liveViewId: string; nodeId: string; token: string };

export interface ShareResolver {
  /** the live view a share token opens; null when unknown or revoked */
  resolveShareToken(token: string): Promise<{ liveViewId: string; nodeId: string } | null>;
}

export const callerOf = (identity: HubIdentity) => identity.data as LiveCaller;

export function createHubAuthenticator(deps: {
  tokens: TokenService;
  principals: PrincipalLoader;
  shares: ShareResolver | null;
  isShareToken(token: string): boolean;
}): HubAuthenticator {
  async function asShare(token: string): Promise<HubIdentity | null> {
    if (!deps.shares || !deps.isShareToken(token)) return null;
    const view = await deps.shares.resolveShareToken(token);
    if (!view) return null;
    const caller: LiveCaller = { kind: 'share', token, ...view };
    return { subject: `share:${view.liveViewId}`, expiresAt: null, data: caller };
  }

  // negotiate and the WebSocket that follows carry the same token: verify and load once. Five
  // seconds at most, so a user disabled meanwhile is refused on the next connection anyway.
  const recent = new Map<string, { identity: Promise<HubIdentity | null>; at: number }>();
  const RECENT_MS = 5000;

  async function authenticateUser(token: string): Promise<HubIdentity | null> {
    let claims;
    try {
      claims = await deps.tokens.verifyAccess(token);
    } catch (e) {
      if (e instanceof InvalidTokenError) return null;
      throw e;
    }
    const principal = await deps.principals.load(claims);
    if (!principal) return null;
    const caller: LiveCaller = { kind: 'user', principal, claims };
    return { subject: principal.userId, expiresAt: claims.exp * 1000, data: caller };
  }

  return {
    async authenticate(token) {
      if (deps.isShareToken(token)) return asShare(token);
      const hit = recent.get(token);
      if (hit && Date.now() - hit.at < RECENT_MS) {
        const identity = await hit.identity;
        // the expiry is checked again: a cached answer never outlives the token
        if (identity && identity.expiresAt !== null && identity.expiresAt <= Date.now()) return null;
        return identity;
      }
      if (recent.size > 10_000) recent.clear();
      const identity = authenticateUser(token);
      recent.set(token, { identity, at: Date.now() });
      identity.catch(() => recent.delete(token));
      return identity;
    },
    async revalidate(identity) {
      const caller = callerOf(identity);
      if (caller.kind === 'share') return asShare(caller.token);
      const principal = await deps.principals.load(caller.claims);
      if (!principal) return null;
      return { ...identity, data: { ...caller, principal } satisfies LiveCaller };
    },
  };
}
