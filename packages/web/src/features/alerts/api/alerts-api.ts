import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertBody,
  AlertDto,
  AlertMenuItems,
  AlertOccurrence,
  AlertTestResult,
  UserDto,
} from '@footfall/domain';
import { api } from '../../../lib/api-client';

const ALERTS = ['alerts'] as const;

/** GET /api/Alert: the rules of the admin's scope. */
export const alertsQuery = () =>
  queryOptions({
    queryKey: [...ALERTS, 'list'] as const,
    queryFn: ({ signal }) => api<AlertDto[]>('/api/Alert', { signal }),
  });

export const alertQuery = (id: string) =>
  queryOptions({
    queryKey: [...ALERTS, 'one', id] as const,
    queryFn: ({ signal }) => api<AlertDto>(`/api/Alert/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/Alert/{id}/history, or every rule's with no id: occurrences and their deliveries. */
export const alertHistoryQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...ALERTS, 'history', id] as const,
    queryFn: ({ signal }) =>
      api<AlertOccurrence[]>(id ? `/api/Alert/${encodeURIComponent(id)}/history` : '/api/Alert/history', {
        signal,
      }),
  });

/** The users an alert may notify: those of the admin's scope. */
export const alertUsersQuery = () =>
  queryOptions({
    queryKey: [...ALERTS, 'users'] as const,
    queryFn: ({ signal }) => api<UserDto[]>('/api/User', { signal }),
  });

/**
 * GET /api/Alert/menu-items, polled every minute for the top bar; a failure is logged only and shows
 * nothing (spec section 8: alert fetch failures are logged only).
 */
export function useAlertMenuItems(enabled: boolean) {
  return useQuery({
    queryKey: [...ALERTS, 'menu'] as const,
    queryFn: ({ signal }) =>
      api<AlertMenuItems>('/api/Alert/menu-items', { signal }).catch((e: unknown) => {
        console.error('alert menu items', e);
        return { openCount: 0, items: [] } as AlertMenuItems;
      }),
    enabled,
    refetchInterval: 60_000,
  });
}

const invalidateAll = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ALERTS });

/** POST /api/Alert (no id) or PUT /api/Alert/{id}. */
export function useSaveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string | null; body: AlertBody }) =>
      p.id
        ? api<AlertDto>(`/api/Alert/${encodeURIComponent(p.id)}`, { method: 'PUT', body: p.body })
        : api<AlertDto>('/api/Alert', { body: p.body }),
    onSuccess: () => invalidateAll(client),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: true }>(`/api/Alert/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateAll(client),
  });
}

/** POST /api/Alert/{id}/test-notification: a sample sent now; answers what was sent. */
export function useTestAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<AlertTestResult>(`/api/Alert/${encodeURIComponent(id)}/test-notification`, { method: 'POST' }),
    onSuccess: () => invalidateAll(client),
  });
}
