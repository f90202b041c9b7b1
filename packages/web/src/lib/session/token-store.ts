import type { TokenResponse } from '@footfall/domain';

/**
 * The signed-in session's tokens, kept in local storage under the "auth." prefix with the "_token."
 * naming of spec section 9, and published as an external store so React and the API client read
 * the same value.
 */
export interface SessionTokens {
  token: string;
  refreshToken: string;
  /** ISO date of the access token's expiry */
  expiresAt: string;
}

const KEYS = {
  token: 'auth._token.local',
  refreshToken: 'auth._refresh_token.local',
  expiresAt: 'auth._token_expiration.local',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionTokens | null | undefined;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function load(): SessionTokens | null {
  const s = storage();
  const token = s?.getItem(KEYS.token);
  const refreshToken = s?.getItem(KEYS.refreshToken);
  const expiresAt = s?.getItem(KEYS.expiresAt);
  return token && refreshToken && expiresAt ? { token, refreshToken, expiresAt } : null;
}

export const tokenStore = {
  get(): SessionTokens | null {
    if (current === undefined) current = load();
    return current;
  },
  set(tokens: TokenResponse | SessionTokens | null) {
    const s = storage();
    if (tokens) {
      current = { token: tokens.token, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
      s?.setItem(KEYS.token, current.token);
      s?.setItem(KEYS.refreshToken, current.refreshToken);
      s?.setItem(KEYS.expiresAt, current.expiresAt);
    } else {
      current = null;
      for (const k of Object.values(KEYS)) s?.removeItem(k);
    }
    for (const l of [...listeners]) l();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Another tab signing in or out changes this tab's session too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key && (Object.values(KEYS) as string[]).includes(e.key)) {
      current = load();
      for (const l of [...listeners]) l();
    }
  });
}

/** The claims of our access token the UI reads (the signature is checked by the server, not here). */
export interface TokenClaims {
  sub: string;
  name: string;
  exp: number;
  act?: { sub: string; name: string };
}

export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
    return typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}

/** The impersonator's name is read from the token (spec "Impersonation"). */
export function impersonatorOf(tokens: SessionTokens | null): string | null {
  return (tokens && decodeToken(tokens.token)?.act?.name) ?? null;
}
