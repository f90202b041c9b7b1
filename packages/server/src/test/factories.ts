import { randomBytes } from 'node:crypto';
import type { NodeAttributes, Principal, Role } from '@footfall/domain';
import type { Db } from '../platform/db/database.js';
import type { AppContext } from '../platform/context.js';
import { hashPassword } from '../platform/auth/password-hash.js';

/**
 * Test factories: rows straight into the database, each creating the parents it is missing, so a test
 * sets up only what it cares about. `makeDevice(db)` alone gives a device in a location in a group.
 */
const short = () => randomBytes(4).toString('hex');

export interface MadeNode {
  id: string;
  name: string;
  type: 'group' | 'location' | 'device';
  parentId: string | null;
}

async function insertNode(
  db: Db,
  type: MadeNode['type'],
  opts: { name?: string; parentId: string | null; referenceId?: string | null; attributes?: NodeAttributes },
): Promise<MadeNode> {
  const name = opts.name ?? `${type}-${short()}`;
  const row = await db
    .insertInto('node')
    .values({
      type,
      name,
      parent_id: opts.parentId,
      reference_id: opts.referenceId ?? null,
      attributes: JSON.stringify(opts.attributes ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, type, parentId: opts.parentId };
}

type NodeOpts = {
  name?: string;
  parentId?: string | null;
  referenceId?: string | null;
  attributes?: NodeAttributes;
};

/** A node of any type with no attributes (a group unless `type` says otherwise), top-level unless `parentId` is given. */
export const makeNode = (db: Db, opts: NodeOpts & { type?: MadeNode['type'] } = {}) =>
  insertNode(db, opts.type ?? 'group', { ...opts, parentId: opts.parentId ?? null });

/** A client group; top-level unless `parentId` is given. */
export const makeGroup = (db: Db, opts: NodeOpts = {}) =>
  insertNode(db, 'group', { ...opts, parentId: opts.parentId ?? null });

/** A location (Toronto hours by default) in the given group, or in a new one. */
export async function makeLocation(db: Db, opts: NodeOpts = {}): Promise<MadeNode> {
  const parentId = opts.parentId ?? (await makeGroup(db)).id;
  return insertNode(db, 'location', {
    ...opts,
    parentId,
    attributes: opts.attributes ?? {
      timezone: 'America/Toronto',
      businessHours: { '1': [['09:00', '17:00']], '2': [['09:00', '17:00']] },
    },
  });
}

/** A device with a random MAC address in the given location, or in a new location and group. */
export async function makeDevice(db: Db, opts: NodeOpts = {}): Promise<MadeNode> {
  const parentId = opts.parentId ?? (await makeLocation(db)).id;
  const mac = Array.from(randomBytes(6))
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':')
    .toUpperCase();
  return insertNode(db, 'device', { ...opts, parentId, attributes: opts.attributes ?? { macAddress: mac } });
}

export interface MadeUser {
  id: string;
  username: string;
  password: string;
  roles: Role[];
  scopeNodeId: string | null;
}

const DEFAULT_PASSWORD = 'Test-password-1';
let defaultHash: Promise<string> | null = null;

/**
 * A user. Without `scopeNodeId` a non-superAdmin gets a fresh client group as scope (pass `null` for
 * none); a superAdmin gets the whole tree.
 */
export async function makeUser(
  db: Db,
  opts: {
    username?: string;
    roles?: Role[];
    scopeNodeId?: string | null;
    password?: string;
    email?: string;
    mobileSettings?: Record<string, unknown>;
    isSsoUser?: boolean;
    resetPasswordAtNextLogin?: boolean;
  } = {},
): Promise<MadeUser> {
  const username = opts.username ?? `user-${short()}`;
  const roles = opts.roles ?? ['User'];
  const password = opts.password ?? DEFAULT_PASSWORD;
  const scopeNodeId =
    opts.scopeNodeId !== undefined
      ? opts.scopeNodeId
      : roles.includes('superAdmin')
        ? null
        : (await makeGroup(db)).id;
  const passwordHash = opts.password
    ? await hashPassword(opts.password)
    : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const row = await db
    .insertInto('app_user')
    .values({
      username,
      first_name: 'Test',
      last_name: username,
      email: opts.email ?? `${username}@example.com`,
      password_hash: passwordHash,
      roles,
      scope_node_id: scopeNodeId,
      mobile_settings: JSON.stringify(opts.mobileSettings ?? {}),
      is_sso_user: opts.isSsoUser ?? false,
      reset_password_at_next_login: opts.resetPasswordAtNextLogin ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, roles, scopeNodeId };
}

export const asPrincipal = (u: MadeUser): Principal => ({
  userId: u.id,
  username: u.username,
  roles: u.roles,
  scopeNodeId: u.scopeNodeId,
});

/** Authorization header with a valid access token for the user (token_version 0 unless given). */
export async function authHeader(ctx: AppContext, user: { id: string; username: string }, ver = 0) {
  const { token } = await ctx.tokens.signAccess({ sub: user.id, ver, name: user.username });
  return { authorization: `Bearer ${token}` };
}

/**
 * A small organisation for access tests:
 *
 *   clientA ─ regionA1 ─ storeA1 ─ deviceA1        (own scope of the "A1" users)
 *           └ regionA2 ─ storeA2 ─ deviceA2        (sibling scope: same client group)
 *   clientB ─ storeB ─ deviceB                    (another client group)
 */
export async function makeOrganisation(db: Db) {
  const clientA = await makeGroup(db, { name: `Client A ${short()}` });
  const regionA1 = await makeGroup(db, { name: 'Region A1', parentId: clientA.id });
  const regionA2 = await makeGroup(db, { name: 'Region A2', parentId: clientA.id });
  const storeA1 = await makeLocation(db, { name: 'Store A1', parentId: regionA1.id });
  const storeA2 = await makeLocation(db, { name: 'Store A2', parentId: regionA2.id });
  const deviceA1 = await makeDevice(db, { name: 'Door A1', parentId: storeA1.id });
  const deviceA2 = await makeDevice(db, { name: 'Door A2', parentId: storeA2.id });
  const clientB = await makeGroup(db, { name: `Client B ${short()}` });
  const storeB = await makeLocation(db, { name: 'Store B', parentId: clientB.id });
  const deviceB = await makeDevice(db, { name: 'Door B', parentId: storeB.id });
  return { clientA, regionA1, regionA2, storeA1, storeA2, deviceA1, deviceA2, clientB, storeB, deviceB };
}
export type Organisation = Awaited<ReturnType<typeof makeOrganisation>>;

/** A monitoring incident on a node (open, offline, device scope unless told), straight into the table. */
export async function makeIncident(
  db: Db,
  opts: { nodeId: string; rule?: string; scopeType?: 0 | 1; at?: Date },
): Promise<{ id: string }> {
  const at = opts.at ?? new Date();
  const rule = opts.rule ?? 'offline';
  return db
    .insertInto('monitoring_incident')
    .values({
      rule,
      severity: rule === 'offline' || rule === 'blocked' ? 'error' : 'warning',
      scope_type: opts.scopeType ?? 0,
      node_id: opts.nodeId,
      status: 'open',
      first_seen_at: at,
      last_seen_at: at,
      details: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An open ticket for an incident; answers its number as the API shows it (T-000123). */
export async function makeTicket(db: Db, incidentId: string): Promise<string> {
  const row = await db
    .insertInto('monitoring_ticket')
    .values({ incident_id: incidentId, status: 'open', opened_at: new Date(), opened_by: 'factory' })
    .returning('number')
    .executeTakeFirstOrThrow();
  return `T-${String(row.number).padStart(6, '0')}`;
}
