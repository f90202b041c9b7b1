import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateNodeBody,
  MoveNodeBody,
  NodeAttributes,
  NodeIdParams,
  NodeList,
  NodeSummary,
  ToOrphansBody,
  ToOrphansResponse,
  TreeQuery,
  TreeResponse,
  TreeSearchQuery,
  TreeSearchResponse,
  UpdateNodeBody,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const ADMIN_KIND = ACCESS.adminKind;
const BASE = '/api/OrganizationalTree';
const tags = ['tree'];

/**
 * Organisational tree (spec section 7 "OrganizationalTree"). Everyone signed in reads their subtree;
 * admin-kind users change it. A node outside the caller's scope answers 404 like an unknown one.
 */
export const treeRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tree = services.tree;
  const me = (req: { principal: Principal | null }) => principalOf(req);

  r.get(BASE, { schema: { tags, querystring: TreeQuery, response: { 200: TreeResponse } } }, async (req) =>
    tree.tree(me(req), req.query),
  );

  r.get(
    `${BASE}/node/:id`,
    { schema: { tags, params: NodeIdParams, response: { 200: NodeSummary } } },
    async (req) => tree.node(me(req), req.params.id),
  );

  r.get(
    `${BASE}/Attributes/:id`,
    { schema: { tags, params: NodeIdParams, response: { 200: NodeAttributes } } },
    async (req) => tree.attributes(me(req), req.params.id),
  );

  r.get(
    `${BASE}/search`,
    { schema: { tags, querystring: TreeSearchQuery, response: { 200: TreeSearchResponse } } },
    async (req) => tree.search(me(req), req.query.text),
  );

  r.get(
    `${BASE}/orphans`,
    { config: { access: ACCESS.superAdmin }, schema: { tags, response: { 200: NodeList } } },
    async (req) => tree.orphans(me(req)),
  );

  r.post(
    BASE,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: CreateNodeBody, response: { 201: NodeSummary } },
    },
    async (req, reply) => reply.status(201).send(await tree.create(me(req), req.body)),
  );

  r.put(
    `${BASE}/:id`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: NodeIdParams, body: UpdateNodeBody, response: { 200: NodeSummary } },
    },
    async (req) => tree.update(me(req), req.params.id, req.body),
  );

  r.delete(
    `${BASE}/:id`,
    {
      config: { access: ADMIN_KIND },
      schema: {
        tags,
        description: 'Deletes the node. Its children are kept and become orphans (listed by GET orphans).',
        params: NodeIdParams,
        response: { 200: z.object({ orphaned: z.array(z.string()) }) },
      },
    },
    async (req) => tree.remove(me(req), req.params.id),
  );

  r.post(
    `${BASE}/move`,
    { config: { access: ADMIN_KIND }, schema: { tags, body: MoveNodeBody, response: { 200: NodeSummary } } },
    async (req) => tree.move(me(req), req.body.nodeId, req.body.parentId),
  );

  r.post(
    `${BASE}/toOrphans`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: ToOrphansBody, response: { 200: ToOrphansResponse } },
    },
    async (req) => tree.toOrphans(me(req), req.body.nodeIds),
  );
};
