import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { authHeader, makeNode, makeUser } from './factories.js';

/** NUL characters and lone surrogates cannot be stored by PostgreSQL: 400 naming the field, never 500. */
describe('unsafe text in any request string', () => {
  let t: TestApp;
  let su: Record<string, string>;
  let locationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const group = await makeNode(t.db, { type: 'group' });
    locationId = (await makeNode(t.db, { type: 'location', parentId: group.id })).id;
    su = await authHeader(t.ctx, await makeUser(t.db, { roles: ['superAdmin'] }));
  });

  const withToken = () => ({ 'content-type': 'application/json', ...su });
  const counts = async () => {
    const [views, log] = await Promise.all([
      t.db
        .selectFrom('live_view')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.db
        .selectFrom('event_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { views: Number(views.n), log: Number(log.n) };
  };

  it.each([
    [
      'sign-in, no token',
      'POST',
      '/authentication',
      '{"username":"a\\u0000","password":"x"}',
      'username',
      false,
    ],
    [
      'forgot password',
      'POST',
      '/authentication/forgot-password',
      '{"username":"a\\u0000b"}',
      'username',
      false,
    ],
    ['event log search', 'GET', '/api/EventLog?search=%00', undefined, 'search', true],
    [
      'series filter',
      'GET',
      '/api/TimeSeries?measurementProtocol=%00',
      undefined,
      'measurementProtocol',
      true,
    ],
    [
      'lone surrogate in a name',
      'POST',
      '/api/LiveView',
      '{"name":"rep\\ud800","nodeId":"NODE"}',
      'name',
      true,
    ],
    [
      'NUL in a nested key',
      'POST',
      '/api/LiveView',
      '{"name":"x","nodeId":"NODE","a":{"k\\u0000":1}}',
      'a.k?',
      true,
    ],
    ['NUL in a path parameter', 'GET', '/api/LiveView/%00', undefined, 'id', true],
  ] as const)('%s: 400 naming the field, nothing written', async (_name, method, url, body, field, auth) => {
    const before = await counts();
    const res = await t.app.inject({
      method,
      url,
      headers: auth ? withToken() : { 'content-type': 'application/json' },
      ...(body ? { payload: body.replace('NODE', locationId) } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field, statusCode: 400 });
    expect(res.json().message).toMatch(/^.+: must not contain/);
    expect(await counts()).toEqual(before);
  });

  it('keeps well-formed text, emoji (paired surrogates) included', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LiveView',
      headers: withToken(),
      payload: JSON.stringify({ name: 'Door \ud83d\ude00 caf\u00e9', nodeId: locationId }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Door \ud83d\ude00 caf\u00e9');
  });
});
