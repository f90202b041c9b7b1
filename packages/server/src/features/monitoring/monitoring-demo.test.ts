import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SENSOR_FAULTS, type DemoOrganisation } from '../demo/demo.service.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The demo's monitoring on first start: incidents from the outages the generated history really
 * holds, and the crafted faults raised by the real detection pass, with their tickets.
 */
describe('monitoring demo', () => {
  let t: TestApp;
  let demo: DemoOrganisation;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-04T16:00:00Z'); // a Wednesday, noon in Toronto
    demo = (await t.app.services.demo.seedIfEmpty()).demo!;
    await t.app.services.demoCounts.ensureHistory(demo, { days: 30, minuteDays: 28 });
    await t.app.services.monitoringDemo(demo);
  }, 240_000);

  it('raises exactly the incidents of the demo definition, and every other door is 100 % complete', async () => {
    const { authHeader } = await import('../../test/factories.js');
    const root = await t.db
      .selectFrom('app_user')
      .select(['id', 'username'])
      .where('username', '=', 'superadmin')
      .executeTakeFirstOrThrow();
    const headers = await authHeader(t.ctx, root);
    const incidents = (
      await t.app.inject({ method: 'GET', url: '/api/Monitoring/Incidents?limit=500', headers })
    ).json() as { items: { rule: string; locationName: string; deviceName: string }[] };
    const key = (rule: string, d: { location: string; door: string }) => `${rule} ${d.location} / ${d.door}`;
    const intended = [
      ...DEMO_SENSOR_FAULTS.outages.map((o) => key('offline', o)),
      ...DEMO_SENSOR_FAULTS.imbalances.map((o) => key('imbalance', o)),
      key('blocked', DEMO_SENSOR_FAULTS.blocked),
    ].sort();
    const raised = incidents.items
      .map((i) => key(i.rule, { location: i.locationName, door: i.deviceName }))
      .sort();
    expect(raised).toEqual(intended);

    const devices = (
      await t.app.inject({ method: 'GET', url: '/api/Monitoring/devices', headers })
    ).json() as { name: string; locationName: string; completeness7d: number | null; status: string }[];
    const demoDevices = devices.filter((d) => demo.locations.some((l) => l.name === d.locationName));
    expect(demoDevices).toHaveLength(demo.devices.length);
    const broken = new Set(DEMO_SENSOR_FAULTS.outages.filter((o) => o.daysAgo < 7).map((o) => key('', o)));
    for (const d of demoDevices) {
      const id = key('', { location: d.locationName, door: d.name });
      if (broken.has(id)) expect(d.completeness7d, id).toBeLessThan(1);
      else expect(d.completeness7d, id).toBe(1);
      expect(d.status, id).not.toBe('offline');
    }
  });

  it('turns the history outages into resolved offline incidents that match gaps in the data', async () => {
    const outages = await t.db
      .selectFrom('monitoring_incident')
      .selectAll()
      .where('rule', '=', 'offline')
      .where('status', '=', 'resolved')
      .execute();
    expect(outages.length).toBeGreaterThan(0);
    for (const o of outages.slice(0, 5)) {
      // no TrafficIn point of that device inside the gap
      const gapStart = new Date(String(o.details.lastIntervalEnd));
      const inside = await t.db
        .selectFrom('measurement')
        .innerJoin('time_series', 'time_series.key', 'measurement.series_key')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('time_series.node_id', '=', o.node_id)
        .where('time_series.measurement_protocol', '=', 'TrafficIn')
        .where('measurement.occurred_on', '>=', gapStart)
        .where('measurement.occurred_on', '<', o.last_seen_at)
        .executeTakeFirstOrThrow();
      expect(Number(inside.n)).toBe(0);
      expect(Number(o.details.missingMinutes)).toBeGreaterThanOrEqual(30);
    }
  });

  it('raises the imbalance and blocked incidents by detection, and opens tickets (one already closed)', async () => {
    const root = await t.db
      .selectFrom('app_user')
      .select(['id', 'username'])
      .where('username', '=', 'superadmin')
      .executeTakeFirstOrThrow();
    const { authHeader } = await import('../../test/factories.js');
    const headers = await authHeader(t.ctx, root);
    const incidents = (
      await t.app.inject({ method: 'GET', url: '/api/Monitoring/Incidents?limit=500', headers })
    ).json();
    const rules = new Set(incidents.items.map((i: { rule: string }) => i.rule));
    expect(rules.has('imbalance')).toBe(true);
    expect(rules.has('blocked')).toBe(true);
    expect(rules.has('offline')).toBe(true);
    const open = (await t.app.inject({ method: 'GET', url: '/api/Monitoring/OpenTickets', headers })).json();
    expect(open.map((x: { incident: { rule: string } }) => x.incident.rule).sort()).toEqual([
      'blocked',
      'imbalance',
      'offline',
    ]);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/Monitoring/HistoryTicket', headers })
    ).json();
    expect(history.fullCount).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/Monitoring/GetNbOpenTickets', headers })).json(),
    ).toEqual({ count: 3 });
    // an imbalance is left to review
    expect(
      incidents.items.some(
        (i: { rule: string; status: string; ticketNumber: string | null }) =>
          i.rule === 'imbalance' && i.status === 'open' && i.ticketNumber === null,
      ),
    ).toBe(true);
    // mails went to each ticket's client group recipients: two in Demo Retail (en), one in Demo Venues (fr)
    const tickets = [...open, ...history.items] as {
      ticketNumber: string;
      incident: { clientGroupName: string };
    }[];
    const mails = await t.ctx.mailer.outbox();
    for (const x of tickets) {
      const sent = mails.filter((m) => m.subject.startsWith(`Ticket ${x.ticketNumber} `));
      const opened = sent.filter((m) => /^Ticket \S+ (opened|ouvert)\b/.test(m.subject));
      expect(opened).toHaveLength(x.incident.clientGroupName === 'Demo Retail' ? 2 : 1);
    }
    // a second start adds nothing
    await t.app.services.monitoringDemo(demo);
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/Monitoring/Incidents?limit=500', headers })
    ).json();
    expect(again.fullCount).toBe(incidents.fullCount);
  });
});
