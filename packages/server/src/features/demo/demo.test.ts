import { beforeAll, describe, expect, it } from 'vitest';
import { isTimeZone, NodeAttributesInput } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeGroup } from '../../test/factories.js';
import { runStartupTasks } from '../../startup.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-organisation.js';

const count = async (t: TestApp, table: 'node' | 'app_user') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo organisation', () => {
  let t: TestApp;
  let accounts: { username: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.embeddedDatabase).toBe(true);
    const startup = await runStartupTasks(t.app, t.ctx);
    accounts = startup.demoAccounts;
    expect(startup.demoPassword).toBe(DEMO_PASSWORD);
    await startup.stop();
  });

  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, username).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  };

  it('is created at start on an empty embedded database, with the accounts to print', async () => {
    expect(accounts.map((a) => a.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
    const demo = (await t.app.services.demo.find())!;
    expect(demo.locations).toHaveLength(12);
    expect(demo.devices).toHaveLength(30);
    expect(await count(t, 'node')).toBe(2 + 12 + 30);
    expect(await count(t, 'app_user')).toBe(9);
  });

  it('has locations in several valid time zones with business hours, devices with unique MACs and serials', async () => {
    const demo = (await t.app.services.demo.find())!;
    const zones = new Set(demo.locations.map((l) => l.timezone));
    expect(zones.size).toBeGreaterThanOrEqual(2);
    for (const zone of zones) expect(isTimeZone(zone)).toBe(true);
    for (const l of demo.locations) {
      expect(Object.keys(l.businessHours).length, l.name).toBeGreaterThan(0);
      expect(l.capacity).toBeGreaterThan(0);
    }
    expect(new Set(demo.devices.map((d) => d.macAddress)).size).toBe(30);
    expect(new Set(demo.devices.map((d) => d.serialNumber)).size).toBe(30);
    const rows = await t.db.selectFrom('node').select(['name', 'attributes']).execute();
    for (const row of rows)
      expect(NodeAttributesInput.safeParse(row.attributes).success, row.name).toBe(true);
    const retailIds = new Set(
      demo.locations.filter((l) => l.groupId === demo.groups.retail).map((l) => l.id),
    );
    expect(retailIds.size).toBe(8);
  });

  it('signs every account in with the demo password, each seeing its own scope', async () => {
    const roots = async (username: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/OrganizationalTree', headers: await signIn(username) }))
        .json()
        .map((n: { name: string }) => n.name)
        .sort();
    expect(await roots('superadmin')).toEqual(['Demo Retail', 'Demo Venues']);
    for (const username of ['admin', 'user', 'dashboardonly', 'operator', 'devicemanager', 'impersonator']) {
      expect(await roots(username), username).toEqual(['Demo Retail']);
    }
    expect(await roots('admin-b')).toEqual(['Demo Venues']);
    expect(await roots('user-b')).toEqual(['Demo Venues']);
  });

  it('gives each client group its own user groups, owned by it, seen only by its admin', async () => {
    const demo = (await t.app.services.demo.find())!;
    const list = async (username: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/UserGroup', headers: await signIn(username) }))
        .json()
        .map((g: { name: string; ownerScopeNodeId: string | null; userCount: number }) => [
          g.name,
          g.ownerScopeNodeId,
          g.userCount,
        ]);
    // Retail: its 6 accounts, none in a group; Venues: admin-b and user-b
    expect(await list('admin')).toEqual([
      ['_EVERYONE_', demo.groups.retail, 6],
      ['Store managers', demo.groups.retail, 0],
    ]);
    expect(await list('admin-b')).toEqual([
      ['_EVERYONE_', demo.groups.venues, 2],
      ['Front of house', demo.groups.venues, 0],
    ]);
  });

  it('gives each account its role', async () => {
    const rows = await t.db.selectFrom('app_user').select(['username', 'roles', 'scope_node_id']).execute();
    const byName = new Map(rows.map((r) => [r.username, r]));
    for (const spec of DEMO_ACCOUNTS)
      expect(byName.get(spec.username)?.roles, spec.username).toEqual(spec.roles);
    expect(byName.get('superadmin')?.scope_node_id).toBeNull();
  });

  it('never seeds again, and answers the same ids', async () => {
    const before = await t.app.services.demo.find();
    const again = await t.app.services.demo.seedIfEmpty();
    expect(again.seeded).toBe(false);
    expect(again.demo).toEqual(before);
    expect(await count(t, 'node')).toBe(44);
  });

  it('leaves a database that holds anything untouched', async () => {
    const other = await createTestApp();
    await makeGroup(other.db, { name: 'Existing client' });
    const result = await other.app.services.demo.seedIfEmpty();
    expect(result).toEqual({ seeded: false, demo: null });
    expect(await count(other, 'node')).toBe(1);
    expect(await count(other, 'app_user')).toBe(0);
  });

  it('has alert rules with past alerts and what was sent (features/alerts)', async () => {
    const root = {
      userId: '00000000-0000-0000-0000-000000000000',
      username: 't',
      roles: ['superAdmin' as const],
      scopeNodeId: null,
    };
    const rules = await t.app.services.alerts.list(root);
    expect(rules.map((r) => r.condition.kind).sort()).toEqual([
      'deviceIncident',
      'occupancy',
      'showtimeOverCapacity',
      'window',
    ]);
    const capacity = rules.find((r) => r.condition.kind === 'occupancy')!;
    const past = await t.app.services.alerts.history(root, capacity.id, { openOnly: false, limit: 10 });
    expect(past).toHaveLength(2);
    for (const o of past) {
      expect(o.resolvedOn).not.toBeNull();
      expect(o.deliveries.map((d) => `${d.kind} ${d.status}`).sort()).toEqual([
        'opened sent',
        'opened sent',
        'resolved sent',
        'resolved sent',
      ]);
    }
  });

  it('is not created with DATABASE_URL unless DEMO=1', async () => {
    const external = await createTestApp({ DATABASE_URL: 'postgres://example.invalid/footfall' });
    expect(external.config.embeddedDatabase).toBe(false);
    const startup = await runStartupTasks(external.app, external.ctx);
    expect(startup.demoAccounts).toEqual([]);
    await startup.stop();
    // without demo data no live generator: start-up registered only the features' other jobs
    expect(external.app.scheduler.jobNames.sort()).toEqual([
      'alerts.deliver',
      'alerts.evaluate',
      'imports.clean-up',
      'imports.pull',
      'monitoring.detect',
      'monitoring.refresh-health',
      'occupancy.reset',
      'report-schedules.run-due',
      'scheduler.prune-runs',
      'timeseries.raw-partitions',
      'timeseries.refresh-stale',
      'tracks.partitions',
    ]);
    expect(await count(external, 'node')).toBe(0);
  });
});
