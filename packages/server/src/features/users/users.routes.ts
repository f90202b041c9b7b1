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
  UserPage,
  UserSearchQuery,
  UsersReportQuery,
} from '@footfall/domain';
import { z } from 'zod';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const adminKind = ACCESS.adminKind;
const tags = ['users'];

/** User management (admin-kind, within their scope). */
export const usersRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/User',
    { config: { access: adminKind }, schema: { tags, response: { 200: UserList } } },
    async (req) => services.users.list(principalOf(req)),
  );

  r.get(
    '/api/User/search',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'One page of the users in scope: search, role, group, scope and state filters, sort',
        querystring: UserSearchQuery,
        response: { 200: UserPage },
      },
    },
    async (req) => services.users.search(principalOf(req), req.query),
  );

  r.get(
    '/api/User/UsersReport',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'The users report: the filtered users as CSV (UTF-8 with BOM) or XLSX',
        querystring: UsersReportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const file = await services.usersReport.render(principalOf(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.post(
    '/api/User/:id/password-reset-mail',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'Mail the user the single-use link to choose a new password',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await services.users.sendPasswordResetMail(principalOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/User',
    {
      config: { access: adminKind },
      schema: { tags, body: CreateUserBody, response: { 201: UserDto, 409: ErrorBody } },
    },
    async (req, reply) => reply.status(201).send(await services.users.create(principalOf(req), req.body)),
  );

  r.get(
    '/api/User/:id',
    { config: { access: adminKind }, schema: { tags, params: IdParams, response: { 200: UserDto } } },
    async (req) => services.users.get(principalOf(req), req.params.id),
  );

  r.put(
    '/api/User/:id',
    {
      config: { access: adminKind },
      schema: { tags, params: IdParams, body: UpdateUserBody, response: { 200: UserDto } },
    },
    async (req) => services.users.update(principalOf(req), req.params.id, req.body),
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
    async (req) => services.users.remove(principalOf(req), req.params.id, req.query),
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
    async (req) => services.users.affectedUsers(principalOf(req), req.params.id),
  );
};
