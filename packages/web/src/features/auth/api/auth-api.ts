import type { TokenResponse } from '@footfall/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { anyCurrentUserKey } from '../../../lib/session/current-user';

/** Calls of the sign-in flow (spec section 7 "Authentication"). */
export const authApi = {
  login: (body: { username: string; password: string }, endpoint = '/authentication') =>
    api<TokenResponse>(endpoint, { body, anonymous: true }),
  forgotPassword: (body: { username: string }) =>
    api<unknown>('/authentication/forgot-password', { body, anonymous: true }),
  recoverPassword: (body: { token: string; newPassword: string }) =>
    api<unknown>('/authentication/recover-password', { body, anonymous: true }),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    api<unknown>('/authentication/password-change', { body }),
};

/** Signs in, at the customer's endpoint when one is given (the caller stores the tokens). */
export const useLogin = (
  config: MutationConfig<
    (args: { username: string; password: string; endpoint?: string }) => Promise<TokenResponse>
  > = {},
) =>
  useMutation({
    ...config,
    mutationFn: ({ endpoint, ...body }) => authApi.login(body, endpoint),
  });

export const useForgotPassword = (config: MutationConfig<typeof authApi.forgotPassword> = {}) =>
  useMutation({ ...config, mutationFn: authApi.forgotPassword });

export const useRecoverPassword = (config: MutationConfig<typeof authApi.recoverPassword> = {}) =>
  useMutation({ ...config, mutationFn: authApi.recoverPassword });

/** Changes the password; the signed-in user (its reset-at-next-login flag) is refetched before the caller's onSuccess. */
export function useChangePassword({
  onSuccess,
  ...config
}: MutationConfig<typeof authApi.changePassword> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: authApi.changePassword,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: anyCurrentUserKey() });
      await onSuccess?.(...args);
    },
  });
}
