import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HUB_PATH, isLiveViewShareToken } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { createLocalBackplane, createRedisBackplane } from '../../platform/hub/backplane.js';
import { createLiveHub } from './live-hub.js';

/**
 * The real-time hub at /signalr: the negotiate call here, the WebSocket upgrade on the HTTP server.
 * The hub authenticates by itself (bearer token or a live view share token), so the route is public
 * to the HTTP auth layer and answers 401 on its own.
 */
export const liveRoutes: Feature = (services, ctx) => async (app) => {
  const backplane = ctx.config.REDIS_URL
    ? await createRedisBackplane(ctx.config.REDIS_URL, ctx.config.REDIS_CHANNEL, ctx.log)
    : createLocalBackplane(ctx.log);
  const live = createLiveHub({
    ctx,
    backplane,
    isInScope: (principal, nodeId) => services.scope.isInScope(principal, nodeId),
    contains: (outer, inner) => services.scope.contains(outer, inner),
    principals: services.principals,
    shares: services.liveViews,
    isShareToken: isLiveViewShareToken,
    feed: { latest: (nodeId) => services.liveViews.latestFeed(nodeId) },
  });
  live.hub.attach(app.server);
  app.addHook('preClose', async () => live.close());

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${HUB_PATH}/negotiate`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['live'],
        summary: 'SignalR negotiate: authenticates and returns a connection token for the WebSocket',
        querystring: z.looseObject({ negotiateVersion: z.coerce.number().int().optional() }),
        response: {
          200: z.object({
            negotiateVersion: z.number(),
            connectionId: z.string(),
            connectionToken: z.string(),
            availableTransports: z.array(
              z.object({ transport: z.string(), transferFormats: z.array(z.string()) }),
            ),
          }),
          401: z.object({ error: z.string() }),
          403: z.object({ error: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const query = new URL(req.url, 'http://localhost').searchParams;
      const answer = await live.hub.negotiate(req, query);
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
