import type {
  CreateUserGroupBody,
  GroupDefaultTemplatesBody,
  TemplateDto,
  UpdateUserGroupBody,
  UserCreationAction,
  UserGroupDto,
} from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** User groups and their templates (spec 7 "User groups and templates"): fetchers, queries, mutations. */
export const fetchUserGroups = (signal?: AbortSignal) => api<UserGroupDto[]>('/api/UserGroup', { signal });
export const fetchTemplates = (signal?: AbortSignal) => api<TemplateDto[]>('/api/Template', { signal });

/** The groups the admin manages, `_EVERYONE_` first (the server's order). */
export const userGroupsQuery = () =>
  queryOptions({ queryKey: ['userGroups'] as const, queryFn: ({ signal }) => fetchUserGroups(signal) });

/** Every template the admin may read (their own group's and those of the groups they manage). */
export const templatesQuery = () =>
  queryOptions({ queryKey: ['templates'] as const, queryFn: ({ signal }) => fetchTemplates(signal) });

const templatePath = (t: { userGroupId: string; name: string }) =>
  `/api/Template/${encodeURIComponent(t.userGroupId)}/${encodeURIComponent(t.name)}`;

export const createUserGroup = (body: Partial<CreateUserGroupBody> & { name: string }) =>
  api<UserGroupDto>('/api/UserGroup', { method: 'POST', body });
export const updateUserGroup = ({ id, body }: { id: string; body: UpdateUserGroupBody }) =>
  api<UserGroupDto>(`/api/UserGroup/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const setGroupDefaults = ({ id, body }: { id: string; body: GroupDefaultTemplatesBody }) =>
  api<UserGroupDto>(`/api/Template/defaults/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const renameTemplate = ({ template, name }: { template: TemplateDto; name: string }) =>
  api<TemplateDto>(`${templatePath(template)}/rename`, { method: 'PUT', body: { name } });
export const copyTemplate = ({
  template,
  targetUserGroupId,
}: {
  template: TemplateDto;
  targetUserGroupId: string;
}) =>
  api<TemplateDto>('/api/Template/copy', {
    method: 'POST',
    body: { templateName: template.name, sourceUserGroupId: template.userGroupId, targetUserGroupId },
  });
export const pushTemplate = (template: TemplateDto) =>
  api<{ updated: number }>(`${templatePath(template)}/push`, { method: 'POST' });
export const deleteTemplate = (template: TemplateDto) =>
  api<{ deleted: true }>(templatePath(template), { method: 'DELETE' });
export const setUserCreationAction = ({
  template,
  action,
}: {
  template: TemplateDto;
  action: UserCreationAction;
}) =>
  api<TemplateDto>(`${templatePath(template)}/userCreationAction`, {
    method: 'PUT',
    body: { userCreationAction: action },
  });

/** Groups and templates are read again after any change (a rename or delete touches the group's defaults). */
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: userGroupsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: templatesQuery().queryKey }),
  ]);

/** A mutation hook whose success reads groups and templates again, after the caller's own reaction. */
function refreshingMutation<Fn extends (arg: never) => Promise<unknown>>(mutationFn: Fn) {
  return function useRefreshingMutation({ onSuccess, ...config }: MutationConfig<Fn> = {}) {
    const queryClient = useQueryClient();
    return useMutation({
      ...config,
      mutationFn: mutationFn as (arg: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
      onSuccess: async (...args) => {
        await refresh(queryClient);
        await onSuccess?.(...args);
      },
    });
  };
}

export const useCreateUserGroup = refreshingMutation(createUserGroup);
export const useUpdateUserGroup = refreshingMutation(updateUserGroup);
export const useSetGroupDefaults = refreshingMutation(setGroupDefaults);
export const useRenameTemplate = refreshingMutation(renameTemplate);
export const useCopyTemplate = refreshingMutation(copyTemplate);
export const usePushTemplate = refreshingMutation(pushTemplate);
export const useDeleteTemplate = refreshingMutation(deleteTemplate);
export const useSetUserCreationAction = refreshingMutation(setUserCreationAction);
