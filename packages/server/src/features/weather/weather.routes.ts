import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WeatherQuery, WeatherResponse, WeatherStatus, type Principal } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';

const tags = ['weather'];

/**
 * Weather for dashboard widgets (spec section 7 "OpenWeatherMap"): everyone signed in, for nodes of
 * their scope (404 outside). `enabled` tells the web whether to offer `includeWeatherIcons`.
 */
export const weatherRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const weather = services.weather;
  const me = (req: { principal: Principal | null }) => principalOf(req);

  r.get('/api/OpenWeatherMap/status', { schema: { tags, response: { 200: WeatherStatus } } }, async (req) => {
    me(req);
    return weather.status();
  });

  r.get(
    '/api/OpenWeatherMap',
    { schema: { tags, querystring: WeatherQuery, response: { 200: WeatherResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, max-age=600');
      return weather.days(me(req), req.query);
    },
  );
};
