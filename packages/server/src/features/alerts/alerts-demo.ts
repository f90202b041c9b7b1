import { ALERT_DEMO_NAMES, type AlertBody, type AlertDemoNameKey } from '@footfall/domain';
import type { DemoOrganisation } from '../demo/demo.service.js';
import type { AlertsService } from './alerts.service.js';

const HOUR = 3_600_000;

/**
 * Alerts on the demo organisation, once (when no rule exists yet): a capacity rule on Demo Retail
 * with a past alert and its notices, a traffic-below-objective rule on one store, a device-incident
 * rule judged at once (the monitoring demo's open incidents open alerts that stay open until their
 * tickets close) and a showtime rule on Demo Venues. Mails go to the demo admins (outbox).
 */
export async function seedAlertsDemo(
  alerts: AlertsService,
  demo: DemoOrganisation,
  now: Date,
): Promise<void> {
  if (await alerts.anyRule()) return;
  const users = await alerts.userIdsByUsername(['admin', 'devicemanager', 'admin-b']);
  const retail = demo.locations.filter((l) => l.groupId === demo.groups.retail);
  // stored with the English name; each reader sees it in their language (nameKey, ALERT_DEMO_NAMES)
  const rule = (key: AlertDemoNameKey, body: Omit<AlertBody, 'name'>) =>
    alerts.createSystem({ ...body, name: ALERT_DEMO_NAMES[key].en }, key);
  const capacity = await rule('nearCapacity', {
    nodeIds: [demo.groups.retail],
    condition: { kind: 'occupancy', unit: 'capacityPercent', threshold: 90 },
    activeHours: { mode: 'businessHours' },
    severity: 'critical',
    recipients: [
      ...(users.admin ? [{ userId: users.admin }] : []),
      { email: 'duty-manager@demo-retail.example', language: 'fr' },
    ],
    reminderMinutes: 30,
  });
  await rule('trafficBelowObjective', {
    nodeIds: [retail[0]!.id],
    condition: {
      kind: 'window',
      kpi: 'TrafficIn',
      comparison: 'below',
      target: 'objective',
      threshold: 50,
      windowMinutes: 120,
    },
    activeHours: { mode: 'businessHours' },
    severity: 'warning',
    recipients: users.admin ? [{ userId: users.admin }] : [],
    reminderMinutes: 0,
  });
  await rule('doorSensorIncident', {
    nodeIds: [demo.groups.retail],
    condition: { kind: 'deviceIncident' },
    severity: 'info',
    recipients: users.devicemanager ? [{ userId: users.devicemanager }] : [],
    reminderMinutes: 240,
  });
  await rule('showtimeOverCapacity', {
    nodeIds: [demo.groups.venues],
    condition: { kind: 'showtimeOverCapacity' },
    activeHours: { mode: 'always' },
    severity: 'critical',
    recipients: users['admin-b'] ? [{ userId: users['admin-b'] }] : [],
    reminderMinutes: 15,
  });
  // two past alerts of the capacity rule (opened, reminded, resolved), then the first real pass
  const [a, b] = retail;
  if (a) {
    const cap = Math.round(a.capacity * 0.9);
    await alerts.seedOccurrence(
      capacity.id,
      a.id,
      new Date(now.getTime() - 50 * HOUR),
      cap + 4,
      cap,
      new Date(now.getTime() - 49.4 * HOUR),
    );
  }
  if (b) {
    const cap = Math.round(b.capacity * 0.9);
    await alerts.seedOccurrence(
      capacity.id,
      b.id,
      new Date(now.getTime() - 26 * HOUR),
      cap + 2,
      cap,
      new Date(now.getTime() - 25.8 * HOUR),
    );
  }
  await alerts.evaluate(now);
}
