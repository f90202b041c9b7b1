import { useQuery } from '@tanstack/react-query';
import type { UserCurrent } from '@footfall/domain';
import { api } from '../api-client';
import { decodeToken } from './token-store';
import { useSession } from './session';

/** Query key of the signed-in user; it changes with the token's subject (impersonation). */
export const currentUserKey = (subject: string | null) => ['user', 'current', subject] as const;

export const fetchCurrentUser = (signal?: AbortSignal) => api<UserCurrent>('/api/User/Current', { signal });

/** The signed-in user (the subject while impersonating); disabled while signed out. */
export function useCurrentUser() {
  const { tokens } = useSession();
  const subject = tokens ? (decodeToken(tokens.token)?.sub ?? tokens.token) : null;
  return useQuery({
    queryKey: currentUserKey(subject),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: subject !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The signed-in user once the auth guard has loaded it; throws when used outside a guarded route. */
export function useUser(): UserCurrent {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useUser outside an authenticated route');
  return data;
}
