import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateUserGroupBody,
  DeleteUserGroupResult,
  ErrorBody,
  IdParams,
  UpdateUserGroupBody,
  UserGroupDto,
  UserGroupList,
} from '@footfall/domain';
import type { Feature } from '../feature.js';

const adminKind = { roles: ['superAdmin', 'admin'] } as const;
const tags = ['user groups'];

export const userGroupRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/UserGroup',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: "The groups owned inside the caller's scope, _EVERYONE_ first",
        response: { 200: UserGroupList },
      },
    },
    async (req) => services.userGroups.list(req.principal!),
  );

  r.get(
    '/api/UserGroup/current',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's group (_EVERYONE_ without one)",
        response: { 200: UserGroupDto },
      },
    },
    async (req) => services.userGroups.current(req.principal!),
  );

  r.get(
    '/api/UserGroup/:id',
    { config: { access: adminKind }, schema: { tags, params: IdParams, response: { 200: UserGroupDto } } },
    async (req) => services.userGroups.get(req.principal!, req.params.id),
  );

  r.post(
    '/api/UserGroup',
    {
      config: { access: adminKind },
      schema: { tags, body: CreateUserGroupBody, response: { 201: UserGroupDto, 409: ErrorBody } },
    },
    async (req, reply) => reply.status(201).send(await services.userGroups.create(req.principal!, req.body)),
  );

  r.put(
    '/api/UserGroup/:id',
    {
      config: { access: adminKind },
      schema: { tags, params: IdParams, body: UpdateUserGroupBody, response: { 200: UserGroupDto } },
    },
    async (req) => services.userGroups.update(req.principal!, req.params.id, req.body),
  );

  r.delete(
    '/api/UserGroup/:id',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'Delete a group; its users fall back to _EVERYONE_',
        params: IdParams,
        response: { 200: DeleteUserGroupResult },
      },
    },
    async (req) => services.userGroups.remove(req.principal!, req.params.id),
  );
};
