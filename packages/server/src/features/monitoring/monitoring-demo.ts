import { fromLocalMinute, toLocalMinute } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { textsIn } from '../../platform/i18n/texts.js';
import type { DemoOrganisation } from '../demo/demo.service.js';
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
 * - the sensor outages the demo history really holds (gaps of an open store's minute data) become
 *   resolved offline incidents; the newest gets an open ticket, an older one a closed ticket;
 * - two doors miscount their exits yesterday (rewritten through the ingest path: 55 % and 75 % of
 *   what they counted) and one door counted zero for 75 minutes yesterday afternoon while the other
 *   doors counted: the real detection pass raises the imbalance and blocked incidents (the blocked one
 *   judged at yesterday 15:00 local, when it happened); tickets open on the worse imbalance and the
 *   blocked door, the milder imbalance stays to be reviewed;
 * - the recipients are the demo admin and device manager (Demo Retail) and admin-b (Demo Venues, in
 *   French); the mails are in the outbox.
 */
export async function seedMonitoringDemo(
  deps: { db: Db; clock: Clock; log: Logger; ingest: IngestService; monitoring: MonitoringService },
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

  const retail = demo.locations.filter((l) => l.groupId === demo.groups.retail);
  const doorsOf = (locationId: string) => demo.devices.filter((d) => d.locationId === locationId);
  const yesterday = (tz: string) => Math.floor(toLocalMinute(tz, now.getTime()) / 1440) - 1;

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
  const miscounting = [
    { location: retail[1], door: 1, factor: 0.55 },
    { location: retail[3], door: 1, factor: 0.75 },
  ];
  for (const m of miscounting) {
    const door = m.location && doorsOf(m.location.id)[m.door];
    if (!m.location || !door) continue;
    const day = yesterday(m.location.timezone);
    const from = fromLocalMinute(m.location.timezone, day * 1440).utcMs;
    const to = fromLocalMinute(m.location.timezone, (day + 1) * 1440).utcMs;
    // keep the share exactly: what a rounded minute loses is carried to the next
    let carry = 0;
    await rewrite((await seriesKeysOf(db, door.id)).out, from, to, (v) => {
      carry += v * m.factor;
      const kept = Math.floor(carry);
      carry -= kept;
      return kept;
    });
  }

  // a blinded lens yesterday afternoon: zero for 75 minutes up to 15:00 local
  const blockedLoc = retail[0];
  const blockedDoor = blockedLoc && doorsOf(blockedLoc.id)[1];
  let blockedAt: Date | null = null;
  if (blockedLoc && blockedDoor) {
    const t = fromLocalMinute(blockedLoc.timezone, yesterday(blockedLoc.timezone) * 1440 + 15 * 60).utcMs;
    const keys = await seriesKeysOf(db, blockedDoor.id);
    await rewrite(keys.in, t - 75 * MIN, t, () => 0);
    await rewrite(keys.out, t - 75 * MIN, t, () => 0);
    blockedAt = new Date(t);
    await monitoring.detect(blockedAt);
  }
  await monitoring.detect(now);

  const open = await monitoring.openIncidentsOn(nodes);
  const find = (rule: string, nodeId?: string) =>
    open.find((i) => i.rule === rule && (nodeId === undefined || i.node_id === nodeId));
  const texts = textsIn('en');
  const worseImbalance = miscounting[0]!.location && doorsOf(miscounting[0]!.location.id)[1];
  const toTicket = [
    outages[0] ? { id: outages[0].id, comment: texts('monitoring_demo_comment') } : null,
    worseImbalance
      ? find('imbalance', worseImbalance.id) && { id: find('imbalance', worseImbalance.id)!.id }
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
