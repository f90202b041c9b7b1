import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, LoginBody, RefreshBody, TokenResponse } from '@footfall/domain';
import type { Feature } from '../feature.js';

/** Sign-in and token refresh (spec section 7 "Authentication"). */
export const authRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/authentication',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with username and password',
        body: LoginBody,
        response: { 200: TokenResponse, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const outcome = await services.auth.login(req.body.username, req.body.password, req.ip);
      if (outcome.ok) return outcome.tokens;
      const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
      return reply
        .status(429)
        .header('retry-after', String(seconds))
        .send({
          error: 'too_many_requests',
          message: `Too many failed sign-ins; try again in ${seconds} s`,
          statusCode: 429,
        });
    },
  );

  r.post(
    '/authentication/refreshToken',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'Exchange a refresh token (single use) for a new token pair',
        body: RefreshBody,
        response: { 200: TokenResponse, 401: ErrorBody },
      },
    },
    async (req) => services.auth.refresh(req.body.refreshToken),
  );
};
