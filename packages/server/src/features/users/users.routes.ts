import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AffectedUsers,
  CreateUserBody,
  DeleteUserConflict,
  DeleteUserQuery,
  DeleteUserResult,
  ErrorBody,
  IdParams,
  UpdateUserBody,
  UserDto,
  UserList,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { answerPasswordRuleErrors } from '../../platform/http/password-rule.http.js';

const adminKind = { roles: ['superAdmin', 'admin'] } as const;
const tags = ['users'];

/** User management (admin-kind, within their scope). */
export const usersRoutes: Feature = (services) => async (app) => {
  answerPasswordRuleErrors(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/User',
    { config: { access: adminKind }, schema: { tags, response: { 200: UserList } } },
    async (req) => services.users.list(req.principal!),
  );

  r.post(
    '/api/User',
    {
      config: { access: adminKind },
      schema: { tags, body: CreateUserBody, response: { 201: UserDto, 409: ErrorBody } },
    },
    async (req, reply) => reply.status(201).send(await services.users.create(req.principal!, req.body)),
  );

  r.get(
    '/api/User/:id',
    { config: { access: adminKind }, schema: { tags, params: IdParams, response: { 200: UserDto } } },
    async (req) => services.users.get(req.principal!, req.params.id),
  );

  r.put(
    '/api/User/:id',
    {
      config: { access: adminKind },
      schema: { tags, params: IdParams, body: UpdateUserBody, response: { 200: UserDto } },
    },
    async (req) => services.users.update(req.principal!, req.params.id, req.body),
  );

  r.delete(
    '/api/User/:id',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'Delete a user; validate=true only reports, force=true deletes what they own too',
        params: IdParams,
        querystring: DeleteUserQuery,
        response: { 200: DeleteUserResult, 409: DeleteUserConflict.or(ErrorBody) },
      },
    },
    async (req, reply) => {
      const result = await services.users.remove(req.principal!, req.params.id, req.query);
      if (!result.blocked || result.validateOnly) return result;
      const what = result.owned.map((o) => `${o.count} ${o.resource}`).join(', ');
      return reply.status(409).send({
        ...result,
        error: 'conflict' as const,
        message: `The user owns ${what}; delete with force=true to delete them too`,
        statusCode: 409 as const,
      });
    },
  );

  r.get(
    '/api/User/:id/affected-users',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: "Users whose scope lies inside this user's scope",
        params: IdParams,
        response: { 200: AffectedUsers },
      },
    },
    async (req) => services.users.affectedUsers(req.principal!, req.params.id),
  );
};
