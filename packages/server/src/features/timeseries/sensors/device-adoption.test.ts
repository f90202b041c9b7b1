import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authHeader, makeGroup, makeLocation, makeUser, type MadeUser } from '../../../test/factories.js';
import { countChanges, tableCounts } from '../../../test/table-counts.js';

/**
 * Adopting an unknown device (issue 17) is one transaction: the device node, its event-log entry and
 * the list entry marked adopted commit together or not at all. A failure is forced in PostgreSQL
 * itself (a trigger refusing the list update, i.e. after the node was inserted); nothing may remain.
 */
describe('unknown device adoption', () => {
  let t: TestApp;
  let superAdmin: MadeUser;
  let admin: MadeUser;
  let locationId: string;

  const push = async (mac: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/vivotek',
      headers: { ...(await authHeader(t.ctx, admin)), 'content-type': 'application/json' },
      payload: {
        Source: { MacAddress: mac },
        Data: [
          {
            RuleType: 'Counting',
            CountingInfo: [
              {
                RuleName: 'Door',
                In: 4,
                Out: 1,
                StartTime: '2026-11-24T10:00:00Z',
                EndTime: '2026-11-24T10:15:00Z',
              },
            ],
          },
        ],
      },
    });
  const adopt = async (identity: string, name = 'Entrance counter') =>
    t.app.inject({
      method: 'POST',
      url: `/api/UnknownDevice/${identity}/adopt`,
      headers: await authHeader(t.ctx, superAdmin),
      payload: { parentId: locationId, name },
    });
  const devicesNamed = async (name: string) =>
    (await sql<{ id: string }>`select id from node where type = 'device' and name = ${name}`.execute(t.db))
      .rows;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T12:00:00Z');
    const group = await makeGroup(t.db);
    locationId = (await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Paris' } }))
      .id;
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
    superAdmin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
  });

  it('a failure after the node was inserted leaves nothing: no node, no event-log entry, still unknown', async () => {
    expect((await push('00:02:81:AA:00:01')).statusCode).toBe(404);
    await sql`
      create function refuse_adoption() returns trigger language plpgsql as $$
      begin raise exception 'forced failure during adoption'; end $$`.execute(t.db);
    await sql`
      create trigger refuse_adoption before update on sensor_unknown_device
      for each row execute function refuse_adoption()`.execute(t.db);
    try {
      const before = await tableCounts(t.db);
      const res = await adopt('000281aa0001', 'Half-adopted counter');
      expect(res.statusCode).toBe(500);
      expect(countChanges(before, await tableCounts(t.db))).toEqual({});
      expect(await devicesNamed('Half-adopted counter')).toEqual([]);
    } finally {
      await sql`drop trigger refuse_adoption on sensor_unknown_device`.execute(t.db);
      await sql`drop function refuse_adoption()`.execute(t.db);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/UnknownDevice',
      headers: await authHeader(t.ctx, superAdmin),
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ identity: '000281aa0001', adoptedNodeId: null }),
    ]);

    // the same adoption without the failure: one node with the MAC, and the next push lands on it
    const ok = await adopt('000281aa0001');
    expect(ok.statusCode).toBe(201);
    const node = await sql<{ attributes: { macAddress?: string } }>`
      select attributes from node where id = ${ok.json().id}`.execute(t.db);
    expect(node.rows[0]!.attributes.macAddress).toBe('00:02:81:AA:00:01');
    const events = await sql<{ n: string }>`
      select count(*)::text as n from event_log where target = ${ok.json().id}`.execute(t.db);
    expect(events.rows[0]!.n).toBe('1');
    const stored = await push('00:02:81:AA:00:01');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ accepted: 2, deviceIds: [ok.json().id] });
  });

  it('a parent that does not exist: 404, and the device stays in the list to adopt', async () => {
    expect((await push('00:02:81:AA:00:02')).statusCode).toBe(404);
    const before = await tableCounts(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UnknownDevice/000281aa0002/adopt',
      headers: await authHeader(t.ctx, superAdmin),
      payload: { parentId: '00000000-0000-4000-8000-000000000000', name: 'Nowhere' },
    });
    expect(res.statusCode).toBe(404);
    expect(countChanges(before, await tableCounts(t.db))).toEqual({});
  });

  it('two adoptions of one device at once: one node, the other answers 404', async () => {
    expect((await push('00:02:81:AA:00:03')).statusCode).toBe(404);
    const [a, b] = await Promise.all([adopt('000281aa0003', 'Twin'), adopt('000281aa0003', 'Twin')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
    expect(await devicesNamed('Twin')).toHaveLength(1);
  });
});
