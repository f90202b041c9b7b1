import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/config.js';
import { serverPackageRoot } from '../package-root.js';

export function webDistDir(config: Config): string {
  return config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(serverPackageRoot(), '../web/dist');
}

/**
 * CSP sources ('sha256-...') of the inline scripts of the built index.html (the early boot script
 * of packages/web/vite.config.ts), so that the policy allows them and no other inline script.
 * None when the app is not built.
 */
export function inlineScriptSources(config: Config): string[] {
  const index = path.join(webDistDir(config), 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

/**
 * The hub's WebSocket origin for `connect-src`: our own only. 'self' already covers it in CSP 3
 * browsers, whatever address the page was reached by; the PUBLIC_URL origin in ws(s) form is for
 * browsers where 'self' does not match WebSocket schemes.
 */
export function webSocketSources(config: Config): string[] {
  const url = new URL(config.PUBLIC_URL);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/** `upgrade-insecure-requests` follows the scheme users reach us by (PUBLIC_URL). */
export const upgradesInsecureRequests = (config: Config) => new URL(config.PUBLIC_URL).protocol === 'https:';

const API_PREFIXES = ['/api/', '/authentication', '/signalr', '/user/'];

/** Serves the built React app on the same origin; client-side routes fall back to index.html. */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const root = webDistDir(config);
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ root }, 'web app not built: only the API is served');
    return;
  }
  // serve: false: the plugin only provides reply.sendFile; the public route below serves every file (routes
  // the plugin would register itself carry no access declaration and would answer 401)
  // preCompressed: the build writes .br/.gz beside each text asset (packages/web/vite.config.ts); they are
  // sent to browsers that accept the encoding, the plain file to others. cacheControl: false: the route
  // below sets cache-control itself (the plugin's own header would replace it)
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
  });
  // compress: false: the files are sent as built, with their prebuilt .br/.gz (index.html's too), rather
  // than compressed again on each request (the API's answers are, app.ts)
  app.get('/*', { config: { access: 'public' }, schema: { hide: true }, compress: false }, (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.toLowerCase().startsWith(p))) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `Route ${req.method} ${url} not found`, statusCode: 404 });
    }
    const file = path.join(root, url);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const cache = url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply.header('cache-control', cache).sendFile(path.relative(root, file));
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
