import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, PasswordRuleErrorBody, ProfileBody, UserCurrent, UserDto } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { answerPasswordRuleErrors } from '../../platform/http/password-rule.http.js';

/** The signed-in user: who am I, and the profile dialog. */
export const currentUserRoutes: Feature = (services) => async (app) => {
  answerPasswordRuleErrors(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/api/User/Current', '/user/current']) {
    r.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user (the impersonated one while impersonating)',
          response: { 200: UserCurrent },
        },
      },
      async (req) => services.users.current(req.principal!),
    );
  }

  r.put(
    '/api/User/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Edit your own profile (not for single sign-on users)',
        body: ProfileBody,
        response: { 200: UserDto, 400: PasswordRuleErrorBody.or(ErrorBody), 403: ErrorBody },
      },
    },
    async (req) => services.users.updateProfile(req.principal!, req.body),
  );
};
