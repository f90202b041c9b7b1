import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyTemplateBody,
  ErrorBody,
  GroupDefaultTemplatesBody,
  HasTemplatesDto,
  PushTemplateResult,
  SaveTemplateBody,
  TemplateDto,
  TemplateList,
  TemplateParams,
  UserCreationActionBody,
  UserGroupDto,
} from '@footfall/domain';
import type { Feature } from '../feature.js';

const tags = ['templates'];
const adminKind = { roles: ['superAdmin', 'admin'] } as const;
const authenticated = 'authenticated' as const;

export const templateRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const t = services.templates;

  r.get(
    '/api/Template',
    {
      config: { access: authenticated },
      schema: {
        tags,
        summary: "All templates (admin-kind) or the caller's group's",
        response: { 200: TemplateList },
      },
    },
    async (req) => t.list(req.principal!),
  );

  r.get(
    '/api/User/hasTemplates',
    { config: { access: authenticated }, schema: { tags, response: { 200: HasTemplatesDto } } },
    async (req) => ({ hasTemplates: await t.hasTemplates(req.principal!) }),
  );

  r.get(
    '/api/Template/:userGroupId/:name',
    {
      config: { access: authenticated },
      schema: { tags, params: TemplateParams, response: { 200: TemplateDto } },
    },
    async (req) => t.get(req.principal!, req.params.userGroupId, req.params.name),
  );

  r.post(
    '/api/Template',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'Save (create or replace) a template',
        body: SaveTemplateBody,
        response: { 200: TemplateDto, 400: ErrorBody },
      },
    },
    async (req) => t.save(req.principal!, req.body),
  );

  r.post(
    '/api/Template/copy',
    {
      config: { access: adminKind },
      schema: { tags, body: CopyTemplateBody, response: { 200: TemplateDto } },
    },
    async (req) => t.copy(req.principal!, req.body),
  );

  r.delete(
    '/api/Template/:userGroupId/:name',
    {
      config: { access: adminKind },
      schema: { tags, params: TemplateParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => t.remove(req.principal!, req.params.userGroupId, req.params.name),
  );

  r.post(
    '/api/Template/:userGroupId/:name/push',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: "Overwrite the group's users' dashboards linked to this template",
        params: TemplateParams,
        response: { 200: PushTemplateResult },
      },
    },
    async (req) => t.push(req.principal!, req.params.userGroupId, req.params.name),
  );

  r.put(
    '/api/Template/:userGroupId/:name/userCreationAction',
    {
      config: { access: adminKind },
      schema: { tags, params: TemplateParams, body: UserCreationActionBody, response: { 200: TemplateDto } },
    },
    async (req) =>
      t.setUserCreationAction(
        req.principal!,
        req.params.userGroupId,
        req.params.name,
        req.body.userCreationAction,
      ),
  );

  r.put(
    '/api/Template/defaults/:userGroupId',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: "A group's default and default mobile templates",
        params: z.object({ userGroupId: z.uuid() }),
        body: GroupDefaultTemplatesBody,
        response: { 200: UserGroupDto },
      },
    },
    async (req) => t.setGroupDefaults(req.principal!, req.params.userGroupId, req.body),
  );
};
