import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/Setting/WarningMessage: the maintenance message; a failure is logged and means none. */
export async function fetchWarningMessage(signal?: AbortSignal): Promise<string | null> {
  try {
    const res = await api<{ message?: string | null } | null>('/api/Setting/WarningMessage', { signal });
    const message = res?.message?.trim();
    return message ? message : null;
  } catch (e) {
    if (!signal?.aborted) console.warn('maintenance message unavailable', e);
    return null;
  }
}

export const warningMessageQuery = () =>
  queryOptions({
    queryKey: ['setting', 'warning-message'] as const,
    queryFn: ({ signal }) => fetchWarningMessage(signal),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });

export const useWarningMessage = () => useQuery(warningMessageQuery());
