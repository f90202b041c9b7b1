import type { Db } from '../../../server/src/platform/db/database.js';
import type { App } from '../../../server/src/app.js';

/*
 * The benchmark tree (timeseries-dataset.ts writes its points): a client group with a region per time
 * zone, stores under the regions, two doors per store, and every series they count.
 */

/** The regions' time zones; store n is in ZONES[n % 4]. */
export const ZONES = ['America/Toronto', 'Europe/Paris', 'Asia/Kolkata', 'America/Los_Angeles'];

/** Opening hours per weekday (0 = Sunday), the locations' `businessHours` attribute. */
export type BusinessHours = Record<string, [string, string][]>;

/** A generated series: its key, its location's zone and its size factor. */
export interface GenSeries {
  key: number;
  zone: string;
  base: number;
}

/** Nodes of one type under their parents, one insert; their ids in the order given. */
async function insertNodes(
  db: Db,
  type: 'group' | 'location' | 'device',
  nodes: { name: string; parent: string | null; attributes: object }[],
): Promise<string[]> {
  if (nodes.length === 0) return [];
  const rows = await db
    .insertInto('node')
    .values(
      nodes.map((n) => ({
        type,
        name: n.name,
        parent_id: n.parent,
        attributes: JSON.stringify(n.attributes),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return nodes.map((n) => byName.get(n.name)!);
}

/** Bulk series calls side by side while building the tree (the bench's pool holds 10 connections). */
const TREE_CALLS = 6;

/**
 * The tree and its series: one insert per level (root, regions, stores, doors), then every series
 * through the series service's bulk call (`ensureUntaggedSeries`, the imports' path: rollup basis from
 * each node's ancestors, node totals joined set-based, the created-listeners told, so occupancy makes
 * each store's default config as it does for series made one by one). 1,000 stores: a few seconds
 * instead of 1-2.5 s per store through `ensureSeries` one series at a time.
 */
export async function buildTree(app: App, db: Db, count: number, hours: BusinessHours) {
  const [rootId] = await insertNodes(db, 'group', [{ name: 'Bench retail', parent: null, attributes: {} }]);
  const regionIds = await insertNodes(
    db,
    'group',
    ZONES.map((zone) => ({ name: `Region ${zone}`, parent: rootId!, attributes: {} })),
  );
  const stores = Array.from({ length: count }, (_, l) => ({ l, zone: ZONES[l % ZONES.length]! }));
  const locationIds = await insertNodes(
    db,
    'location',
    stores.map(({ l, zone }) => ({
      name: `Store ${l + 1}`,
      parent: regionIds[l % ZONES.length]!,
      attributes: { timezone: zone, businessHours: hours },
    })),
  );
  const locations: { id: string; zone: string }[] = stores.map(({ zone }, l) => ({
    id: locationIds[l]!,
    zone,
  }));
  const doors = stores.flatMap(({ l }) => [0, 1].map((d) => ({ l, d })));
  const deviceIds = await insertNodes(
    db,
    'device',
    doors.map(({ l, d }) => ({ name: `Door ${l + 1}.${d + 1}`, parent: locationIds[l]!, attributes: {} })),
  );
  const devices: { id: string; locationId: string }[] = doors.map(({ l }, i) => ({
    id: deviceIds[i]!,
    locationId: locationIds[l]!,
  }));
  // the stores in TREE_CALLS groups, one bulk call each, the calls side by side: the occupancy listener
  // makes each store's default config and refolds it (about 20 statements a store, round trips more
  // than CPU), so the groups overlap their waits
  const made = new Map<string, { id: string; key: number }>();
  const per = Math.ceil(count / TREE_CALLS);
  await Promise.all(
    Array.from({ length: Math.ceil(count / per) }, async (_, g) => {
      const pairs = stores.slice(g * per, (g + 1) * per).flatMap(({ l }) => [
        ...[0, 1].flatMap((d) =>
          ['TrafficIn', 'TrafficOut'].map((protocol) => ({ nodeId: deviceIds[2 * l + d]!, protocol })),
        ),
        ...['Sales', 'Transactions', 'StaffHours'].map((protocol) => ({
          nodeId: locationIds[l]!,
          protocol,
        })),
      ]);
      const group = await app.services.series.ensureUntaggedSeries(pairs, {
        intervalSeconds: 60,
        source: 'bench',
      });
      for (const [k, v] of group) made.set(k, v);
    }),
  );
  const key = (nodeId: string, protocol: string) => made.get(`${nodeId}|${protocol}`)!;
  const traffic: GenSeries[] = [];
  const sales: GenSeries[] = [];
  const staff: GenSeries[] = [];
  const trafficSeriesIds: string[] = [];
  for (const { l, zone } of stores) {
    const size = 0.6 + (l % 7) * 0.15;
    for (const d of [0, 1]) {
      const deviceId = deviceIds[2 * l + d]!;
      for (const protocol of ['TrafficIn', 'TrafficOut']) {
        const s = key(deviceId, protocol);
        traffic.push({ key: s.key, zone, base: size });
        if (protocol === 'TrafficIn') trafficSeriesIds.push(s.id);
      }
    }
    // about one visitor in five buys, about 40 a transaction
    for (const protocol of ['Sales', 'Transactions'])
      sales.push({ key: key(locationIds[l]!, protocol).key, zone, base: size * 0.2 });
    staff.push({ key: key(locationIds[l]!, 'StaffHours').key, zone, base: 2 + (l % 4) });
  }
  return { rootId: rootId!, regionIds, locations, devices, traffic, sales, staff, trafficSeriesIds };
}
