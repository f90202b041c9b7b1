import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../platform/context.js';
import type { Services } from '../services.js';

/** A feature contributes routes; it reaches other features only through `services`. */
export type Feature = (services: Services, ctx: AppContext) => FastifyPluginAsync;
