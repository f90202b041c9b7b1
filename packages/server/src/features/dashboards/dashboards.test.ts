import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { DashboardJson, EVERYONE_GROUP } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeUser, type MadeUser } from '../../test/factories.js';

const json = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    widgets: [
      {
        layout: { i: 'a', x: 0, y: 0, w: 20, h: 10 },
        type: { name: 'kpiCard', vueComponent: 'KpiCard' },
        kpis: ['TrafficIn', 'NotAKpi'],
      },
    ],
    ...over,
  });

let t: TestApp;
let alice: MadeUser;
let bob: MadeUser;
let viewer: MadeUser;
let admin: MadeUser;
const as = (u: MadeUser) => authHeader(t.ctx, u);

async function req(u: MadeUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const headers = await as(u);
  return payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });
}
const count = async (owner: string) =>
  Number(
    (
      await t.db
        .selectFrom('dashboard')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, { roles: ['admin'] });
  alice = await makeUser(t.db, { roles: ['User'], scopeNodeId: admin.scopeNodeId });
  bob = await makeUser(t.db, { roles: ['User'] });
  viewer = await makeUser(t.db, { roles: ['dashboardOnly'] });
});

describe('dashboards CRUD', () => {
  it('creates, reads, saves and deletes the caller’s dashboard, with its normalised json and event log', async () => {
    const created = await req(alice, 'POST', '/api/Dashboard', {
      useDefaultTemplate: false,
      name: ' Main ',
      json: json(),
    });
    expect(created.statusCode).toBe(201);
    const d = created.json();
    expect(d).toMatchObject({ name: 'Main', kind: 'dashboard', isReadOnly: false, linkedTemplateName: null });
    const stored = DashboardJson.parse(JSON.parse(d.json));
    expect(stored.widgets[0]!.kpis).toEqual(['TrafficIn']);
    expect(stored.refreshRate).toBe(15);

    const got = await req(alice, 'GET', `/api/Dashboard/${d.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().name).toBe('Main');

    const saved = await req(alice, 'PUT', `/api/Dashboard/${d.id}`, {
      id: d.id,
      name: 'Renamed',
      linkedTemplateName: 'T1',
      json: json({ refreshRate: 5 }),
    });
    expect(saved.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('dashboard')
      .selectAll()
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Renamed', linked_template_name: 'T1' });
    expect((row.json as { refreshRate: number }).refreshRate).toBe(5);

    const list = await req(alice, 'GET', '/api/Dashboard');
    expect(list.json().map((v: { id: string }) => v.id)).toContain(d.id);

    const log = await t.db
      .selectFrom('event_log')
      .select('command')
      .where('requester_id', '=', alice.id)
      .execute();
    expect(log.map((l) => l.command)).toEqual(
      expect.arrayContaining(['Dashboard.Create', 'Dashboard.Update']),
    );

    expect((await req(alice, 'DELETE', `/api/Dashboard/${d.id}`)).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('dashboard').select('id').where('id', '=', d.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await req(alice, 'GET', `/api/Dashboard/${d.id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const before = await count(alice.id);
    const bad = await req(alice, 'POST', '/api/Dashboard', {
      useDefaultTemplate: false,
      name: 'Bad',
      json: json({ refreshRate: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('json.refreshRate');
    expect(await count(alice.id)).toBe(before);

    const d = (
      await req(alice, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'Ok', json: json() })
    ).json();
    const wide = await req(alice, 'PUT', `/api/Dashboard/${d.id}`, {
      id: d.id,
      name: 'Wider',
      linkedTemplateName: null,
      json: JSON.stringify({
        widgets: [
          { layout: { i: 'a', x: 495, y: 0, w: 10, h: 1 }, type: { name: 'text', vueComponent: 'T' } },
        ],
      }),
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().field).toBe('json.widgets.0.layout.w');
    const row = await t.db
      .selectFrom('dashboard')
      .select('name')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Ok');
  });

  it('hides another user’s dashboard (404 on read, save, delete and snapshot), even from an admin', async () => {
    const d = (
      await req(bob, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'Bob', json: json() })
    ).json();
    for (const u of [alice, admin]) {
      expect((await req(u, 'GET', `/api/Dashboard/${d.id}`)).statusCode).toBe(404);
      const put = await req(u, 'PUT', `/api/Dashboard/${d.id}`, {
        id: d.id,
        name: 'X',
        linkedTemplateName: null,
        json: json(),
      });
      expect(put.statusCode).toBe(404);
      expect((await req(u, 'DELETE', `/api/Dashboard/${d.id}`)).statusCode).toBe(404);
      expect((await req(u, 'GET', '/api/Dashboard')).json().map((v: { id: string }) => v.id)).not.toContain(
        d.id,
      );
    }
    const row = await t.db
      .selectFrom('dashboard')
      .select('name')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Bob');
  });

  it('dashboardOnly users get read-only dashboards (403 on writes) and no reports', async () => {
    const mine = await t.app.services.dashboards.createForUser(
      viewer.id,
      'Given',
      DashboardJson.parse({}),
      true,
    );
    await t.db
      .insertInto('dashboard')
      .values({
        owner_id: viewer.id,
        kind: 'report',
        name: 'A report',
        json: '{}',
        linked_template_name: null,
      })
      .execute();
    const list = (await req(viewer, 'GET', '/api/Dashboard')).json();
    expect(list).toEqual([
      expect.objectContaining({ id: mine, isReadOnly: true, kind: 'dashboard', defaultDashboard: true }),
    ]);
    const before = await count(viewer.id);
    expect(
      (await req(viewer, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'N', json: json() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await req(viewer, 'PUT', `/api/Dashboard/${mine}`, {
          id: mine,
          name: 'N',
          linkedTemplateName: null,
          json: json(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await req(viewer, 'DELETE', `/api/Dashboard/${mine}`)).statusCode).toBe(403);
    expect(await count(viewer.id)).toBe(before);
    expect((await req(viewer, 'GET', `/api/Dashboard/${mine}`)).json().isReadOnly).toBe(true);
  });

  it('sends a stored json normalised by the schema, so the web can read it without validating it', async () => {
    const u = await makeUser(t.db);
    // a row written before a default existed: no refreshRate, tags or widget defaults
    const row = await t.db
      .insertInto('dashboard')
      .values({
        owner_id: u.id,
        kind: 'dashboard',
        name: 'Old',
        json: JSON.stringify({ widgets: [JSON.parse(json()).widgets[0]] }),
        linked_template_name: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const got = await req(u, 'GET', `/api/Dashboard/${row.id}`);
    expect(got.statusCode).toBe(200);
    const sent = JSON.parse(got.json().json);
    expect(sent).toEqual(DashboardJson.parse(JSON.parse(json())));
    expect(sent.refreshRate).toBe(15);
    expect(sent.widgets[0].kpis).toEqual(['TrafficIn']);
  });

  it('lists reports beside dashboards for other users', async () => {
    const u = await makeUser(t.db);
    await t.db
      .insertInto('dashboard')
      .values({ owner_id: u.id, kind: 'report', name: 'Weekly', json: '{}', linked_template_name: null })
      .execute();
    const created = await req(u, 'POST', '/api/Dashboard', {
      useDefaultTemplate: false,
      name: 'R2',
      kind: 'report',
    });
    expect(created.statusCode).toBe(201);
    const kinds = (await req(u, 'GET', '/api/Dashboard')).json().map((v: { kind: string }) => v.kind);
    expect(kinds).toEqual(['report', 'report']);
  });

  it('creates from the default template of the caller’s group, linked to it', async () => {
    // alice has no group: she is in the _EVERYONE_ of her client group, which the admin's scope is
    const group = (await req(alice, 'GET', '/api/UserGroup/current')).json();
    expect(group.name).toBe(EVERYONE_GROUP);
    const groupId = group.id as string;
    await req(admin, 'POST', '/api/Template', {
      name: 'Starter',
      userGroupId: groupId,
      dashboard: json({ refreshRate: 7 }),
    });
    expect(
      (await req(admin, 'PUT', `/api/Template/defaults/${groupId}`, { defaultDashboardTemplate: 'Starter' }))
        .statusCode,
    ).toBe(200);
    const d = await req(alice, 'POST', '/api/Dashboard', { useDefaultTemplate: true, name: 'From template' });
    expect(d.statusCode).toBe(201);
    expect(d.json().linkedTemplateName).toBe('Starter');
    expect(JSON.parse(d.json().json).refreshRate).toBe(7);
    await req(admin, 'PUT', `/api/Template/defaults/${groupId}`, { defaultDashboardTemplate: null });
  });
});

describe('default and default mobile dashboards', () => {
  it('setting one clears the previous, separately for mobile', async () => {
    const u = await makeUser(t.db);
    const mk = async (name: string) =>
      (await req(u, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name, json: json() })).json()
        .id as string;
    const [a, b] = [await mk('a'), await mk('b')];
    expect((await req(u, 'POST', `/api/User/${u.id}/defaultDashboard/${a}`)).statusCode).toBe(200);
    expect((await req(u, 'POST', `/api/User/${u.id}/defaultMobileDashboard/${a}`)).statusCode).toBe(200);
    expect((await req(u, 'POST', `/api/User/${u.id}/defaultDashboard/${b}`)).json()).toEqual({
      userId: u.id,
      dashboardId: b,
      isDefault: true,
    });
    const rows = await t.db
      .selectFrom('dashboard')
      .select(['id', 'is_default', 'is_default_mobile'])
      .where('owner_id', '=', u.id)
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { id: a, is_default: false, is_default_mobile: true },
      { id: b, is_default: true, is_default_mobile: false },
    ]);
    const got = await req(u, 'GET', `/api/User/${u.id}/defaultDashboard/${a}`);
    expect(got.json()).toEqual({ userId: u.id, dashboardId: b, isDefault: false });
    const views = (await req(u, 'GET', '/api/Dashboard')).json();
    expect(views.find((v: { id: string }) => v.id === a)).toMatchObject({
      defaultMobileDashboard: true,
      defaultDashboard: false,
    });
  });

  it('an admin managing the user clears one (back to none), the other stays; others get 403 / 404', async () => {
    const u = await makeUser(t.db, { scopeNodeId: admin.scopeNodeId });
    const mk = async (name: string) =>
      (await req(u, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name, json: json() })).json()
        .id as string;
    const a = await mk('Cleared');
    expect((await req(u, 'POST', `/api/User/${u.id}/defaultDashboard/${a}`)).statusCode).toBe(200);
    expect((await req(u, 'POST', `/api/User/${u.id}/defaultMobileDashboard/${a}`)).statusCode).toBe(200);
    const flags = () =>
      t.db
        .selectFrom('dashboard')
        .select(['is_default', 'is_default_mobile'])
        .where('id', '=', a)
        .executeTakeFirstOrThrow();

    // not managing the user: 403 for a plain user, 404 for an admin of another scope; nothing changes
    expect((await req(bob, 'DELETE', `/api/User/${u.id}/defaultDashboard`)).statusCode).toBe(403);
    const outside = await makeUser(t.db, { roles: ['admin'] });
    expect((await req(outside, 'DELETE', `/api/User/${u.id}/defaultDashboard`)).statusCode).toBe(404);
    expect(await flags()).toEqual({ is_default: true, is_default_mobile: true });

    const cleared = await req(admin, 'DELETE', `/api/User/${u.id}/defaultDashboard`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ userId: u.id, dashboardId: null, isDefault: false });
    expect(await flags()).toEqual({ is_default: false, is_default_mobile: true });
    expect((await req(u, 'GET', `/api/User/${u.id}/defaultDashboard/${a}`)).json()).toEqual({
      userId: u.id,
      dashboardId: null,
      isDefault: false,
    });
    expect((await req(u, 'DELETE', `/api/User/${u.id}/defaultMobileDashboard`)).statusCode).toBe(200);
    expect(await flags()).toEqual({ is_default: false, is_default_mobile: false });
    // clearing again is harmless and writes no second entry
    expect((await req(u, 'DELETE', `/api/User/${u.id}/defaultMobileDashboard`)).statusCode).toBe(200);
    const logged = await t.db
      .selectFrom('event_log')
      .select(['command', 'requester'])
      .where('command', 'in', ['Dashboard.ClearDefault', 'Dashboard.ClearDefaultMobile'])
      .where('target', '=', 'Cleared')
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { command: 'Dashboard.ClearDefault', requester: admin.username },
      { command: 'Dashboard.ClearDefaultMobile', requester: u.username },
    ]);
  });

  it('only the user or an admin managing them sets it; another user’s dashboard is 404', async () => {
    const d = (
      await req(alice, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'x', json: json() })
    ).json();
    expect((await req(bob, 'POST', `/api/User/${alice.id}/defaultDashboard/${d.id}`)).statusCode).toBe(403);
    expect((await req(admin, 'POST', `/api/User/${alice.id}/defaultDashboard/${d.id}`)).statusCode).toBe(200);
    const outside = await makeUser(t.db, { roles: ['admin'] });
    expect((await req(outside, 'POST', `/api/User/${alice.id}/defaultDashboard/${d.id}`)).statusCode).toBe(
      404,
    );
    const bobs = (
      await req(bob, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'b', json: json() })
    ).json();
    expect((await req(alice, 'POST', `/api/User/${alice.id}/defaultDashboard/${bobs.id}`)).statusCode).toBe(
      404,
    );
    const row = await t.db
      .selectFrom('dashboard')
      .select('is_default')
      .where('id', '=', bobs.id)
      .executeTakeFirstOrThrow();
    expect(row.is_default).toBe(false);
  });
});

describe("a user's dashboards for the users screen", () => {
  it('lists the dashboards (not reports) with their default flags to the user and a managing admin only', async () => {
    const u = await makeUser(t.db, { scopeNodeId: alice.scopeNodeId });
    const mk = async (name: string, kind = 'dashboard') =>
      (await req(u, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name, json: json(), kind })).json()
        .id as string;
    const [a, b] = [await mk('Alpha'), await mk('Beta')];
    await mk('A report', 'report');
    expect((await req(admin, 'POST', `/api/User/${u.id}/defaultMobileDashboard/${b}`)).statusCode).toBe(200);
    const res = await req(admin, 'GET', `/api/User/${u.id}/dashboards`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { id: string; name: string; kind: string; defaultMobileDashboard: boolean }[])
      .map(({ id, name, kind, defaultMobileDashboard }) => ({ id, name, kind, defaultMobileDashboard }))
      .sort((x, y) => x.name.localeCompare(y.name));
    expect(rows).toEqual([
      { id: a, name: 'Alpha', kind: 'dashboard', defaultMobileDashboard: false },
      { id: b, name: 'Beta', kind: 'dashboard', defaultMobileDashboard: true },
    ]);
    expect((await req(u, 'GET', `/api/User/${u.id}/dashboards`)).json()).toHaveLength(2);
    expect((await req(bob, 'GET', `/api/User/${u.id}/dashboards`)).statusCode).toBe(403);
    const outside = await makeUser(t.db, { roles: ['admin'] });
    expect((await req(outside, 'GET', `/api/User/${u.id}/dashboards`)).statusCode).toBe(404);
  });
});

describe('snapshot sending', () => {
  // a snapshot draws the saved selection: alice's scope root
  const located = () => json({ fullTreeViewSelection: [alice.scopeNodeId] });

  it('mails a PDF with the name and period to each recipient', async () => {
    const d = (
      await req(alice, 'POST', '/api/Dashboard', {
        useDefaultTemplate: false,
        name: 'Snap me',
        json: located(),
      })
    ).json();
    const res = await req(alice, 'POST', `/api/Dashboard/${d.id}/snapshot`, {
      recipients: [{ email: 'one@example.com' }, { email: 'two@example.com' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 2, attachment: 'Snap_me.pdf' });
    const outbox = await t.ctx.mailer.outbox();
    const mails = outbox.filter((m) => m.subject.includes('Snap me'));
    expect(
      mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['one@example.com', 'two@example.com']);
    expect(mails[0]!.attachments).toEqual(['Snap_me.pdf']);
    expect(mails[0]!.text).toContain('Period:');
    const files = fs.readdirSync(path.join(t.config.DATA_DIR, 'outbox'));
    const raw = files
      .map((f) => fs.readFileSync(path.join(t.config.DATA_DIR, 'outbox', f), 'utf8'))
      .join('\n');
    expect(raw).toContain('application/pdf');
  });

  it('resolves the period on the sender’s clock and writes in the sender’s language', async () => {
    const d = (
      await req(alice, 'POST', '/api/Dashboard', {
        useDefaultTemplate: false,
        name: 'Fuseau',
        json: located(),
      })
    ).json();
    // 12:00 UTC is already the next day at UTC+14 and still the same day at UTC-10
    t.clock.set('2026-03-10T12:00:00Z');
    const send = (timeZone: string, language: string) =>
      req(alice, 'POST', `/api/Dashboard/${d.id}/snapshot`, {
        recipients: [{ email: `${timeZone.replace(/\W/g, '').toLowerCase()}@example.com` }],
        timeZone,
        language,
      });
    expect((await send('Pacific/Kiritimati', 'fr')).statusCode).toBe(200);
    expect((await send('Pacific/Honolulu', 'es')).statusCode).toBe(200);
    const mails = (await t.ctx.mailer.outbox()).filter((m) => m.subject.includes('Fuseau'));
    const to = (who: string) => mails.find((m) => m.to.includes(who))!;
    expect(to('pacifickiritimati@example.com').subject).toBe(
      'Instantané du tableau de bord: Fuseau (2026-03-11 00:00 - 2026-03-12 00:00)',
    );
    expect(to('pacifickiritimati@example.com').text).toContain(
      'Période: 2026-03-11 00:00 - 2026-03-12 00:00',
    );
    expect(to('pacifichonolulu@example.com').subject).toBe(
      'Instantánea del panel: Fuseau (2026-03-10 00:00 - 2026-03-11 00:00)',
    );
    const bad = await send('Mars/Olympus_Mons', 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('timeZone');
  });

  it('refuses a bad e-mail (400) and sends nothing', async () => {
    const d = (
      await req(alice, 'POST', '/api/Dashboard', {
        useDefaultTemplate: false,
        name: 'NoSend',
        json: located(),
      })
    ).json();
    const res = await req(alice, 'POST', `/api/Dashboard/${d.id}/snapshot`, {
      recipients: [{ email: 'nope' }],
    });
    expect(res.statusCode).toBe(400);
    expect((await t.ctx.mailer.outbox()).some((m) => m.subject.includes('NoSend'))).toBe(false);
  });

  it('refuses a dashboard with no location (400 naming fullTreeViewSelection) and sends nothing', async () => {
    const none = (
      await req(alice, 'POST', '/api/Dashboard', { useDefaultTemplate: false, name: 'Nowhere', json: json() })
    ).json();
    const res = await req(alice, 'POST', `/api/Dashboard/${none.id}/snapshot`, {
      recipients: [{ email: 'nowhere@example.com' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'snapshot_no_location', field: 'fullTreeViewSelection' });
    // a selection of nodes the sender cannot see (bob's scope) selects no location either
    const elsewhere = (
      await req(alice, 'POST', '/api/Dashboard', {
        useDefaultTemplate: false,
        name: 'Elsewhere',
        json: json({ fullTreeViewSelection: [bob.scopeNodeId] }),
      })
    ).json();
    const res2 = await req(alice, 'POST', `/api/Dashboard/${elsewhere.id}/snapshot`, {
      recipients: [{ email: 'elsewhere@example.com' }],
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().field).toBe('fullTreeViewSelection');
    const outbox = await t.ctx.mailer.outbox();
    expect(outbox.some((m) => m.subject.includes('Nowhere') || m.subject.includes('Elsewhere'))).toBe(false);
    const logged = await t.db
      .selectFrom('event_log')
      .select('command')
      .where('command', '=', 'Dashboard.SendSnapshot')
      .where('target', 'in', ['Nowhere', 'Elsewhere'])
      .execute();
    expect(logged).toEqual([]);
  });
});

describe('demo dashboards', () => {
  it('are written in each demo account’s language, once', async () => {
    const fr = await makeUser(t.db, { scopeNodeId: null });
    const es = await makeUser(t.db, { scopeNodeId: null });
    const other = await makeUser(t.db, { scopeNodeId: null });
    for (const [u, language] of [
      [fr, 'fr'],
      [es, 'es'],
      [other, 'de'],
    ] as const)
      await t.db.updateTable('app_user').set({ language }).where('id', '=', u.id).execute();
    const accounts = [fr, es, other].map((u) => ({ username: u.username }));
    expect(await t.app.services.dashboards.seedDemo({ accounts, locations: [] })).toBe(3);
    expect(await t.app.services.dashboards.seedDemo({ accounts, locations: [] })).toBe(0);
    const made = async (u: MadeUser) => {
      const row = await t.db
        .selectFrom('dashboard')
        .select(['name', 'json', 'is_default'])
        .where('owner_id', '=', u.id)
        .executeTakeFirstOrThrow();
      const widgets = (row.json as { widgets: { title?: string }[] }).widgets;
      return [row.name, row.is_default, widgets.length, widgets[0]!.title, widgets[1]!.title];
    };
    expect(await made(fr)).toEqual(['Performance des magasins', true, 10, 'Bienvenue', 'Entrées']);
    expect(await made(es)).toEqual(['Rendimiento de las tiendas', true, 10, 'Bienvenida', 'Entradas']);
    expect(await made(other)).toEqual(['Store performance', true, 10, 'Welcome', 'Traffic in']);
  });
});
