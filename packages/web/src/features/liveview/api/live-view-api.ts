import type { LiveViewAdjustmentBody, LiveViewInfo, LiveViewShareResult } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * Where a screen's live view comes from: a signed-in user's live view by id (or the first one in
 * scope when the route has no id), or a public share link's token.
 */
export type LiveViewSource = { kind: 'user'; id: string | null } | { kind: 'public'; token: string };

export function fetchLiveView(source: LiveViewSource, signal?: AbortSignal): Promise<LiveViewInfo> {
  if (source.kind === 'public') {
    return api<LiveViewInfo>(`/api/LiveView/public/${encodeURIComponent(source.token)}`, {
      signal,
      anonymous: true,
    });
  }
  const path = source.id ? `/api/LiveView/${encodeURIComponent(source.id)}` : '/api/LiveView/first';
  return api<LiveViewInfo>(path, { signal });
}

/** A screen's live view (no source yet: a key of its own, and the caller leaves the query disabled). */
export const liveViewQuery = (source: LiveViewSource | null) =>
  queryOptions({
    queryKey: source
      ? (['liveview', source.kind, source.kind === 'user' ? (source.id ?? 'first') : source.token] as const)
      : (['liveview', 'none'] as const),
    queryFn: ({ signal }) => fetchLiveView(source!, signal),
  });

export const adjustOccupancy = (id: string, body: LiveViewAdjustmentBody) =>
  api<{ occupancyValue: number }>(`/api/LiveView/${encodeURIComponent(id)}/adjustment`, {
    method: 'POST',
    body,
  });

/** An operator's correction of live view `liveViewId`'s occupancy (audited by the server). */
export const useAdjustOccupancy = (
  liveViewId: string,
  config: MutationConfig<(body: LiveViewAdjustmentBody) => ReturnType<typeof adjustOccupancy>> = {},
) =>
  useMutation({ ...config, mutationFn: (body: LiveViewAdjustmentBody) => adjustOccupancy(liveViewId, body) });

export const fetchLiveViews = (signal?: AbortSignal) => api<LiveViewInfo[]>('/api/LiveView', { signal });

/** The live views of the user's scope (the live views page). */
export const liveViewsQuery = () =>
  queryOptions({
    queryKey: ['liveview', 'list'] as const,
    queryFn: ({ signal }) => fetchLiveViews(signal),
    refetchInterval: 60_000,
  });

export const shareLiveView = (id: string) =>
  api<LiveViewShareResult>(`/api/LiveView/${encodeURIComponent(id)}/share`, { method: 'POST' });

/** A new public link of live view `liveViewId` (the previous one stops working); the list is read again. */
export function useShareLiveView(
  liveViewId: string,
  { onSuccess, ...config }: MutationConfig<() => ReturnType<typeof shareLiveView>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => shareLiveView(liveViewId),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: liveViewsQuery().queryKey });
    },
  });
}
