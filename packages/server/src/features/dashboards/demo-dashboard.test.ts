import { describe, expect, it } from 'vitest';
import { DashboardJson } from '@footfall/domain';
import { createTestApp } from '../../test/harness.js';
import { runStartupTasks } from '../../startup.js';

describe('demo dashboards', () => {
  it('gives each demo account a default dashboard of 10 widgets over its scope, once', async () => {
    const t = await createTestApp();
    const first = await runStartupTasks(t.app, t.ctx);
    await first.stop();
    const demo = (await t.app.services.demo.find())!;
    const rows = await t.db
      .selectFrom('dashboard')
      .innerJoin('app_user', 'app_user.id', 'dashboard.owner_id')
      .select(['app_user.username', 'app_user.scope_node_id', 'dashboard.json', 'dashboard.is_default'])
      .execute();
    expect(rows.map((r) => r.username).sort()).toEqual(demo.accounts.map((a) => a.username).sort());
    for (const r of rows) {
      const json = DashboardJson.parse(r.json);
      expect(r.is_default).toBe(true);
      expect(json.widgets).toHaveLength(10);
      const expected = demo.locations.filter(
        (l) => r.scope_node_id === null || l.groupId === r.scope_node_id,
      );
      expect(json.fullTreeViewSelection.sort()).toEqual(expected.map((l) => l.id).sort());
      expect(json.fullTreeViewSelection.length).toBeGreaterThan(0);
    }
    const again = await runStartupTasks(t.app, t.ctx);
    await again.stop();
    const n = await t.db.selectFrom('dashboard').select('id').execute();
    expect(n).toHaveLength(rows.length);
    // the first start loads the demo organisation's 13 months of counts
  }, 180_000);
});
