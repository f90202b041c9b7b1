import { describe, expect, it } from 'vitest';
import { DashboardJson } from '@footfall/domain';
import { createTestApp } from '../../test/harness.js';
import { makeLocation, makeNode } from '../../test/factories.js';

describe('demo templates', () => {
  it("gives each client's _EVERYONE_ and owned groups their templates and defaults, once", async () => {
    const t = await createTestApp();
    const client = await makeNode(t.db, { name: 'Demo client' });
    const store = await makeLocation(t.db, { name: 'Demo store', parentId: client.id });
    await t.app.services.userGroups.seedForClient(client.id, ['Managers']);
    const dashboardOf = (ids: string[], widgets = 2) =>
      DashboardJson.parse({
        fullTreeViewSelection: ids,
        widgets: Array.from({ length: widgets }, (_, i) => ({
          layout: { i: `w${i}`, x: 0, y: i * 10, w: 100, h: 10 },
          type: { name: 'kpiCard', vueComponent: 'KpiCardWidget' },
          kpis: ['TrafficIn'],
        })),
      });
    const clients = [{ clientNodeId: client.id, locationIds: [store.id] }];
    expect(await t.app.services.templates.seedDemo(clients, dashboardOf)).toBe(3);
    expect(await t.app.services.templates.seedDemo(clients, dashboardOf)).toBe(0);

    const rows = await t.db
      .selectFrom('dashboard_template as d')
      .innerJoin('user_group as g', 'g.id', 'd.user_group_id')
      .select([
        'g.name as group',
        'd.name',
        'd.user_creation_action',
        'd.dashboard',
        'g.default_dashboard_template',
        'g.default_mobile_dashboard_template',
      ])
      .where('g.owner_scope_node_id', '=', client.id)
      .orderBy('g.name')
      .orderBy('d.name')
      .execute();
    expect(
      rows.map((r) => [
        r.group,
        r.name,
        r.user_creation_action,
        (r.dashboard as DashboardJson).widgets.length,
        (r.dashboard as DashboardJson).fullTreeViewSelection,
        r.default_dashboard_template,
        r.default_mobile_dashboard_template,
      ]),
    ).toEqual([
      ['Managers', 'Store performance', 'link', 2, [store.id], 'Store performance', 'Store performance'],
      ['Managers', 'Traffic overview', 'none', 5, [store.id], 'Store performance', 'Store performance'],
      ['_EVERYONE_', 'Store performance', 'copy', 2, [store.id], 'Store performance', null],
    ]);
  });
});
