import { describe, expect, it } from 'vitest';
import { DEFAULT_MOBILE_SETTINGS } from '@footfall/domain';
import { createTestApp } from '../../test/harness.js';
import { makeNode, makeUser, authHeader } from '../../test/factories.js';

async function setup() {
  const t = await createTestApp();
  t.clock.set('2025-06-14T23:30:00Z'); // 19:30 in Montreal (EDT, -4)
  const group = await makeNode(t.db, { type: 'group' });
  const hall = await makeNode(t.db, { type: 'location', parentId: group.id });
  await t.db
    .updateTable('node')
    .set({ attributes: JSON.stringify({ timezone: 'America/Montreal' }) })
    .where('id', '=', hall.id)
    .execute();
  await t.db
    .insertInto('occupancy_config')
    .values({ node_id: hall.id, floor_values: [0], current_value: 130 })
    .execute();
  const admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  const user = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
  const noAccess = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
  await t.db
    .updateTable('app_user')
    .set({
      mobile_settings: JSON.stringify({ ...DEFAULT_MOBILE_SETTINGS, hasAccessOrganizationalTreeEvent: true }),
    })
    .where('id', '=', user.id)
    .execute();
  const outsider = await makeUser(t.db, { roles: ['admin'], scopeNodeId: (await makeNode(t.db)).id });
  return {
    t,
    hall,
    admin: await authHeader(t.ctx, admin),
    user: await authHeader(t.ctx, user),
    noAccess: await authHeader(t.ctx, noAccess),
    outsider: await authHeader(t.ctx, outsider),
    userRow: user,
  };
}

describe('/api/SiteEvent', () => {
  it('creates an event and sessions in local time, with states from the clock and over capacity', async () => {
    const { t, hall, admin, user } = await setup();
    const ev = await t.app.inject({
      method: 'POST',
      url: '/api/SiteEvent',
      headers: admin,
      payload: { name: 'Salle 1', nodeId: hall.id },
    });
    expect(ev.statusCode).toBe(201);
    const id = ev.json().id;
    const add = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/SiteEvent/${id}/sessions`, headers: admin, payload });
    const past = await add({
      title: 'Matinée',
      start: '2025-06-14 14:00',
      durationMinutes: 120,
      occupancySold: 80,
    });
    expect(past.statusCode).toBe(201);
    expect(past.json()).toMatchObject({
      time: '14:00',
      start_at: '2025-06-14T18:00:00.000Z',
      end_at: '2025-06-14T20:00:00.000Z',
      duration: 120,
      state: 'past',
      overCapacity: false,
    });
    await add({
      title: 'Soirée',
      start: '2025-06-14 19:00',
      durationMinutes: 150,
      occupancySold: 120,
      alertsRaw: 'VIP; Wheelchair',
    });
    await add({ title: 'Late', start: '2025-06-14 22:30', durationMinutes: 90, occupancySold: 200 });
    await add({ title: 'Off', start: '2025-06-14 20:00', durationMinutes: 60, isCancelled: true });
    await add({ title: 'Tomorrow', start: '2025-06-15 14:00', durationMinutes: 60 });

    const res = await t.app.inject({ url: '/api/SiteEvent/orgtreeevents', headers: user });
    expect(res.statusCode).toBe(200);
    const [event] = res.json();
    expect(event).toMatchObject({ name: 'Salle 1', occupancyCurrent: 130, timeZone: 'America/Montreal' });
    expect(
      event.schedules.map((s: { title: string; state: string; overCapacity: boolean }) => [
        s.title,
        s.state,
        s.overCapacity,
      ]),
    ).toEqual([
      ['Matinée', 'past', false],
      ['Soirée', 'current', true],
      ['Off', 'cancelled', false],
      ['Late', 'future', false],
    ]);
    expect(event.schedules[1]).toMatchObject({
      alerts: ['VIP', 'Wheelchair'],
      showDetails: true,
      occupancySold: 120,
    });
    const next = await t.app.inject({ url: `/api/SiteEvent/${id}?date=2025-06-15`, headers: user });
    expect(next.json().schedules.map((s: { title: string }) => s.title)).toEqual(['Tomorrow']);
  });

  it('lists a session that crosses midnight on both days, current after midnight', async () => {
    const { t, hall, admin, user, userRow } = await setup();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/SiteEvent',
        headers: admin,
        payload: { name: 'Salle minuit', nodeId: hall.id },
      })
    ).json().id;
    const add = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/SiteEvent/${id}/sessions`, headers: admin, payload });
    expect((await add({ title: 'Night', start: '2025-06-14 23:30', durationMinutes: 60 })).statusCode).toBe(
      201,
    );
    expect(
      (await add({ title: 'Ends at 0:00', start: '2025-06-14 22:00', durationMinutes: 120 })).statusCode,
    ).toBe(201);
    const titles = async (date: string) =>
      (await t.app.inject({ url: `/api/SiteEvent/${id}?date=${date}`, headers: user }))
        .json()
        .schedules.map((s: { title: string }) => s.title);
    expect(await titles('2025-06-14')).toEqual(['Ends at 0:00', 'Night']);
    // a session ending exactly at midnight is not on the next day
    expect(await titles('2025-06-15')).toEqual(['Night']);
    // 00:10 in Montreal: today's list shows the show still running, as current
    t.clock.set('2025-06-15T04:10:00Z');
    try {
      const headers = await authHeader(t.ctx, userRow); // the earlier token has expired by then
      const today = (await t.app.inject({ url: `/api/SiteEvent/${id}`, headers })).json();
      expect(today.schedules.map((s: { title: string; state: string }) => [s.title, s.state])).toEqual([
        ['Night', 'current'],
      ]);
    } finally {
      t.clock.set('2025-06-14T23:30:00Z');
    }
  });

  it('imports sessions from CSV, all or nothing, naming the bad lines', async () => {
    const { t, hall, admin } = await setup();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/SiteEvent',
        headers: admin,
        payload: { name: 'E', nodeId: hall.id },
      })
    ).json().id;
    const imp = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/SiteEvent/${id}/sessions/import`,
        headers: admin,
        payload: { csv },
      });
    const bad = await imp(
      'date;time;title;duration\n2025-06-14;10:00;A;60\n2025-06-14;25:00;B;60\n2025-06-14;11:00;;60\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'csv_invalid',
      message: '2 line(s) of the file are invalid; nothing was imported',
      statusCode: 400,
      lines: [
        { line: 3, field: 'time', message: 'expected HH:mm' },
        { line: 4, field: 'title', message: 'required, at most 200 characters' },
      ],
    });
    // a file with no session line at all is refused the same way
    const empty = await imp('date;time;title;duration\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'csv_invalid',
      message: '1 line(s) of the file are invalid; nothing was imported',
      statusCode: 400,
      lines: [{ line: 2, field: 'file', message: 'no session' }],
    });
    // at most 100 lines are listed, however many are wrong
    const many = await imp('date;time;title;duration\n' + '2025-06-14;25:00;X;60\n'.repeat(150));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('150 line(s) of the file are invalid; nothing was imported');
    expect(many.json().lines).toHaveLength(100);
    const none = await t.app.inject({ url: `/api/SiteEvent/${id}?date=2025-06-14`, headers: admin });
    expect(none.json().schedules).toEqual([]);

    const ok = await imp(
      'Title,Date,Time,Duration,OccupancySold,OccupancyMax,Cancelled,Alerts\r\n' +
        '"Show, with comma",2025-06-14,10:00,60,50,100,no,"VIP"\r\n' +
        'Second,2025-06-14,12:00,30,,,yes,\r\n',
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ created: 2 });
    const day = (await t.app.inject({ url: `/api/SiteEvent/${id}?date=2025-06-14`, headers: admin })).json();
    expect(day.schedules).toMatchObject([
      {
        title: 'Show, with comma',
        time: '10:00',
        occupancySold: 50,
        occupancyMax: 100,
        alerts: ['VIP'],
        isCancelled: false,
      },
      {
        title: 'Second',
        time: '12:00',
        duration: 30,
        occupancySold: 0,
        occupancyMax: null,
        isCancelled: true,
        state: 'cancelled',
      },
    ]);
    const log = await t.db
      .selectFrom('event_log')
      .select('details')
      .where('command', '=', 'SiteEvent.SessionImport')
      .execute();
    expect(log.map((l) => l.details)).toEqual([{ created: 2 }]);
  });

  it('updates, cancels and deletes sessions; keeps events to the scope and admins', async () => {
    const { t, hall, admin, user, outsider, noAccess } = await setup();
    // "orgtreeevent needs the matching mobileSettings access flag"
    expect((await t.app.inject({ url: '/api/SiteEvent/orgtreeevents', headers: noAccess })).statusCode).toBe(
      403,
    );
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/SiteEvent',
        headers: admin,
        payload: { name: 'E', nodeId: hall.id },
      })
    ).json().id;
    const s = (
      await t.app.inject({
        method: 'POST',
        url: `/api/SiteEvent/${id}/sessions`,
        headers: admin,
        payload: { title: 'A', start: '2025-06-14 19:00', durationMinutes: 60 },
      })
    ).json();
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/SiteEvent/${id}/sessions/${s.sessionID}`,
      headers: admin,
      payload: { title: 'A', start: '2025-06-14 19:00', durationMinutes: 60, isCancelled: true },
    });
    expect(upd.json()).toMatchObject({ isCancelled: true, state: 'cancelled' });
    expect((await t.app.inject({ url: `/api/SiteEvent/${id}`, headers: outsider })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/SiteEvent/orgtreeevents', headers: outsider })).json()).toEqual(
      [],
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/SiteEvent',
          headers: user,
          payload: { name: 'x', nodeId: hall.id },
        })
      ).statusCode,
    ).toBe(403);
    const badStart = await t.app.inject({
      method: 'POST',
      url: `/api/SiteEvent/${id}/sessions`,
      headers: admin,
      payload: { title: 'A', start: '2025-06-14T19:00', durationMinutes: 60 },
    });
    expect(badStart.statusCode).toBe(400);
    expect(badStart.json().field).toBe('start');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/SiteEvent/${id}/sessions/${s.sessionID}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/SiteEvent/${id}/sessions/${s.sessionID}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe('days of venues in several time zones', () => {
  it("lists each event's own local day, moved by dayOffset, and says which day it lists", async () => {
    const { t, hall, admin, user } = await setup(); // 23:30 UTC: 19:30 Saturday 14 June in Montreal
    const group = (
      await t.db.selectFrom('node').select('parent_id').where('id', '=', hall.id).executeTakeFirstOrThrow()
    ).parent_id!;
    const paris = await makeNode(t.db, { type: 'location', parentId: group });
    await t.db
      .updateTable('node')
      .set({ attributes: JSON.stringify({ timezone: 'Europe/Paris' }) })
      .where('id', '=', paris.id)
      .execute(); // 01:30 Sunday 15 June in Paris
    const event = async (name: string, nodeId: string, starts: string[]) => {
      const id = (
        await t.app.inject({
          method: 'POST',
          url: '/api/SiteEvent',
          headers: admin,
          payload: { name, nodeId },
        })
      ).json().id as string;
      for (const start of starts) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/SiteEvent/${id}/sessions`,
          headers: admin,
          payload: { title: `${name} ${start}`, start, durationMinutes: 60 },
        });
        expect(res.statusCode).toBe(201);
      }
      return id;
    };
    await event('Montreal', hall.id, ['2025-06-13 20:00', '2025-06-14 20:00', '2025-06-15 20:00']);
    const parisId = await event('Paris', paris.id, [
      '2025-06-14 20:00',
      '2025-06-15 20:00',
      '2025-06-16 20:00',
    ]);
    const days = async (query: string) => {
      const res = await t.app.inject({ url: `/api/SiteEvent/orgtreeevents${query}`, headers: user });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        (res.json() as { name: string; day: string; schedules: { title: string }[] }[]).map((e) => [
          e.name,
          [e.day, ...e.schedules.map((s) => s.title)],
        ]),
      );
    };
    const today = {
      Montreal: ['2025-06-14', 'Montreal 2025-06-14 20:00'],
      Paris: ['2025-06-15', 'Paris 2025-06-15 20:00'],
    };
    expect(await days('')).toEqual(today);
    expect(await days('?dayOffset=0')).toEqual(today);
    expect(await days('?dayOffset=1')).toEqual({
      Montreal: ['2025-06-15', 'Montreal 2025-06-15 20:00'],
      Paris: ['2025-06-16', 'Paris 2025-06-16 20:00'],
    });
    expect(await days('?dayOffset=-1')).toEqual({
      Montreal: ['2025-06-13', 'Montreal 2025-06-13 20:00'],
      Paris: ['2025-06-14', 'Paris 2025-06-14 20:00'],
    });
    // a date names the same local date everywhere
    expect(await days('?date=2025-06-14')).toEqual({
      Montreal: ['2025-06-14', 'Montreal 2025-06-14 20:00'],
      Paris: ['2025-06-14', 'Paris 2025-06-14 20:00'],
    });
    const one = await t.app.inject({ url: `/api/SiteEvent/${parisId}?dayOffset=1`, headers: user });
    expect(one.json()).toMatchObject({ day: '2025-06-16', timeZone: 'Europe/Paris' });

    for (const bad of ['abc', '1.5', '400']) {
      const res = await t.app.inject({ url: `/api/SiteEvent/orgtreeevents?dayOffset=${bad}`, headers: user });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('dayOffset');
    }
  });
});

describe('demo programme', () => {
  it('keeps a week of sessions at each venue, once, and a live view per location', async () => {
    const { t, hall } = await setup();
    const group = (
      await t.db.selectFrom('node').select('parent_id').where('id', '=', hall.id).executeTakeFirstOrThrow()
    ).parent_id!;
    const demo = {
      groups: { venues: group },
      locations: [{ id: hall.id, name: 'Hall', groupId: group, capacity: 500 }],
    };
    expect(await t.app.services.siteEvents.seedDemo(demo)).toBe(21);
    expect(await t.app.services.siteEvents.seedDemo(demo)).toBe(0);
    expect(await t.app.services.liveViews.seedDemo(demo)).toBe(1);
    expect(await t.app.services.liveViews.seedDemo(demo)).toBe(0);
    const view = await t.db.selectFrom('live_view').selectAll().executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      alert_threshold: 450,
      warning_threshold: 351,
      black_screen_outside_business_hours: true,
    });
    expect(view.occupancy_id).not.toBeNull();
  });
});
