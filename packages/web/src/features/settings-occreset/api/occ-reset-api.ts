import type { OccupancyResetNowResult, SaveOccupancyResetBody, SavedOccupancyReset } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One schedule as the server lists it (`GET /api/Schedule/occupancy-reset`). */
export interface ResetSchedule {
  scheduleDto: { id: string; name: string; time: string; daysOfWeek: number[] };
  locations: { id: string; name: string }[];
}

const BASE = '/api/Schedule/occupancy-reset';

/** Spec section 8: a failed list of reset configurations is logged and replaced by an empty list. */
export const resetSchedulesQuery = () =>
  queryOptions({
    queryKey: ['occupancyResets'] as const,
    queryFn: ({ signal }) =>
      api<ResetSchedule[]>(BASE, { signal }).catch((e: unknown) => {
        console.error('occupancy resets', e);
        return [] as ResetSchedule[];
      }),
  });

/** Create (empty id), modify (an id: the server replaces it, new id) or drop one location (`removedId`). */
export function useSaveResetSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveOccupancyResetBody) => api<SavedOccupancyReset>(BASE, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resetSchedulesQuery().queryKey }),
  });
}

export function useDeleteResetSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ messageKey: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resetSchedulesQuery().queryKey }),
  });
}

/** "Reset now" of one location, audited by the server. */
export function useResetNow() {
  return useMutation({
    mutationFn: (nodeId: string) =>
      api<OccupancyResetNowResult>(`${BASE}/now`, { method: 'POST', body: { nodeId } }),
  });
}
