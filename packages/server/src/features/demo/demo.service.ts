import {
  DEFAULT_MOBILE_SETTINGS,
  USER_REPORTS,
  canOpenReports,
  type BusinessHours,
  type Role,
  type TreeNode,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { TreeService } from '../tree/tree.service.js';
import {
  DEMO_ACCOUNTS,
  DEMO_USER_GROUPS,
  DEMO_LOCATIONS,
  DEMO_PASSWORD,
  DEMO_RETAIL,
  DEMO_VENUES,
  demoHasConnector,
  demoMac,
  demoSerial,
} from './demo-organisation.js';
import { withSeedLock } from './demo.repository.js';

/** What the users feature gives the seeder: the count (is the database empty?) and a system create. */
export interface DemoUsersPort {
  count(): Promise<number>;
  createAsSystem(input: {
    username: string;
    password: string;
    firstName: string;
    lastName: string;
    email: string;
    language: 'en' | 'fr' | 'es';
    roles: Role[];
    scopeNodeId: string | null;
    mobileSettings: typeof DEFAULT_MOBILE_SETTINGS;
    reports: string[];
  }): Promise<{ id: string }>;
}

/** What the user groups feature gives the seeder: a client group's `_EVERYONE_` and groups it owns. */
export interface DemoGroupsPort {
  seedForClient(clientNodeId: string, names: string[]): Promise<string[]>;
}

export interface DemoLocation {
  id: string;
  name: string;
  groupId: string;
  referenceId: string;
  timezone: string;
  businessHours: BusinessHours;
  capacity: number;
}
export interface DemoDevice {
  id: string;
  name: string;
  locationId: string;
  macAddress: string;
  serialNumber: string;
}
/**
 * The demo organisation's ids, for whoever adds demo data on top (time series, live views,
 * dashboards): `services.demo.find()` answers it on every start once the demo exists.
 */
export interface DemoOrganisation {
  groups: { retail: string; venues: string };
  locations: DemoLocation[];
  devices: DemoDevice[];
  accounts: { username: string; description: string; roles: Role[] }[];
  password: string;
}

export function createDemoService(deps: {
  db: Db;
  tree: TreeService;
  users: DemoUsersPort;
  userGroups: DemoGroupsPort;
  eventLog: EventLogService;
  log?: Logger;
}) {
  const { tree, users } = deps;

  /** Reads the demo organisation back from the tree; null when it is not there. */
  async function find(): Promise<DemoOrganisation | null> {
    const roots = await tree.rootsNamed([DEMO_RETAIL, DEMO_VENUES]);
    const retail = roots.find((r) => r.name === DEMO_RETAIL);
    const venues = roots.find((r) => r.name === DEMO_VENUES);
    if (!retail || !venues) return null;
    const locations: DemoLocation[] = [];
    const devices: DemoDevice[] = [];
    const walk = (node: TreeNode, groupId: string) => {
      for (const child of node.children) {
        if (child.type === 'StoreNodeAttributes') {
          const a = child.attributes ?? {};
          locations.push({
            id: child.id,
            name: child.name,
            groupId,
            referenceId: child.referenceId ?? '',
            timezone: a.timezone ?? 'UTC',
            businessHours: a.businessHours ?? {},
            capacity: a.capacity ?? 0,
          });
        }
        if (child.type === 'DeviceNodeAttributes') {
          devices.push({
            id: child.id,
            name: child.name,
            locationId: node.id,
            macAddress: child.attributes?.macAddress ?? '',
            serialNumber: child.attributes?.serialNumber ?? child.referenceId ?? '',
          });
        }
        walk(child, groupId);
      }
    };
    walk(retail, retail.id);
    walk(venues, venues.id);
    return {
      groups: { retail: retail.id, venues: venues.id },
      locations,
      devices,
      accounts: DEMO_ACCOUNTS.map((a) => ({
        username: a.username,
        description: a.description,
        roles: a.roles,
      })),
      password: DEMO_PASSWORD,
    };
  }

  async function seed(): Promise<void> {
    const groups = {
      [DEMO_RETAIL]: await tree.createAsSystem({
        parentId: null,
        kind: 'group',
        name: DEMO_RETAIL,
        referenceId: 'DEMO-R',
      }),
      [DEMO_VENUES]: await tree.createAsSystem({
        parentId: null,
        kind: 'group',
        name: DEMO_VENUES,
        referenceId: 'DEMO-V',
      }),
    };
    let deviceIndex = 0;
    for (const spec of DEMO_LOCATIONS) {
      const location = await tree.createAsSystem({
        parentId: groups[spec.group].id,
        kind: 'location',
        name: spec.name,
        referenceId: spec.referenceId,
        attributes: {
          timezone: spec.timezone,
          businessHours: spec.businessHours,
          address: spec.address,
          latitude: spec.latitude,
          longitude: spec.longitude,
          capacity: spec.capacity,
          averageWage: spec.averageWage,
          locationGroup: spec.locationGroup,
        },
      });
      for (const door of spec.doors) {
        deviceIndex += 1;
        await tree.createAsSystem({
          parentId: location.id,
          kind: 'device',
          name: door,
          referenceId: demoSerial(deviceIndex),
          attributes: {
            macAddress: demoMac(deviceIndex),
            serialNumber: demoSerial(deviceIndex),
            deviceConnectorAvailable: demoHasConnector(deviceIndex),
          },
        });
      }
    }
    // user groups belong to a client group (their owner scope): each tenant gets its own
    for (const [client, names] of Object.entries(DEMO_USER_GROUPS)) {
      await deps.userGroups.seedForClient(groups[client as keyof typeof groups].id, names);
    }
    for (const account of DEMO_ACCOUNTS) {
      await users.createAsSystem({
        username: account.username,
        password: DEMO_PASSWORD,
        firstName: account.firstName,
        lastName: account.lastName,
        email: `${account.username}@demo.footfall.local`,
        language: account.language,
        roles: account.roles,
        scopeNodeId: account.scope === null ? null : groups[account.scope].id,
        mobileSettings: { ...DEFAULT_MOBILE_SETTINGS, ...account.mobileSettings },
        // every demo account that may open reports has them all (a superAdmin has them anyway)
        reports: canOpenReports(account) ? [...USER_REPORTS] : [],
      });
    }
    await deps.eventLog.withAudit(async (tx) => {
      await deps.eventLog.record(tx, null, 'Demo.Seed', null, {
        locations: DEMO_LOCATIONS.length,
        devices: deviceIndex,
        accounts: DEMO_ACCOUNTS.map((a) => a.username),
      });
    });
  }

  return {
    find,
    /**
     * Seeds the demo organisation when the database is empty (no node, no user); never touches a
     * database that holds anything. Several instances starting at once seed it once (advisory lock).
     * Answers the demo organisation when it exists afterwards, whether seeded now or before.
     */
    async seedIfEmpty(): Promise<{ seeded: boolean; demo: DemoOrganisation | null }> {
      const seeded = await withSeedLock(deps.db, async () => {
        if (!(await tree.isEmpty()) || (await users.count()) > 0) return false;
        await seed();
        return true;
      });
      if (seeded) deps.log?.info('demo organisation created');
      return { seeded, demo: await find() };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;

/** for the monitoring demo (the faults it raises incidents for) and its test */
export { DEMO_SENSOR_FAULTS, type DemoDoorRef } from './demo-organisation.js';
export type { ZoneRules } from './demo-zone.js';

/** The demo's seeded noise, for other features' demo data (tracks). */
export { hash, poisson, rng } from './demo-counts.model.js';
