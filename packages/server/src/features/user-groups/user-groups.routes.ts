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
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const adminKind = ACCESS.adminKind;
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
    async (req) => services.userGroups.list(principalOf(req)),
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
    async (req) => services.userGroups.current(principalOf(req)),
  );

  r.get(
    '/api/UserGroup/:id',
    { config: { access: adminKind }, schema: { tags, params: IdParams, response: { 200: UserGroupDto } } },
    async (req) => services.userGroups.get(principalOf(req), req.params.id),
  );

  r.post(
    '/api/UserGroup',
    {
      config: { access: adminKind },
      schema: { tags, body: CreateUserGroupBody, response: { 201: UserGroupDto, 409: ErrorBody } },
    },
    async (req, reply) =>
      reply.status(201).send(await services.userGroups.create(principalOf(req), req.body)),
  );

  r.put(
    '/api/UserGroup/:id',
    {
      config: { access: adminKind },
      schema: { tags, params: IdParams, body: UpdateUserGroupBody, response: { 200: UserGroupDto } },
    },
    async (req) => services.userGroups.update(principalOf(req), req.params.id, req.body),
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
    async (req) => services.userGroups.remove(principalOf(req), req.params.id),
  );
};
