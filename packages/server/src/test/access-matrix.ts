import { ROLES, type Role } from '@footfall/domain';
import type { TestApp } from './harness.js';
import type { MadeNode, MadeUser, Organisation } from './factories.js';

/**
 * Types and helpers of the access-control matrix (access-matrix.test.ts). See the comment at the top
 * of access-matrix.table.ts for how to add the entry of a new route.
 */
export const MATRIX_ROLES: readonly Role[] = ROLES;

/** Where the target of the request lies, seen from the caller (scoped to "Region A1" of client A). */
export type MatrixContext = 'own' | 'sibling' | 'other';
export const MATRIX_CONTEXTS: readonly MatrixContext[] = ['own', 'sibling', 'other'];

/** The nodes of one context: a group (the scope root), a location in it and a device in that. */
export interface MatrixTarget {
  group: MadeNode;
  location: MadeNode;
  device: MadeNode;
}

export interface MatrixRequestContext {
  t: TestApp;
  org: Organisation;
  /** the caller: a fresh user of the role under test, scoped to Region A1 (superAdmin: whole tree) */
  actor: MadeUser;
  role: Role;
  context: MatrixContext;
  /** what the request should touch: inside the caller's scope, in a sibling region, in client B */
  target: MatrixTarget;
  /**
   * The tenant owning the context's objects: a fresh admin scoped to `target.group` (the caller's
   * own scope, the sibling region, client B). An entry whose route names an object (a path
   * parameter) creates that object as, or under, this owner, so that in the 'other' context the
   * caller is probed with an object of another tenant.
   */
  owner: MadeUser;
}

export interface MatrixRequest {
  /** the concrete URL, path parameters filled in, query string included */
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** The status(es) a role may get in a context; several when the route may answer either. */
export type Expected = number | readonly number[];

export interface MatrixEntry {
  /**
   * Builds a valid request (so that the only reason to refuse is access). It may create what it
   * needs with the factories, e.g. a fresh location under `target.group` for a DELETE.
   */
  request: (m: MatrixRequestContext) => MatrixRequest | Promise<MatrixRequest>;
  expect: (role: Role, context: MatrixContext) => Expected;
  /**
   * Only for a route with a path parameter that names no object of a tenant (so no 404 across
   * tenants is expected): why. Every other such route must expect 404 in the 'other' context from
   * each role it lets in (see `crossTenantGaps`).
   */
  notTenantOwned?: string;
}

export type MatrixTable = Record<string, MatrixEntry>;

/**
 * For routes whose object lies in the tree: the roles allowed answer `ok` inside their scope and 404
 * outside it (the unscoped superAdmin sees everything); other roles get 403 whatever the target.
 */
export const scoped =
  (ok: Expected, roles: readonly Role[] = MATRIX_ROLES) =>
  (role: Role, context: MatrixContext): Expected => {
    if (!roles.includes(role)) return 403;
    if (role === 'superAdmin' || context === 'own') return ok;
    return 404;
  };

/** For routes that do not depend on where a target lies: allowed roles get `ok`, others 403. */
export const unscoped =
  (ok: Expected, roles: readonly Role[] = MATRIX_ROLES) =>
  (role: Role): Expected =>
    roles.includes(role) ? ok : 403;

export const ADMIN_KIND: readonly Role[] = ['superAdmin', 'admin'];
export const SUPER_ADMIN: readonly Role[] = ['superAdmin'];

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * The rule that makes the matrix probe every tenant-owned object across tenants: for a route with a
 * path parameter (`/:id`), each role other than the unscoped superAdmin that succeeds in its own
 * scope must get 404 for the object of the other client group (or 403 when the role is refused
 * before any lookup, e.g. a plain user naming another user: that tells nothing either). The entries say what they expect,
 * and the test checks the answers, so an entry cannot pass by creating its object in the caller's
 * tenant (it would get 2xx, not the 404 it must expect), nor can a route that leaks (it would
 * answer 2xx to the other tenant). Returns the entries that break the rule.
 */
export function crossTenantGaps(table: MatrixTable, roles: readonly Role[] = MATRIX_ROLES): string[] {
  const gaps: string[] = [];
  for (const [key, entry] of Object.entries(table)) {
    if (!/\/:[A-Za-z]/.test(key) || entry.notTenantOwned) continue;
    for (const role of roles) {
      if (role === 'superAdmin') continue;
      const own = [entry.expect(role, 'own')].flat();
      if (!own.some(isSuccess)) continue;
      const other = [entry.expect(role, 'other')].flat();
      if (other.length !== 1 || (other[0] !== 404 && other[0] !== 403)) {
        gaps.push(`${key}: ${role} expects ${other.join('|')} for another tenant's object, not 404`);
      }
    }
  }
  return gaps;
}

/** A route's key in the tables: method and the path as registered, e.g. `GET /api/User/:id`. */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
