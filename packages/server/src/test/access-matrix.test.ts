import { afterAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@footfall/domain';
import { createTestApp } from './harness.js';
import { authHeader, makeOrganisation, makeUser } from './factories.js';
import { accessMatrix, PUBLIC_ROUTES } from './access-matrix.table.js';
import {
  crossTenantGaps,
  MATRIX_CONTEXTS,
  MATRIX_ROLES,
  routeKey,
  type MatrixContext,
  type MatrixEntry,
  type MatrixRequestContext,
  type MatrixTable,
} from './access-matrix.js';

/**
 * The access-control matrix: every route the real app registers x every role x (own scope / sibling
 * scope / other client group) answers the status of its entry in access-matrix.table.ts (or a
 * feature's *.access-matrix.ts). A route without an entry fails; so does a route reachable without
 * a token that is not on the public allow-list.
 */

// Every route as the app registers it: an onRoute hook installed on each Fastify instance created.
const registered = vi.hoisted(() => [] as { method: string; url: string; access: unknown }[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default;
  const wrapped = ((opts?: Parameters<typeof original>[0]) => {
    const app = original(opts);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue; // Fastify's automatic twin of each GET
        // read when asked: onRoute hooks installed later (app.ts) may still set the access
        registered.push({
          method,
          url: route.url,
          get access() {
            return route.config?.access ?? 'authenticated';
          },
        });
      }
    });
    return app;
  }) as typeof original;
  Object.assign(wrapped, original);
  return { ...mod, default: wrapped, fastify: wrapped };
});

/** The central table plus every feature's own `*.access-matrix.ts`. */
async function loadTable(): Promise<MatrixTable> {
  const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');
  const table: MatrixTable = { ...accessMatrix };
  for (const feature of fs.readdirSync(featuresDir, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const file of fs.readdirSync(path.join(featuresDir, feature.name))) {
      if (!file.endsWith('.access-matrix.ts')) continue;
      const mod = (await import(path.join(featuresDir, feature.name, file))) as {
        accessMatrix?: MatrixTable;
      };
      for (const [key, entry] of Object.entries(mod.accessMatrix ?? {})) {
        if (table[key]) throw new Error(`${key} has two access-matrix entries (${feature.name}/${file})`);
        table[key] = entry;
      }
    }
  }
  return table;
}

// a two-file web build, so that the web app's routes are registered (and checked) as in production
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-matrix-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Footfall</title>');
fs.writeFileSync(path.join(webDist, 'assets/app.js'), 'console.log(1);');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = await createTestApp({ WEB_DIST: webDist });
const table = await loadTable();
const routes = [...new Map(registered.map((r) => [routeKey(r.method, r.url), r])).values()];
const keyOf = (r: { method: string; url: string }) => routeKey(r.method, r.url);
const isPublic = (key: string) => PUBLIC_ROUTES.includes(key);

const org = await makeOrganisation(t.db);
const targets = {
  own: { group: org.regionA1, location: org.storeA1, device: org.deviceA1 },
  sibling: { group: org.regionA2, location: org.storeA2, device: org.deviceA2 },
  other: { group: org.clientB, location: org.storeB, device: org.deviceB },
} as const;

/** The admin owning each context's objects (see MatrixRequestContext.owner). */
const owners = {
  own: await makeUser(t.db, { roles: ['admin'], scopeNodeId: targets.own.group.id }),
  sibling: await makeUser(t.db, { roles: ['admin'], scopeNodeId: targets.sibling.group.id }),
  other: await makeUser(t.db, { roles: ['admin'], scopeNodeId: targets.other.group.id }),
} as const;

/** A fresh caller per request, so a request that changes its own user cannot spoil the next. */
async function callAs(role: Role | null, context: MatrixContext, entry: MatrixEntry, method: string) {
  const actor = await makeUser(t.db, {
    roles: [role ?? 'User'],
    scopeNodeId: role === 'superAdmin' ? null : org.regionA1.id,
  });
  const m: MatrixRequestContext = {
    t,
    org,
    actor,
    role: role ?? 'User',
    context,
    target: targets[context],
    owner: owners[context],
  };
  const req = await entry.request(m);
  const headers = { ...(role ? await authHeader(t.ctx, actor) : {}), ...req.headers };
  return t.app.inject({
    method: method as 'GET',
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
  });
}

/** Without an entry: the registered path with made-up parameters, to probe the 401 at least. */
const probe = (url: string): MatrixEntry => ({
  request: () => ({
    url: url.replace(/:[A-Za-z0-9_]+/g, '7d8e6a6e-1b1b-4c4c-9d9d-0123456789ab').replace(/\*$/, 'x'),
  }),
  expect: () => 401,
});

describe('access-control matrix', () => {
  it('knows the routes of the app', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map(keyOf)).toContain('GET /api/OrganizationalTree/node/:id');
  });

  it('has an entry for every registered route', () => {
    const missing = routes.map(keyOf).filter((key) => !table[key] && !isPublic(key));
    expect(
      missing,
      `routes without an access-matrix entry (see access-matrix.table.ts):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('has no entry for a route that does not exist', () => {
    const known = new Set(routes.map(keyOf));
    expect(Object.keys(table).filter((key) => !known.has(key))).toEqual([]);
  });

  it("expects 404 for another tenant's object on every route with a path parameter", () => {
    const gaps = crossTenantGaps(table);
    expect(gaps, `entries that never probe another tenant's object:\n${gaps.join('\n')}`).toEqual([]);
  });

  it('declares public exactly the routes of the public allow-list', () => {
    const declaredPublic = routes.filter((r) => r.access === 'public').map(keyOf);
    expect(declaredPublic.filter((key) => !isPublic(key))).toEqual([]);
    const listedButProtected = routes.filter((r) => r.access !== 'public' && isPublic(keyOf(r))).map(keyOf);
    expect(listedButProtected).toEqual([]);
  });

  it('answers 401 without a token on every route but the public allow-list', async () => {
    const reachable: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      if (isPublic(key)) continue;
      const res = await callAs(null, 'own', table[key] ?? probe(route.url), route.method);
      if (res.statusCode !== 401) reachable.push(`${key} -> ${res.statusCode}`);
    }
    expect(reachable, 'routes that do not answer 401 without a token').toEqual([]);
  });

  describe.each(routes.filter((r) => table[keyOf(r)]).map((r) => [keyOf(r), r] as const))(
    '%s',
    (key, route) => {
      it('answers each role in each context as the table says', async () => {
        const entry = table[key]!;
        const wrong: string[] = [];
        for (const role of MATRIX_ROLES) {
          for (const context of MATRIX_CONTEXTS) {
            const expected = [entry.expect(role, context)].flat();
            const res = await callAs(role, context, entry, route.method);
            if (!expected.includes(res.statusCode)) {
              wrong.push(
                `${role.padEnd(18)} ${context.padEnd(8)} expected ${expected.join('|')} got ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
        expect(wrong, `${key}\n${wrong.join('\n')}`).toEqual([]);
      });
    },
  );
});
