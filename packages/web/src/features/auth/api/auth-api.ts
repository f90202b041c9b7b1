import type { TokenResponse } from '@footfall/domain';
import { api } from '../../../lib/api-client';

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
