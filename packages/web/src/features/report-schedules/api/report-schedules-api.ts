import type {
  ScheduleDto,
  ScheduleInput,
  ScheduleNodesResponse,
  ScheduleRunDto,
  ViewItemDto,
} from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const S = '/api/Schedule';

/** The caller's automated reports (GET /api/Schedule/automated-reports). */
export const schedulesQuery = () =>
  queryOptions({
    queryKey: ['report-schedules'] as const,
    queryFn: ({ signal }) => api<ScheduleDto[]>(`${S}/automated-reports`, { signal }),
  });

/** The runs of one schedule, newest first (GET .../history?reportIds=id). */
export const historyQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['report-schedules', 'history', id] as const,
    queryFn: ({ signal }) =>
      api<ScheduleRunDto[]>(`${S}/automated-reports/history?reportIds=${encodeURIComponent(id!)}&limit=100`, {
        signal,
      }),
    enabled: id !== null,
  });

/** Users of the caller's scope a schedule may be mailed to. */
export const recipientsQuery = () =>
  queryOptions({
    queryKey: ['report-schedules', 'recipients'] as const,
    queryFn: ({ signal }) =>
      api<{ userId: string; name: string; email: string }[]>(`${S}/recipients`, { signal }),
    staleTime: 60_000,
  });

/** The caller's dashboards (a snapshot schedule names one). */
export const dashboardsQuery = () =>
  queryOptions({
    queryKey: ['report-schedules', 'dashboards'] as const,
    queryFn: ({ signal }) => api<ViewItemDto[]>('/api/Dashboard', { signal }),
    staleTime: 60_000,
  });

const useRefreshSchedules = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['report-schedules'] });
};

/** Create (no id) or replace a schedule. */
export function useSaveSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: (p: { id: string | null; body: ScheduleInput }) =>
      p.id
        ? api<ScheduleDto>(`${S}/automated-reports/${p.id}`, { method: 'PUT', body: p.body })
        : api<ScheduleDto>(`${S}/automated-reports`, { body: p.body }),
    onSuccess: refresh,
  });
}

/** Disable (now) or enable a schedule through its disabledOn. */
export function useSetEnabled() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: (p: { id: string; enabled: boolean }) =>
      api<ScheduleDto>(`${S}/automated-reports/${p.id}/disabled-on`, {
        method: 'PATCH',
        body: { disabledOn: p.enabled ? null : new Date().toISOString() },
      }),
    onSuccess: refresh,
  });
}

/** Run a schedule now (POST /api/Dashboard/execute); the run lands in its history. */
export function useRunNow() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ executionResult: 'Success' | 'Failure'; run: ScheduleRunDto }>('/api/Dashboard/execute', {
        body: { scheduleId: id, reportId: id },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: (id: string) => api<{ deleted: true }>(`${S}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** The node sets of a schedule (GET /api/Schedule/nodes), for its editor. */
export async function fetchScheduleNodes(id: string) {
  const r = await api<ScheduleNodesResponse>(`${S}/nodes?scheduleIds=${encodeURIComponent(id)}`);
  return {
    nodes1: r.nodes1BySchedules[id]?.map((n) => n.id) ?? [],
    nodes2: r.nodes2BySchedules[id]?.map((n) => n.id) ?? [],
    groups1: r.groups1BySchedules[id] ?? [],
    groups2: r.groups2BySchedules[id] ?? [],
  };
}
