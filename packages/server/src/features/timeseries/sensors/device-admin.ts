import { createHash, randomBytes } from 'node:crypto';
import type { DevicePushKeyView, Principal, UnknownDeviceView } from '@footfall/domain';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { unitOfWork } from '../../../platform/db/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import type { IngestKeyPrincipal } from '../../../platform/http/access.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import type { ScopeService } from '../../tree/scope.service.js';

/** Per-device push keys start with this (the request logger redacts the URL segment holding one). */
export const DEVICE_KEY_PREFIX = 'ffd_';
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The push URL path of a key for a vendor's format. */
export const pushPath = (key: string, vendor: string) => `/api/ingest/k/${key}/${vendor}`;

interface KeyRow {
  id: string;
  device_id: string;
  key_prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}
const keyView = (r: KeyRow): DevicePushKeyView => ({
  id: r.id,
  deviceId: r.device_id,
  keyPrefix: r.key_prefix,
  createdOn: r.created_at.toISOString(),
  revokedOn: r.revoked_at?.toISOString() ?? null,
});

/**
 * Device administration of issue 17: per-device push keys (the key is shown once, only its hash is
 * kept; a revoked key answers 401) and the unknown-devices list (superAdmin) with its adoption.
 */
export function createDeviceAdmin(deps: { db: Db; clock: Clock; scope: ScopeService }) {
  const { db, clock, scope } = deps;

  async function loadDevice(principal: Principal, deviceId: string) {
    await scope.assertInScope(principal, deviceId, 'Device');
    const { rows } = await sql<{
      id: string;
    }>`select id from node where id = ${deviceId} and type = 'device'`.execute(db);
    if (rows.length === 0) throw notFound('Device');
  }

  /**
   * The attributes a node adopting an unknown device gets: its MAC address (when the identity is one,
   * written AA:BB:CC:DD:EE:FF) or its serial number (as the device sent it). Locks the list entry.
   */
  async function adoptionAttributes(
    identity: string,
  ): Promise<{ macAddress?: string; serialNumber?: string }> {
    const { rows } = await sql<{ identities: string[] }>`
      select identities from sensor_unknown_device where identity = ${identity} and adopted_at is null
      for update`.execute(db);
    const r = rows[0];
    if (!r) throw notFound('Unknown device');
    if (/^[0-9a-f]{12}$/.test(identity))
      return { macAddress: identity.toUpperCase().match(/../g)!.join(':') };
    const serial = r.identities.find((s) => s.trim().toLowerCase() === identity) ?? identity;
    if (serial.length > 100) throw badRequest('The identity is too long for a serial number', 'identity');
    return { serialNumber: serial };
  }

  return {
    async createKey(principal: Principal, deviceId: string) {
      await loadDevice(principal, deviceId);
      const key = `${DEVICE_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const { rows } = await sql<KeyRow>`
        insert into device_push_key (device_id, key_hash, key_prefix, created_at)
        values (${deviceId}, ${hashKey(key)}, ${key.slice(0, 10)}, ${clock.now()})
        returning id, device_id, key_prefix, created_at, revoked_at`.execute(db);
      return { ...keyView(rows[0]!), key, pushPath: pushPath(key, '<vendor>') };
    },

    async listKeys(principal: Principal, deviceId: string) {
      await loadDevice(principal, deviceId);
      const { rows } = await sql<KeyRow>`
        select id, device_id, key_prefix, created_at, revoked_at from device_push_key
        where device_id = ${deviceId} order by created_at`.execute(db);
      return rows.map(keyView);
    },

    async revokeKey(principal: Principal, deviceId: string, keyId: string) {
      await loadDevice(principal, deviceId);
      const { rows } = await sql<{ id: string }>`
        update device_push_key set revoked_at = coalesce(revoked_at, ${clock.now()})
        where id = ${keyId} and device_id = ${deviceId} returning id`.execute(db);
      if (rows.length === 0) throw notFound('Push key');
    },

    /** The device a push URL key writes to (its scope is that one device); null when unknown or revoked. */
    async verify(key: string): Promise<IngestKeyPrincipal | null> {
      if (!key.startsWith(DEVICE_KEY_PREFIX) || key.length > 200) return null;
      const { rows } = await sql<{ id: string; device_id: string }>`
        select id, device_id from device_push_key where key_hash = ${hashKey(key)} and revoked_at is null`.execute(
        db,
      );
      const r = rows[0];
      return r ? { keyId: r.id, scopeNodeId: r.device_id } : null;
    },

    async listUnknown(): Promise<UnknownDeviceView[]> {
      const { rows } = await sql<{
        identity: string;
        vendor: string;
        identities: string[];
        scope_node_id: string | null;
        first_seen_at: Date;
        last_seen_at: Date;
        push_count: number;
        adopted_node_id: string | null;
      }>`
        select identity, vendor, identities, scope_node_id, first_seen_at, last_seen_at, push_count, adopted_node_id
        from sensor_unknown_device where adopted_at is null order by last_seen_at desc limit 500`.execute(db);
      return rows.map((r) => ({
        identity: r.identity,
        vendor: r.vendor,
        identities: r.identities,
        scopeNodeId: r.scope_node_id,
        firstSeenOn: r.first_seen_at.toISOString(),
        lastSeenOn: r.last_seen_at.toISOString(),
        pushCount: r.push_count,
        adoptedNodeId: r.adopted_node_id,
      }));
    },

    /**
     * Adopts an unknown device into the tree in one transaction: the device node (made by `createNode`
     * with the adoption attributes, its event-log entry included) and the list entry marked adopted
     * commit together or not at all. The entry is locked first, so a second adoption of the same device
     * waits, then finds it adopted (404) and creates nothing. The unknown-devices list keeps who pushed
     * and how often, not the payloads: there is nothing to replay; the devices re-send what was refused
     * (Xovis and Irisys keep unacknowledged packages), and those pushes now land on the node.
     */
    async adopt<T extends { id: string }>(
      identity: string,
      createNode: (attributes: { macAddress?: string; serialNumber?: string }) => Promise<T>,
    ): Promise<T> {
      return unitOfWork(db, async () => {
        const node = await createNode(await adoptionAttributes(identity));
        const { rows } = await sql<{ identity: string }>`
          update sensor_unknown_device set adopted_node_id = ${node.id}, adopted_at = ${clock.now()}
          where identity = ${identity} and adopted_at is null returning identity`.execute(db);
        if (rows.length === 0) throw notFound('Unknown device');
        return node;
      });
    },
  };
}

export type DeviceAdmin = ReturnType<typeof createDeviceAdmin>;
