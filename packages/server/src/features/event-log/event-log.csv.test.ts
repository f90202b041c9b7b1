import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { asPrincipal, authHeader, makeNode, makeUser, type MadeUser } from '../../test/factories.js';

/** A small RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('event log CSV export', () => {
  let t: TestApp;
  let superAdmin: MadeUser, adminA: MadeUser, userA: MadeUser, userB: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await makeNode(t.db, { name: 'Client CSV A' });
    const b = await makeNode(t.db, { name: 'Client CSV B' });
    superAdmin = await makeUser(t.db, { username: 'root-csv', roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { username: 'admin-csv-a', roles: ['admin'], scopeNodeId: a.id });
    userA = await makeUser(t.db, { username: 'user-csv-a', roles: ['User'], scopeNodeId: a.id });
    userB = await makeUser(t.db, { username: 'user-csv-b', roles: ['User'], scopeNodeId: b.id });
    const log = t.app.services.eventLog;
    t.clock.set(new Date('2024-05-01T08:00:00Z'));
    // 2,300 entries: more than two export batches of 1,000
    for (let i = 0; i < 2300; i++) {
      t.clock.advance(1000);
      const who = i % 3 === 0 ? userB : userA;
      await log.withAudit((tx) =>
        log.record(tx, asPrincipal(who), i % 2 ? 'Dashboard.Update' : 'Dashboard.Create', `dash-${i}`, {
          name: `Vue "${i}", é`,
        }),
      );
    }
    // awkward text: a formula-like target, a line break and quotes in details, impersonation
    t.clock.advance(1000);
    await log.withAudit((tx) =>
      log.record(
        tx,
        { ...asPrincipal(userA), actor: { userId: adminA.id, username: adminA.username } },
        'Template.Rename',
        '=HYPERLINK("http://x")',
        { note: 'two\nlines, "quoted"' },
      ),
    );
    t.clock.advance(60_000);
  });

  const get = async (user: MadeUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await authHeader(t.ctx, user) });

  const jsonRows = async (user: MadeUser, query: string) => {
    const page = await get(user, `/api/EventLog?pageSize=500&${query}`);
    const body = page.json();
    const items = [...body.items];
    for (let p = 2; items.length < body.fullCount; p++) {
      items.push(...(await get(user, `/api/EventLog?pageSize=500&page=${p}&${query}`)).json().items);
    }
    return items.map((e) => [
      e.occurredOn,
      e.requester,
      e.onBehalfOf ?? '',
      e.command,
      e.target?.startsWith('=') ? `'${e.target}` : (e.target ?? ''),
      JSON.stringify(e.details),
    ]);
  };

  it('streams UTF-8 CSV with a BOM holding exactly the JSON answer, in its order, for the same filters', async () => {
    for (const query of [
      '',
      'sortBy=requester&sortDesc=false',
      'commands=Dashboard.Create,Template.Rename&search=csv-a',
      `from=${encodeURIComponent('2024-05-01T08:10:00Z')}&to=${encodeURIComponent('2024-05-01T08:20:00Z')}`,
    ]) {
      const res = await get(superAdmin, `/api/EventLog/csv?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="event-log-.*\.csv"$/);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(raw.subarray(3).toString('utf8'));
      expect(header).toEqual(['occurredOn', 'requester', 'onBehalfOf', 'command', 'target', 'details']);
      const expected = await jsonRows(superAdmin, query);
      expect(expected.length).toBeGreaterThan(0);
      expect(rows).toEqual(expected);
    }
  });

  it('keeps the multi-line, quoted and formula-like cells intact and neutralised', async () => {
    const res = await get(superAdmin, '/api/EventLog/csv?commands=Template.Rename');
    const [, row] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(row).toEqual([
      '2024-05-01T08:38:21.000Z',
      'admin-csv-a',
      'user-csv-a',
      'Template.Rename',
      `'=HYPERLINK("http://x")`,
      JSON.stringify({ note: 'two\nlines, "quoted"' }),
    ]);
  });

  it("gives a scoped admin only their scope's entries, and refuses bad filters and other roles", async () => {
    const res = await get(adminA, '/api/EventLog/csv');
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8')).slice(1);
    expect(rows.length).toBe(2300 - 767 + 1);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['user-csv-a', 'admin-csv-a']));
    expect(rows).toEqual(await jsonRows(adminA, ''));

    const bad = await get(superAdmin, '/api/EventLog/csv?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    expect((await get(userA, '/api/EventLog/csv')).statusCode).toBe(403);
  });
});
