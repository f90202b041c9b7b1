import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerSignInBody,
  CustomerSignInDto,
  CustomerSignInList,
  ErrorBody,
  IdParams,
  PublicSignIn,
  SlugParams,
  SsoCallbackBody,
  SsoTokenResponse,
  StartSignInBody,
  StartSignInResponse,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['single sign-on'];
const S = '/api/CustomerSignIn';

/**
 * Customer sign-ins (issue 18): superAdmin configures them; their page, the start of an attempt and
 * the exchange (`POST /authentication/<endpoint>`, spec section 7) are public.
 */
export const ssoRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ACCESS.superAdmin };

  r.get(
    S,
    {
      config: admin,
      schema: { tags, summary: 'Every customer sign-in', response: { 200: CustomerSignInList } },
    },
    async () => services.sso.list(),
  );
  r.get(
    `${S}/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'One customer sign-in',
        params: IdParams,
        response: { 200: CustomerSignInDto },
      },
    },
    async (req) => services.sso.get(req.params.id),
  );
  r.post(
    S,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a customer sign-in',
        body: CustomerSignInBody,
        response: { 201: CustomerSignInDto },
      },
    },
    async (req, reply) => reply.status(201).send(await services.sso.create(principalOf(req), req.body)),
  );
  r.put(
    `${S}/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace a customer sign-in (the client secret stays when left out)',
        params: IdParams,
        body: CustomerSignInBody,
        response: { 200: CustomerSignInDto },
      },
    },
    async (req) => services.sso.update(principalOf(req), req.params.id, req.body),
  );
  r.delete(
    `${S}/:id`,
    { config: admin, schema: { tags, summary: 'Delete a customer sign-in', params: IdParams } },
    async (req, reply) => {
      await services.sso.remove(principalOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    `${S}/public/:slug`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A customer sign-in page's name and branding",
        params: SlugParams,
        response: { 200: PublicSignIn, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => services.sso.publicPage(req.params.slug),
  );
  r.post(
    `${S}/public/:slug/start`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Start a sign-in: the identity provider's authorization URL (state, nonce, PKCE kept server-side)",
        params: SlugParams,
        body: StartSignInBody,
        response: { 200: StartSignInResponse, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (req) => services.sso.start(req.params.slug, req.body),
  );
  r.post(
    '/authentication/:endpoint',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: "Exchange the identity provider's answer (code, state) for our tokens",
        params: z.object({ endpoint: z.string().max(40) }),
        body: SsoCallbackBody,
        response: {
          200: SsoTokenResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (req) => services.sso.complete(req.params.endpoint, req.body),
  );
};
