import type {
  CreateDashboardBody,
  DashboardDto,
  SnapshotInput,
  SnapshotResult,
  TemplateDto,
  UpdateDashboardBody,
  UserDefaultDashboardDto,
  ViewItemDto,
} from '@footfall/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Dashboards and templates API (spec section 7 "Dashboards"): fetchers and their cache keys. */
export const viewsKey = ['dashboards', 'views'] as const;
export const dashboardKey = (id: string) => ['dashboards', 'one', id] as const;
export const templatesKey = ['templates', 'all'] as const;

export const viewsQuery = () =>
  queryOptions({
    queryKey: viewsKey,
    queryFn: ({ signal }) => api<ViewItemDto[]>('/api/Dashboard', { signal }),
  });

export const dashboardQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKey(id),
    queryFn: ({ signal }) => api<DashboardDto>(`/api/Dashboard/${encodeURIComponent(id)}`, { signal }),
  });

export const templatesQuery = () =>
  queryOptions({
    queryKey: templatesKey,
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
