import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeNode, makeUser, type MadeUser } from '../../test/factories.js';

/** The users screen's API: GET /api/User/search, the users report, the admin's password-reset mail. */
describe('users screen API', () => {
  let t: TestApp;
  let root: MadeUser, adminA: MadeUser, plainA: MadeUser;
  let a: { id: string }, b: { id: string }, north: { id: string }, storeN: { id: string };
  let groupId: string;
  const inA: MadeUser[] = [];

  const call = async (actor: MadeUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await authHeader(t.ctx, actor), ...(payload ? { payload } : {}) });
  const names = (res: { json(): { items: { username: string }[] } }) =>
    res.json().items.map((u) => u.username);

  beforeAll(async () => {
    t = await createTestApp();
    a = await makeNode(t.db, { name: 'Chain A' });
    b = await makeNode(t.db, { name: 'Chain B' });
    north = await makeNode(t.db, { name: 'North region', parentId: a.id });
    storeN = await makeNode(t.db, { name: 'Store N1', type: 'location', parentId: north.id });
    root = await makeUser(t.db, { username: 'srch-root', roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { username: 'srch-admin-a', roles: ['admin'], scopeNodeId: a.id });
    plainA = await makeUser(t.db, { username: 'srch-plain-a', roles: ['User'], scopeNodeId: a.id });
    for (let i = 0; i < 12; i++) {
      inA.push(
        await makeUser(t.db, {
          username: `srch-store-${String(i).padStart(2, '0')}`,
          roles: i % 3 === 0 ? ['OccupancyOperator'] : ['User'],
          scopeNodeId: i < 5 ? storeN.id : a.id,
          email: i === 7 ? 'manon.dupré@example.com' : undefined,
        }),
      );
    }
    await makeUser(t.db, { username: 'srch-other-b', roles: ['User'], scopeNodeId: b.id });
    const group = await call(adminA, 'POST', '/api/UserGroup', { name: 'Store managers A' });
    expect(group.statusCode).toBe(201);
    groupId = group.json().id;
    const put = await call(adminA, 'PUT', `/api/User/${inA[1]!.id}`, { userGroupId: groupId });
    expect(put.statusCode).toBe(200);
    const off = await call(adminA, 'PUT', `/api/User/${inA[2]!.id}`, { disabled: true });
    expect(off.statusCode).toBe(200);
  });

  it('pages the users of the caller scope with the full count, sorted, never another tenant', async () => {
    const first = await call(adminA, 'GET', '/api/User/search?sortBy=username&pageSize=5');
    expect(first.statusCode).toBe(200);
    // admin-a, plain-a and the 12 store users: 14 in Chain A; Chain B's user and the root are not seen
    expect(first.json().fullCount).toBe(14);
    expect(names(first)).toEqual([
      'srch-admin-a',
      'srch-plain-a',
      'srch-store-00',
      'srch-store-01',
      'srch-store-02',
    ]);
    const third = await call(adminA, 'GET', '/api/User/search?sortBy=username&pageSize=5&page=3');
    expect(names(third)).toEqual(['srch-store-08', 'srch-store-09', 'srch-store-10', 'srch-store-11']);
    const past = await call(adminA, 'GET', '/api/User/search?pageSize=5&page=9');
    expect(past.json()).toEqual({ items: [], fullCount: 14 });
    const desc = await call(adminA, 'GET', '/api/User/search?sortBy=username&sortDesc=true&pageSize=2');
    expect(names(desc)).toEqual(['srch-store-11', 'srch-store-10']);
    const all = await call(root, 'GET', '/api/User/search?search=srch-&pageSize=100');
    expect(all.json().fullCount).toBe(16);
    expect(names(all)).toContain('srch-other-b');
  });

  it('filters by text, role, group (_EVERYONE_ holds users without one), scope subtree and state', async () => {
    const text = await call(adminA, 'GET', `/api/User/search?search=${encodeURIComponent('DUPRÉ')}`);
    expect(names(text)).toEqual(['srch-store-07']);
    const like = await call(adminA, 'GET', '/api/User/search?search=%25');
    expect(like.json().fullCount).toBe(0); // % is a character, not a wildcard
    const role = await call(adminA, 'GET', '/api/User/search?role=OccupancyOperator&pageSize=100');
    expect(names(role).sort()).toEqual(['srch-store-00', 'srch-store-03', 'srch-store-06', 'srch-store-09']);
    const group = await call(adminA, 'GET', `/api/User/search?userGroupId=${groupId}`);
    expect(names(group)).toEqual(['srch-store-01']);
    const groups = (await call(adminA, 'GET', '/api/UserGroup')).json() as {
      id: string;
      isEveryone: boolean;
    }[];
    const everyone = groups.find((g) => g.isEveryone)!;
    const rest = await call(adminA, 'GET', `/api/User/search?userGroupId=${everyone.id}&pageSize=100`);
    expect(rest.json().fullCount).toBe(13);
    expect(names(rest)).not.toContain('srch-store-01');
    const region = await call(adminA, 'GET', `/api/User/search?scope=${north.id}&sortBy=username`);
    expect(names(region)).toEqual([
      'srch-store-00',
      'srch-store-01',
      'srch-store-02',
      'srch-store-03',
      'srch-store-04',
    ]);
    const disabled = await call(adminA, 'GET', '/api/User/search?state=disabled');
    expect(names(disabled)).toEqual(['srch-store-02']);
    const active = await call(adminA, 'GET', '/api/User/search?state=active&pageSize=100');
    expect(active.json().fullCount).toBe(13);
    const both = await call(adminA, 'GET', `/api/User/search?scope=${north.id}&role=User&state=active`);
    expect(names(both).sort()).toEqual(['srch-store-01', 'srch-store-04']);
  });

  it('answers 400 naming the field for a bad filter, and for a scope outside the caller scope', async () => {
    for (const [query, field] of [
      [`scope=${b.id}`, 'scope'],
      ['scope=00000000-0000-4000-8000-000000000000', 'scope'],
      ['sortBy=password', 'sortBy'],
      ['pageSize=501', 'pageSize'],
      ['page=0', 'page'],
      ['role=owner', 'role'],
      ['state=gone', 'state'],
    ] as const) {
      const res = await call(adminA, 'GET', `/api/User/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    expect((await call(plainA, 'GET', '/api/User/search')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/User/search' })).statusCode).toBe(401);
  });

  it('records the last sign-in and sorts by it, never-signed-in users last', async () => {
    const before = (await call(adminA, 'GET', `/api/User/${inA[5]!.id}`)).json();
    expect(before.lastSignInAt).toBeNull();
    t.clock.set(new Date('2026-03-02T08:30:00Z'));
    const login = await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: inA[5]!.username, password: inA[5]!.password },
    });
    expect(login.statusCode).toBe(200);
    t.clock.set(new Date('2026-03-03T09:00:00Z'));
    await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: inA[8]!.username, password: inA[8]!.password },
    });
    const after = (await call(adminA, 'GET', `/api/User/${inA[5]!.id}`)).json();
    expect(after.lastSignInAt).toBe('2026-03-02T08:30:00.000Z');
    const recent = await call(adminA, 'GET', '/api/User/search?sortBy=lastSignIn&sortDesc=true&pageSize=3');
    expect(names(recent).slice(0, 2)).toEqual(['srch-store-08', 'srch-store-05']);
    const oldest = await call(adminA, 'GET', '/api/User/search?sortBy=lastSignIn&pageSize=2');
    expect(names(oldest)).toEqual(['srch-store-05', 'srch-store-08']);
    // a failed attempt is no sign-in
    await t.app.inject({
      method: 'POST',
      url: '/authentication',
      payload: { username: inA[6]!.username, password: 'Wrong-password-1' },
    });
    expect((await call(adminA, 'GET', `/api/User/${inA[6]!.id}`)).json().lastSignInAt).toBeNull();
  });

  it('exports the filtered users as CSV (UTF-8 with BOM) in the asked language', async () => {
    const res = await call(
      adminA,
      'GET',
      `/api/User/UsersReport?format=csv&language=fr&scope=${north.id}&sortBy=username`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="utilisateurs.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      "Nom,Nom d'utilisateur,Courriel,Rôles,Groupe d'utilisateurs,Portée,Langue,Dernière connexion (UTC),État",
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      "Test srch-store-00,srch-store-00,srch-store-00@example.com,Opérateur d'occupation,,Store N1,en,,Actif",
    );
    expect(lines[2]).toContain(',Store managers A,Store N1,');
    expect(lines[3]).toMatch(/,Désactivé$/);
  });

  it('exports the same rows as XLSX, with dates as date cells', async () => {
    const res = await call(
      adminA,
      'GET',
      '/api/User/UsersReport?format=xlsx&language=en&sortBy=username&role=User',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Users')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Name',
      'Username',
      'E-mail',
      'Roles',
      'User group',
      'Scope',
      'Language',
      'Last sign-in (UTC)',
      'State',
    ]);
    const listed = await call(adminA, 'GET', '/api/User/search?sortBy=username&role=User&pageSize=500');
    const expected = listed.json().items as { username: string; lastSignInAt: string | null }[];
    expect(sheet.rowCount - 1).toBe(expected.length);
    expected.forEach((u, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(2).value).toBe(u.username);
      const signIn = row.getCell(8).value;
      if (u.lastSignInAt) expect((signIn as Date).toISOString()).toBe(u.lastSignInAt);
      else expect(signIn ?? null).toBeNull();
    });
    expect(expected.some((u) => u.lastSignInAt)).toBe(true);
    const bad = await call(adminA, 'GET', '/api/User/UsersReport?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
    expect((await call(plainA, 'GET', '/api/User/UsersReport')).statusCode).toBe(403);
  });

  it('mails a managed user a password-reset link; 404 outside scope, 400 for a disabled user', async () => {
    const target = inA[10]!;
    const res = await call(adminA, 'POST', `/api/User/${target.id}/password-reset-mail`);
    expect(res.statusCode).toBe(204);
    const mails = await t.ctx.mailer.outbox();
    const mail = mails.find((m) => m.to.includes(`${target.username}@example.com`));
    expect(mail?.text).toContain('https://footfall.example.com/');
    const token = /recover-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const recover = await t.app.inject({
      method: 'POST',
      url: '/authentication/recover-password',
      payload: { token, newPassword: 'Brand-new-password-7' },
    });
    expect(recover.statusCode).toBe(200);
    const log = await t.db
      .selectFrom('event_log')
      .select(['requester', 'target'])
      .where('command', '=', 'User.PasswordResetMail')
      .execute();
    expect(log).toEqual([{ requester: 'srch-admin-a', target: target.username }]);
    const other = await makeUser(t.db, { roles: ['User'], scopeNodeId: b.id });
    expect((await call(adminA, 'POST', `/api/User/${other.id}/password-reset-mail`)).statusCode).toBe(404);
    const disabled = await call(adminA, 'POST', `/api/User/${inA[2]!.id}/password-reset-mail`);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().field).toBe('disabled');
    expect((await call(plainA, 'POST', `/api/User/${target.id}/password-reset-mail`)).statusCode).toBe(403);
  });
});
