import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import type { AppContext } from './platform/context.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { installSafeInput } from './platform/http/safe-input.js';
import { installErrorBodies } from './platform/http/error-bodies.js';
import { authPlugin } from './platform/http/auth-plugin.js';
import {
  inlineScriptSources,
  registerWebApp,
  upgradesInsecureRequests,
  webSocketSources,
} from './platform/http/web-app.js';
import { createScheduler, type Scheduler } from './platform/scheduler/scheduler.js';
import { createServices, type Services } from './services.js';
import { features } from './features/index.js';

/** `scheduler` runs the jobs features declare (`<feature>.jobs.ts`); startup registers them and starts it. */
export type App = FastifyInstance & { services: Services; scheduler: Scheduler };

/** 10,000 measurements a batch fit comfortably. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** A hop count means: believe that many proxies nearest to us (proxy-addr counts hops from 0). */
const trustProxyOption = (v: Config['TRUST_PROXY']) =>
  typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;

export async function buildApp(ctx: AppContext): Promise<App> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSafeInput(app);
  installErrorBodies(app);
  // JSON answers and the HTML page compressed for browsers that accept it (a phone on a slow network
  // waits for the tree and the dashboard before the first screen); before the web app's static files,
  // whose prebuilt .br/.gz it leaves as they are. Brotli at quality 4: fast enough for every answer,
  // where the default 11 costs tens of milliseconds a response. Request bodies are read as before.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptSources(ctx.config)],
        connectSrc: ["'self'", ...webSocketSources(ctx.config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // only behind HTTPS: on a plain-HTTP deployment reached by a LAN address (in-store screens) the
        // browser would otherwise rewrite every subresource to an https:// URL nobody serves
        upgradeInsecureRequests: upgradesInsecureRequests(ctx.config) ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Footfall API', version: '4.71' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          /** device pushes: HTTP basic auth with an ingest key as the password (any user name) */
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // the API documentation (UI, its static files and the JSON document) is public
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') && !route.config?.access) {
      route.config = { ...(route.config ?? {}), access: 'public' };
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  // the document itself at a stable address for tools
  app.get('/api/docs.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const services = createServices(ctx);
  app.decorate('services', services);
  const scheduler = createScheduler({ db: ctx.db, clock: ctx.clock, log: ctx.log });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  app.addHook('onClose', () => services.alerts.close());
  await app.register(authPlugin, {
    tokens: ctx.tokens,
    principals: services.principals,
    ingestKeys: services.ingestKeys,
  });

  for (const feature of features) {
    await app.register(feature(services, ctx));
  }
  await registerWebApp(app, ctx.config);
  return app as unknown as App;
}
