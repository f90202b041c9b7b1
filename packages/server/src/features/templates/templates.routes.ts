import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyTemplateBody,
  ErrorBody,
  GroupDefaultTemplatesBody,
  HasTemplatesDto,
  PushTemplateResult,
  RenameTemplateBody,
  SaveTemplateBody,
  TemplateDto,
  TemplateList,
  TemplateParams,
  UserCreationActionBody,
  UserGroupDto,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['templates'];
const adminKind = ACCESS.adminKind;
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
    async (req) => t.list(principalOf(req)),
  );

  r.get(
    '/api/User/hasTemplates',
    { config: { access: authenticated }, schema: { tags, response: { 200: HasTemplatesDto } } },
    async (req) => ({ hasTemplates: await t.hasTemplates(principalOf(req)) }),
  );

  r.get(
    '/api/Template/:userGroupId/:name',
    {
      config: { access: authenticated },
      schema: { tags, params: TemplateParams, response: { 200: TemplateDto } },
    },
    async (req) => t.get(principalOf(req), req.params.userGroupId, req.params.name),
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
    async (req) => t.save(principalOf(req), req.body),
  );

  r.post(
    '/api/Template/copy',
    {
      config: { access: adminKind },
      schema: { tags, body: CopyTemplateBody, response: { 200: TemplateDto } },
    },
    async (req) => t.copy(principalOf(req), req.body),
  );

  r.delete(
    '/api/Template/:userGroupId/:name',
    {
      config: { access: adminKind },
      schema: { tags, params: TemplateParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => t.remove(principalOf(req), req.params.userGroupId, req.params.name),
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
    async (req) => t.push(principalOf(req), req.params.userGroupId, req.params.name),
  );

  r.put(
    '/api/Template/:userGroupId/:name/rename',
    {
      config: { access: adminKind },
      schema: {
        tags,
        summary: 'Rename a template; group defaults and linked dashboards follow the new name',
        params: TemplateParams,
        body: RenameTemplateBody,
        response: { 200: TemplateDto, 409: ErrorBody },
      },
    },
    async (req) => t.rename(principalOf(req), req.params.userGroupId, req.params.name, req.body.name),
  );

  r.put(
    '/api/Template/:userGroupId/:name/userCreationAction',
    {
      config: { access: adminKind },
      schema: { tags, params: TemplateParams, body: UserCreationActionBody, response: { 200: TemplateDto } },
    },
    async (req) =>
      t.setUserCreationAction(
        principalOf(req),
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
    async (req) => t.setGroupDefaults(principalOf(req), req.params.userGroupId, req.body),
  );
};
