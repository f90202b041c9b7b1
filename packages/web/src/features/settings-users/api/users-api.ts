import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateUserBody,
  DeleteUserResult,
  LiveViewInfo,
  UpdateUserBody,
  UserDto,
  UserGroupDto,
  UserPage,
  UserSearchQuery,
  UsersReportQuery,
  UserDefaultDashboardDto,
  ViewItemDto,
} from '@footfall/domain';
import { api, ApiError } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/session/token-store';

/** The list's filter as the screen holds it (the query string of GET /api/User/search). */
export type UsersFilter = Partial<Omit<UserSearchQuery, 'sortDesc'>> & { sortDesc?: boolean };

const toQuery = (params: Record<string, string | number | boolean | undefined | null>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

const USERS = ['settingsUsers'] as const;

/** One page of the users in the admin's scope (server-side filter, sort and paging). */
export const usersPageQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...USERS, 'page', filter] as const,
    queryFn: ({ signal }) => api<UserPage>(`/api/User/search?${toQuery(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: [...USERS, 'user', id] as const,
    queryFn: ({ signal }) => api<UserDto>(`/api/User/${encodeURIComponent(id)}`, { signal }),
  });

/** The groups the admin manages (spec section 8: a failed list is an empty one). */
export const userGroupsQuery = () =>
  queryOptions({
    queryKey: [...USERS, 'groups'] as const,
    queryFn: ({ signal }) =>
      api<UserGroupDto[]>('/api/UserGroup', { signal }).catch((e: unknown) => {
        console.error('user groups', e);
        return [] as UserGroupDto[];
      }),
  });

/** Live views the admin sees: the choices of a user's default occupancy live view. */
export const liveViewsChoiceQuery = () =>
  queryOptions({
    queryKey: [...USERS, 'liveViews'] as const,
    queryFn: ({ signal }) =>
      api<LiveViewInfo[]>('/api/LiveView', { signal }).catch((e: unknown) => {
        console.error('live views', e);
        return [] as LiveViewInfo[];
      }),
  });

const refreshUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: USERS });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api<UserDto>('/api/User', { body }),
    onSuccess: () => refreshUsers(queryClient),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) =>
      api<UserDto>(`/api/User/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => refreshUsers(queryClient),
  });
}

/**
 * DELETE /api/User/{id}: `validate` only reports (the list is unchanged, spec section 4), `force`
 * deletes what the user owns too. A 409 (owns something, no force) answers the same report.
 */
export const deleteUser = async (id: string, mode: { validate?: boolean; force?: boolean }) => {
  try {
    return await api<DeleteUserResult>(`/api/User/${encodeURIComponent(id)}?${toQuery(mode)}`, {
      method: 'DELETE',
    });
  } catch (e) {
    // spec section 8: a deletion failure returns the nested server error
    if (e instanceof ApiError && e.status === 409 && e.body && 'owned' in e.body)
      return e.body as unknown as DeleteUserResult;
    throw e;
  }
};

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) => deleteUser(id, { force }),
    onSuccess: (result) => {
      if (result.deleted) void refreshUsers(queryClient);
    },
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/User/${encodeURIComponent(id)}/password-reset-mail`, { method: 'POST' }),
  });
}

/** The users report of the current filter, downloaded as a file (the bearer token rides along). */
export async function downloadUsersReport(query: Partial<UsersReportQuery>): Promise<void> {
  const { sortDesc, ...rest } = query;
  const url = `/api/User/UsersReport?${toQuery({ ...rest, sortDesc: sortDesc ? 'true' : undefined })}`;
  const token = tokenStore.get()?.token;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, null);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name ?? `users.${query.format ?? 'xlsx'}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The user's dashboards with their default flags (choices of the default and mobile-default). */
export const userDashboardsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...USERS, 'dashboards', userId] as const,
    queryFn: ({ signal }) =>
      api<ViewItemDto[]>(`/api/User/${encodeURIComponent(userId)}/dashboards`, { signal }),
  });

/** Sets the user's default (or default mobile) dashboard; the previous default is cleared (spec section 4). */
export function useSetDefaultDashboard(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `dashboardId` null: the user is left with no default (DELETE) */
    mutationFn: ({ dashboardId, mobile }: { dashboardId: string | null; mobile: boolean }) =>
      api<UserDefaultDashboardDto>(
        `/api/User/${encodeURIComponent(userId)}/${mobile ? 'defaultMobileDashboard' : 'defaultDashboard'}${dashboardId === null ? '' : `/${encodeURIComponent(dashboardId)}`}`,
        { method: dashboardId === null ? 'DELETE' : 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDashboardsQuery(userId).queryKey }),
  });
}
