import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@footfall/domain';
import { onAuthError, refreshSession } from '../api-client';
import { impersonatorOf, tokenStore, type SessionTokens } from './token-store';
import { refreshDelayMs } from './refresh-timing';

interface Session {
  tokens: SessionTokens | null;
  /** username of the real actor while impersonating */
  impersonator: string | null;
  signIn(tokens: TokenResponse): void;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Holds the signed-in session: tokens in storage, the refresh timer (75% of the remaining lifetime,
 * at least 10 s; a failed refresh signs out) and the reaction to auth errors raised by API calls.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const tokens = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
  const queryClient = useQueryClient();

  const signOut = useCallback(() => {
    tokenStore.set(null);
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    (next: TokenResponse) => {
      queryClient.clear();
      tokenStore.set(next);
    },
    [queryClient],
  );

  const expiresAt = tokens?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setTimeout(
      () => {
        void refreshSession().then((ok) => {
          if (!ok) signOut();
        });
      },
      refreshDelayMs(expiresAt, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, signOut]);

  useEffect(() => onAuthError(() => signOut()), [signOut]);

  const value = useMemo<Session>(
    () => ({ tokens, impersonator: impersonatorOf(tokens), signIn, signOut }),
    [tokens, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
