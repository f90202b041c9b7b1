import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type TestApp } from './harness.js';
import { authHeader, makeNode, makeUser } from './factories.js';

const countOf = async (t: TestApp, table: 'app_user' | 'user_group' | 'event_log') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('refusals are 4xx, never 500', () => {
  let t: TestApp;
  let su: Record<string, string>;
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    groupId = (await makeNode(t.db, { type: 'group' })).id;
    su = await authHeader(t.ctx, await makeUser(t.db, { roles: ['superAdmin'] }));
  });

  it.each([
    [
      '/api/User',
      'app_user',
      (name: string) => ({
        username: name,
        firstName: 'Race',
        lastName: 'Condition',
        email: 'race@example.com',
        roles: ['User'],
        scope: groupId,
        password: 'Race-condition-9',
      }),
    ],
    ['/api/UserGroup', 'user_group', (name: string) => ({ name })],
  ] as const)(
    'four concurrent creates of one name on %s: one 201, the others 409',
    async (url, table, body) => {
      const name = unique('race');
      const before = { rows: await countOf(t, table), log: await countOf(t, 'event_log') };
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => t.app.inject({ method: 'POST', url, headers: su, payload: body(name) })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json()).toMatchObject({ error: 'conflict', statusCode: 409 });
      }
      expect(await countOf(t, table)).toBe(before.rows + 1);
      expect(await countOf(t, 'event_log')).toBe(before.log + 1);
    },
  );

  it('a session import without a usable body is a 400 ErrorBody (its own 400 schema widened)', async () => {
    const location = await makeNode(t.db, { type: 'location', parentId: groupId });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/SiteEvent',
      headers: su,
      payload: { name: 'Import hall', nodeId: location.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/SiteEvent/${created.json().id}/sessions/import`;
    for (const payload of [{}, { csv: '' }, { csv: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url, headers: su, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field: 'csv', statusCode: 400 });
    }
    const bad = await t.app.inject({ method: 'POST', url, headers: su, payload: { csv: 'x' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().statusCode).toBe(400);
  });
});
