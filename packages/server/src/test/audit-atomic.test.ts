import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, unique, type TestApp } from './harness.js';
import { authHeader, makeGroup, makeLocation, makeUser } from './factories.js';
import { countChanges, tableCounts } from './table-counts.js';

/**
 * A change and its event-log entry commit together or not at all: with an event-log write that
 * fails (a trigger planted in the test database rejects every new row), no write route leaves
 * anything behind, and an update leaves the row as it was.
 */
describe('a change and its event-log entry are one transaction', () => {
  let t: TestApp;
  let su: Record<string, string>;
  let groupId: string;
  let locationId: string;
  let liveViewId: string;
  let eventId: string;
  let ingestKeyId: string;

  const plantFailingAudit = () =>
    sql`
      create or replace function reject_event_log() returns trigger language plpgsql as
        $$ begin raise exception 'planted: the event log refuses this entry'; end $$;
      create trigger reject_event_log before insert on event_log
        for each row execute function reject_event_log();
    `.execute(t.db);
  const removeFailingAudit = () => sql`drop trigger if exists reject_event_log on event_log`.execute(t.db);

  beforeAll(async () => {
    t = await createTestApp();
    groupId = (await makeGroup(t.db)).id;
    locationId = (await makeLocation(t.db, { parentId: groupId })).id;
    su = await authHeader(t.ctx, await makeUser(t.db, { roles: ['superAdmin'] }));
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: su, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    liveViewId = await post('/api/LiveView', { name: 'Door', nodeId: locationId });
    eventId = await post('/api/SiteEvent', { name: 'Hall', nodeId: locationId });
    ingestKeyId = await post('/api/IngestKey', { name: 'doors', scopeNodeId: groupId });
    await plantFailingAudit();
  });
  afterAll(removeFailingAudit);

  const writes: [string, 'POST' | 'PUT' | 'DELETE', () => string, () => object | undefined][] = [
    ['create a live view', 'POST', () => '/api/LiveView', () => ({ name: 'rep', nodeId: locationId })],
    [
      'update a live view',
      'PUT',
      () => `/api/LiveView/${liveViewId}`,
      () => ({ name: 'Renamed', nodeId: locationId }),
    ],
    ['delete a live view', 'DELETE', () => `/api/LiveView/${liveViewId}`, () => undefined],
    ['share a live view', 'POST', () => `/api/LiveView/${liveViewId}/share`, () => undefined],
    [
      'create a showtime event',
      'POST',
      () => '/api/SiteEvent',
      () => ({ name: 'Hall 2', nodeId: locationId }),
    ],
    [
      'add a session',
      'POST',
      () => `/api/SiteEvent/${eventId}/sessions`,
      () => ({ title: 'Matinee', start: '2025-06-14 14:00', durationMinutes: 90 }),
    ],
    [
      'import sessions',
      'POST',
      () => `/api/SiteEvent/${eventId}/sessions/import`,
      () => ({ csv: 'date,time,title,duration\n2025-06-15,14:00,Show,90\n' }),
    ],
    ['create an ingest key', 'POST', () => '/api/IngestKey', () => ({ name: 'more', scopeNodeId: groupId })],
    ['rename an ingest key', 'PUT', () => `/api/IngestKey/${ingestKeyId}`, () => ({ name: 'renamed' })],
    ['create a user group', 'POST', () => '/api/UserGroup', () => ({ name: unique('group') })],
    [
      'create a user',
      'POST',
      () => '/api/User',
      () => ({
        username: unique('audited'),
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        roles: ['User'],
        scope: groupId,
        password: 'Audited-user-9',
      }),
    ],
    [
      'create a node',
      'POST',
      () => '/api/OrganizationalTree',
      () => ({
        parentId: groupId,
        name: 'Shop',
        type: 'StoreNodeAttributes',
        attributes: '{"timezone":"Europe/Paris"}',
      }),
    ],
    [
      'set the warning message',
      'PUT',
      () => '/api/Setting/WarningMessage',
      () => ({ message: 'Maintenance' }),
    ],
  ];

  it.each(writes)(
    '%s: refused as a whole when its entry cannot be written',
    async (_name, method, url, body) => {
      const before = await tableCounts(t.db);
      const rows = async () => ({
        view: await t.db.selectFrom('live_view').selectAll().where('id', '=', liveViewId).executeTakeFirst(),
        key: await t.db.selectFrom('ingest_key').selectAll().where('id', '=', ingestKeyId).executeTakeFirst(),
      });
      const unchanged = await rows();
      const payload = body();
      const res = await t.app.inject({ method, url: url(), headers: su, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(500);
      expect(countChanges(before, await tableCounts(t.db))).toEqual({});
      // an update, a rename or a share changed nothing either
      expect(await rows()).toEqual(unchanged);
    },
  );

  it('control: without the planted failure the same change and its entry commit', async () => {
    await removeFailingAudit();
    const before = await tableCounts(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LiveView',
      headers: su,
      payload: { name: 'rep', nodeId: locationId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(countChanges(before, await tableCounts(t.db))).toEqual({
      live_view: expect.any(String),
      event_log: expect.any(String),
    });
  });
});
