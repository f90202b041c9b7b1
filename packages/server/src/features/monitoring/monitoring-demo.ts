import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { textsIn } from '../../platform/i18n/texts.js';
import {
  DEMO_SENSOR_FAULTS,
  type DemoDoorRef,
  type DemoOrganisation,
  type ZoneRules,
} from '../demo/demo.service.js';
import type { IngestService } from '../timeseries/ingest.service.js';
import {
  anyIncidentOn,
  insertOutageIncidents,
  seriesKeysOf,
  seriesPoints,
  userIdsByUsername,
} from './monitoring-demo.repository.js';
import type { MonitoringService } from './monitoring.service.js';

const MIN = 60_000;
/** the demo history holds minute data for its last 28 days */
const MINUTE_HISTORY_DAYS = 27;

/**
 * Monitoring on the demo organisation, once (when none of its nodes has an incident yet):
 * - device health read from the loaded history;
 * - the sensor outages the demo history really holds (gaps of an open store's minute data: the
 *   deliberate ones of DEMO_SENSOR_FAULTS) become resolved offline incidents; the newest gets an open
 *   ticket, an older one a closed ticket;
 * - the doors of DEMO_SENSOR_FAULTS.imbalances miscount their exits yesterday (rewritten through the
 *   ingest path) and the blocked door counts zero for a while yesterday afternoon while the other
 *   doors count: the real detection pass raises the imbalance and blocked incidents (the blocked one
 *   judged when it happened); tickets open on the first imbalance and the blocked door, the second
 *   imbalance stays to be reviewed;
 * - the recipients are the demo admin and device manager (Demo Retail) and admin-b (Demo Venues, in
 *   French); the mails are in the outbox.
 */
export async function seedMonitoringDemo(
  deps: {
    db: Db;
    clock: Clock;
    log: Logger;
    ingest: IngestService;
    monitoring: MonitoringService;
    /** local time as the database reads it (the demo history is generated with the same rules) */
    zoneOf: (timeZone: string) => Promise<ZoneRules>;
  },
  demo: DemoOrganisation,
): Promise<void> {
  const { db, clock, log, ingest, monitoring } = deps;
  const nodes = [...demo.devices.map((d) => d.id), ...demo.locations.map((l) => l.id)];
  if (await anyIncidentOn(db, nodes)) return;
  const now = clock.now();
  await monitoring.refreshHealth();
  await monitoring.setDemoRecipients(
    demo.groups.retail,
    await userIdsByUsername(db, ['admin', 'devicemanager']),
  );
  await monitoring.setDemoRecipients(demo.groups.venues, await userIdsByUsername(db, ['admin-b']));

  const outages = await insertOutageIncidents(
    db,
    demo.devices.map((d) => d.id),
    new Date(now.getTime() - MINUTE_HISTORY_DAYS * 86_400_000),
    now,
    30,
  );

  /** a fault's door with its location's zone and yesterday's local day */
  async function doorOf(ref: DemoDoorRef) {
    const location = demo.locations.find((l) => l.name === ref.location);
    const door = location && demo.devices.find((d) => d.locationId === location.id && d.name === ref.door);
    if (!location || !door) return null;
    const zone = await deps.zoneOf(location.timezone);
    const yesterday = Math.floor(zone.toLocalMinute(now.getTime()) / 1440) - 1;
    return { door, zone, yesterday };
  }

  /** Rewrites a series' points in [fromMs, toMs) through the ingest path. */
  async function rewrite(key: number | undefined, fromMs: number, toMs: number, f: (v: number) => number) {
    if (key === undefined) return;
    const pts = await seriesPoints(db, key, fromMs, toMs);
    if (pts.length === 0) return;
    await ingest.store({
      keys: pts.map(() => key),
      times: pts.map((p) => p.t),
      values: pts.map((p) => f(p.v)),
    });
  }

  // exits miscounted yesterday
  const miscounting: string[] = [];
  for (const m of DEMO_SENSOR_FAULTS.imbalances) {
    const found = await doorOf(m);
    if (!found) continue;
    const { door, zone, yesterday } = found;
    const from = zone.fromLocalMinute(yesterday * 1440);
    const to = zone.fromLocalMinute((yesterday + 1) * 1440);
    // keep the share exactly: what a rounded minute loses is carried to the next
    let carry = 0;
    await rewrite((await seriesKeysOf(db, door.id)).out, from, to, (v) => {
      carry += v * m.exitShare;
      const kept = Math.floor(carry);
      carry -= kept;
      return kept;
    });
    miscounting.push(door.id);
  }

  // a blinded lens yesterday afternoon: zero for a while while the other doors count
  const blocked = DEMO_SENSOR_FAULTS.blocked;
  const blockedFound = await doorOf(blocked);
  const blockedDoor = blockedFound?.door;
  let blockedAt: Date | null = null;
  if (blockedFound) {
    const { door, zone, yesterday } = blockedFound;
    const t = zone.fromLocalMinute(yesterday * 1440 + blocked.untilMinute);
    const keys = await seriesKeysOf(db, door.id);
    await rewrite(keys.in, t - blocked.minutes * MIN, t, () => 0);
    await rewrite(keys.out, t - blocked.minutes * MIN, t, () => 0);
    blockedAt = new Date(t);
    await monitoring.detect(blockedAt);
  }
  await monitoring.detect(now);

  const open = await monitoring.openIncidentsOn(nodes);
  const find = (rule: string, nodeId?: string) =>
    open.find((i) => i.rule === rule && (nodeId === undefined || i.node_id === nodeId));
  const texts = textsIn('en');
  const worseImbalance = miscounting[0];
  const toTicket = [
    outages[0] ? { id: outages[0].id, comment: texts('monitoring_demo_comment') } : null,
    worseImbalance
      ? find('imbalance', worseImbalance) && { id: find('imbalance', worseImbalance)!.id }
      : null,
    blockedDoor ? find('blocked', blockedDoor.id) && { id: find('blocked', blockedDoor.id)!.id } : null,
  ].filter((x): x is { id: string; comment?: string } => !!x);
  for (const x of toTicket) await monitoring.system.approve(x.id, x.comment);
  const older = outages[1];
  if (older) {
    const ticket = await monitoring.system.approve(older.id);
    await monitoring.system.close(ticket.ticketNumber, texts('monitoring_demo_close_note'));
  }
  log.info(
    {
      outages: outages.length,
      tickets: toTicket.length + (older ? 1 : 0),
      blockedAt: blockedAt?.toISOString(),
    },
    'monitoring demo seeded',
  );
}
