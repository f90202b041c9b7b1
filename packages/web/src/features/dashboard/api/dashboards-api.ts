import type {
  CreateDashboardBody,
  DashboardDto,
  SnapshotInput,
  SnapshotResult,
  TemplateDto,
  UpdateDashboardBody,
  UserDefaultDashboardDto,
  ViewItemDto,
  DashboardJson,
} from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * Dashboards and templates API (spec section 7 "Dashboards"): fetchers, their query options (whose
 * queryKey is the one cache key of each query) and the mutation hooks with their cache work.
 */
export const viewsQuery = () =>
  queryOptions({
    queryKey: ['dashboards', 'views'] as const,
    queryFn: ({ signal }) => api<ViewItemDto[]>('/api/Dashboard', { signal }),
  });

export const dashboardQuery = (id: string) =>
  queryOptions({
    queryKey: ['dashboards', 'one', id] as const,
    queryFn: ({ signal }) => api<DashboardDto>(`/api/Dashboard/${encodeURIComponent(id)}`, { signal }),
  });

export const templatesQuery = () =>
  queryOptions({
    queryKey: ['templates', 'all'] as const,
    // spec section 8: template list failures are replaced by an empty list
    queryFn: ({ signal }) =>
      api<TemplateDto[]>('/api/Template', { signal }).catch((e: unknown) => {
        console.error('templates', e);
        return [] as TemplateDto[];
      }),
  });

export const createDashboard = (body: Partial<CreateDashboardBody> & { name: string }) =>
  api<DashboardDto>('/api/Dashboard', { method: 'POST', body });

export const saveDashboard = (body: UpdateDashboardBody) =>
  api<DashboardDto>(`/api/Dashboard/${encodeURIComponent(body.id)}`, { method: 'PUT', body });

export const setDefaultDashboard = (userId: string, dashboardId: string, mobile: boolean) =>
  api<UserDefaultDashboardDto>(
    `/api/User/${encodeURIComponent(userId)}/${mobile ? 'defaultMobileDashboard' : 'defaultDashboard'}/${encodeURIComponent(dashboardId)}`,
    { method: 'POST' },
  );

/** Mails the dashboard's snapshot (a PDF of its figures over its period) to the recipients. */
export const sendSnapshot = (dashboardId: string, emails: string[], language: SnapshotInput['language']) =>
  api<SnapshotResult>(`/api/Dashboard/${encodeURIComponent(dashboardId)}/snapshot`, {
    method: 'POST',
    body: {
      recipients: emails.map((email) => ({ email })),
      // the presets resolve on this browser's clock, as on the screen
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language,
    } satisfies SnapshotInput,
  });

/** Creates a dashboard; the views list is refetched before the caller's onSuccess (which opens it). */
export function useCreateDashboard({ onSuccess, ...config }: MutationConfig<typeof createDashboard> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createDashboard,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: viewsQuery().queryKey });
      await onSuccess?.(...args);
    },
  });
}

/** What the dashboard page saves: the name, the json as edited and the linked template. */
export interface DashboardSave {
  name: string;
  json: DashboardJson;
  linked: string | null;
}

const saveDashboardJson = (id: string) => (current: DashboardSave) =>
  saveDashboard({
    id,
    name: current.name,
    linkedTemplateName: current.linked,
    json: JSON.stringify(current.json),
  });

/**
 * Saves dashboard `id`. The caller's onSuccess runs first (the page's store takes the saved json before
 * the cached copy changes and re-opens it), then the cache keeps the server's copy and the views list
 * is refetched (names and links may have changed).
 */
export function useSaveDashboard(
  id: string,
  { onSuccess, ...config }: MutationConfig<ReturnType<typeof saveDashboardJson>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveDashboardJson(id),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      queryClient.setQueryData(dashboardQuery(id).queryKey, args[0]);
      await queryClient.invalidateQueries({ queryKey: viewsQuery().queryKey });
    },
  });
}

/** Makes dashboard `dashboardId` the user's default (mobile or desktop); the views list then shows it. */
export function useSetDefaultDashboard(
  userId: string,
  dashboardId: string,
  { onSuccess, ...config }: MutationConfig<(mobile: boolean) => ReturnType<typeof setDefaultDashboard>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (mobile: boolean) => setDefaultDashboard(userId, dashboardId, mobile),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: viewsQuery().queryKey });
    },
  });
}

/** Mails a snapshot of dashboard `dashboardId` (nothing cached changes). */
export function useSendSnapshot(
  dashboardId: string,
  config: MutationConfig<
    (args: { emails: string[]; language: SnapshotInput['language'] }) => ReturnType<typeof sendSnapshot>
  > = {},
) {
  return useMutation({
    ...config,
    mutationFn: ({ emails, language }) => sendSnapshot(dashboardId, emails, language),
  });
}

export const deleteDashboard = (id: string) =>
  api<{ deleted: true }>(`/api/Dashboard/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Deletes dashboard `id`: the views list is refetched before the caller's onSuccess (which leaves the
 * page). The deleted dashboard's cached copy is left to expire: removing it while the page still
 * observes it would refetch it (404) before the navigation.
 */
export function useDeleteDashboard(
  id: string,
  { onSuccess, ...config }: MutationConfig<() => ReturnType<typeof deleteDashboard>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => deleteDashboard(id),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: viewsQuery().queryKey });
      await onSuccess?.(...args);
    },
  });
}
