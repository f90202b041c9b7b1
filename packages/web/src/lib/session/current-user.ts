import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserCurrent } from '@footfall/domain';
import { api } from '../api-client';
import { decodeToken } from './token-store';
import { useSession } from './session';

export const fetchCurrentUser = (signal?: AbortSignal) => api<UserCurrent>('/api/User/Current', { signal });

/** The signed-in user; its key changes with the token's subject (impersonation). */
export const currentUserQuery = (subject: string | null) =>
  queryOptions({
    queryKey: ['user', 'current', subject] as const,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The key that covers the signed-in user of every subject (to refetch it after a change). */
export const anyCurrentUserKey = () => currentUserQuery(null).queryKey.slice(0, -1);

/** The signed-in user (the subject while impersonating); disabled while signed out. */
export function useCurrentUser() {
  const { tokens } = useSession();
  const subject = tokens ? (decodeToken(tokens.token)?.sub ?? tokens.token) : null;
  return useQuery({ ...currentUserQuery(subject), enabled: subject !== null });
}

/** The signed-in user once the auth guard has loaded it; throws when used outside a guarded route. */
export function useUser(): UserCurrent {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useUser outside an authenticated route');
  return data;
}
