import type {
  CustomerSignInBody,
  CustomerSignInDto,
  Language,
  PublicSignIn,
  TokenResponse,
  UserGroupDto,
} from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A customer sign-in page's name and branding (public, before sign-in). */
export const publicSignInQuery = (slug: string) =>
  queryOptions({
    queryKey: ['customer-sign-in', 'public', slug] as const,
    queryFn: ({ signal }) =>
      api<PublicSignIn>(`/api/CustomerSignIn/public/${encodeURIComponent(slug)}`, {
        signal,
        anonymous: true,
      }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Starts a sign-in at the identity provider: the URL to send the browser to. */
export const startSignIn = (slug: string, language: Language, redirectTo?: string) =>
  api<{ authorizationUrl: string }>(`/api/CustomerSignIn/public/${encodeURIComponent(slug)}/start`, {
    body: { language, ...(redirectTo ? { redirectTo } : {}) },
    anonymous: true,
  });

/** POST /authentication/<endpoint>: the provider's answer (code, state, iss) for our tokens. */
export const exchangeSignIn = (endpoint: string, params: Record<string, string>) =>
  api<TokenResponse & { redirectTo: string | null }>(`/authentication/${encodeURIComponent(endpoint)}`, {
    body: params,
    anonymous: true,
  });

/** Every customer sign-in (superAdmin). */
export const signInsQuery = () =>
  queryOptions({
    queryKey: ['customer-sign-in', 'list'] as const,
    queryFn: ({ signal }) => api<CustomerSignInDto[]>('/api/CustomerSignIn', { signal }),
  });

/** Creates (no id) or replaces a customer sign-in; refreshes the list. */
export function useSaveSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CustomerSignInBody }) =>
      id
        ? api<CustomerSignInDto>(`/api/CustomerSignIn/${id}`, { method: 'PUT', body })
        : api<CustomerSignInDto>('/api/CustomerSignIn', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customer-sign-in'] }),
  });
}

export function useDeleteSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/CustomerSignIn/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customer-sign-in'] }),
  });
}

/** The user groups a first sign-in may put users in (superAdmin sees every group). */
export const userGroupsForSsoQuery = () =>
  queryOptions({
    queryKey: ['customer-sign-in', 'user-groups'] as const,
    queryFn: ({ signal }) => api<UserGroupDto[]>('/api/UserGroup', { signal }),
  });
