import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ImpersonateBody, TokenResponse } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

/** Impersonation: the token carries the actor (act claim) and grants only the subject's rights. */
export const impersonationRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/authentication/impersonate', '/api/authentication/impersonate']) {
    r.post(
      url,
      {
        config: { access: ACCESS.impersonators },
        schema: {
          tags: ['authentication'],
          summary: 'Act as another user of your scope',
          body: ImpersonateBody,
          response: { 200: TokenResponse, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => services.auth.impersonate(principalOf(req), req.body.targetUsername),
    );
  }

  r.post(
    '/api/authentication/stop-impersonate',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['authentication'],
        summary: 'Stop impersonating: a fresh token for the real actor',
        response: { 200: TokenResponse, 400: ErrorBody },
      },
    },
    async (req) => services.auth.stopImpersonating(principalOf(req)),
  );
};
