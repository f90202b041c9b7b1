import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordBody,
  ErrorBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  PasswordRuleErrorBody,
  RecoverPasswordBody,
  RecoverPasswordResponse,
  TokenResponse,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { answerPasswordRuleErrors } from '../../platform/http/password-rule.http.js';

/** Forgot, recover and change password. */
export const passwordRoutes: Feature = (services) => async (app) => {
  answerPasswordRuleErrors(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/authentication/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'Mail a single-use recovery link (same answer whether or not the account exists)',
        body: ForgotPasswordBody,
        response: { 200: ForgotPasswordResponse },
      },
    },
    async (req) => {
      await services.auth.forgotPassword(req.body.username);
      return { status: 'accepted' as const };
    },
  );

  r.post(
    '/authentication/recover-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'Set a new password with the token from the recovery mail',
        body: RecoverPasswordBody,
        response: { 200: RecoverPasswordResponse, 400: PasswordRuleErrorBody.or(ErrorBody) },
      },
    },
    async (req) => {
      await services.auth.recoverPassword(req.body.token, req.body.newPassword);
      return { status: 'password_changed' as const };
    },
  );

  r.post(
    '/authentication/password-change',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['authentication'],
        summary: 'Change your password; other sessions end and a fresh token pair is returned',
        body: ChangePasswordBody,
        response: { 200: TokenResponse, 400: PasswordRuleErrorBody.or(ErrorBody) },
      },
    },
    async (req) => services.auth.changePassword(req.principal!, req.body.oldPassword, req.body.newPassword),
  );
};
