import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeNode,
  type MadeUser,
} from '../../test/factories.js';

/**
 * A local stand-in for OpenWeatherMap's One Call API 3.0 "weather data for timestamp" endpoint,
 * answering the documented response format:
 * https://openweathermap.org/api/one-call-3#history (GET /data/3.0/onecall/timemachine?lat&lon&dt&appid
 * -> {lat, lon, timezone, timezone_offset, data: [{dt, temp, ..., weather: [{id, main, description, icon}]}]}).
 */
function fakeOpenWeatherMap() {
  const calls: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url);
    if (url.pathname !== '/data/3.0/onecall/timemachine') return void res.writeHead(404).end();
    if (url.searchParams.get('appid') !== 'test-key') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ cod: 401, message: 'Invalid API key.' }));
    }
    const dt = Number(url.searchParams.get('dt'));
    // a day in the 10th of the month rains; the "fail" day answers 500
    const day = new Date(dt * 1000).toISOString().slice(8, 10);
    if (day === '13') return void res.writeHead(500).end();
    const rainy = day === '10';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        lat: Number(url.searchParams.get('lat')),
        lon: Number(url.searchParams.get('lon')),
        timezone: 'America/Toronto',
        timezone_offset: -14400,
        data: [
          {
            dt,
            sunrise: dt - 20000,
            sunset: dt + 25000,
            temp: rainy ? 14.5 : 24.25,
            feels_like: 24,
            pressure: 1015,
            humidity: 60,
            dew_point: 15,
            clouds: rainy ? 90 : 0,
            visibility: 10000,
            wind_speed: 3.1,
            wind_deg: 200,
            weather: [
              rainy
                ? {
                    id: 500,
                    main: 'Rain',
                    description: url.searchParams.get('lang') === 'fr' ? 'légère pluie' : 'light rain',
                    icon: '10d',
                  }
                : { id: 800, main: 'Clear', description: 'clear sky', icon: '01d' },
            ],
          },
        ],
      }),
    );
  });
  return { server, calls };
}

describe('weather on widgets (OpenWeatherMap)', () => {
  const fake = fakeOpenWeatherMap();
  let t: TestApp;
  let off: TestApp;
  let user: MadeUser, outsider: MadeUser;
  let store: MadeNode, noCoordinates: MadeNode;

  beforeAll(async () => {
    await new Promise<void>((ok) => fake.server.listen(0, '127.0.0.1', ok));
    const port = (fake.server.address() as AddressInfo).port;
    t = await createTestApp({
      OPENWEATHERMAP_API_KEY: 'test-key',
      OPENWEATHERMAP_URL: `http://127.0.0.1:${port}`,
    });
    off = await createTestApp({}, { db: t.db });
    t.clock.set('2025-06-20T16:00:00Z');
    const group = await makeGroup(t.db);
    store = await makeLocation(t.db, {
      parentId: group.id,
      attributes: { timezone: 'America/Toronto', latitude: 43.6532, longitude: -79.3832 },
    });
    noCoordinates = await makeLocation(t.db, { parentId: group.id });
    user = await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id });
    outsider = await makeUser(t.db, { roles: ['User'], scopeNodeId: (await makeGroup(t.db)).id });
  });
  afterAll(() => new Promise<void>((ok) => fake.server.close(() => ok())));

  const get = async (app: TestApp, who: MadeUser, url: string) =>
    app.app.inject({ method: 'GET', url, headers: await authHeader(app.ctx, who) });

  it('answers each local day at local noon from the provider, and caches it', async () => {
    expect((await get(t, user, '/api/OpenWeatherMap/status')).json()).toEqual({ enabled: true });
    const url = `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-09&to=2025-06-11`;
    const res = await get(t, user, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: true,
      reason: null,
      days: [
        { date: '2025-06-09', icon: '01d', main: 'Clear', description: 'clear sky', temperature: 24.25 },
        { date: '2025-06-10', icon: '10d', main: 'Rain', description: 'light rain', temperature: 14.5 },
        { date: '2025-06-11', icon: '01d', main: 'Clear', description: 'clear sky', temperature: 24.25 },
      ],
    });
    expect(fake.calls).toHaveLength(3);
    // noon in Toronto (UTC-4 in June) is 16:00Z; metric units, the coordinates and the key are sent
    const first = fake.calls[0]!.searchParams;
    expect(new Date(Number(first.get('dt')) * 1000).toISOString()).toBe('2025-06-09T16:00:00.000Z');
    expect(first.get('units')).toBe('metric');
    expect([first.get('lat'), first.get('lon')]).toEqual(['43.6532', '-79.3832']);
    // the same days again come from the cache
    await get(t, user, url);
    expect(fake.calls).toHaveLength(3);
    // another language is another answer
    const fr = await get(t, user, `${url}&lang=fr`);
    expect(fr.json().days[1].description).toBe('légère pluie');
  });

  it('leaves a day empty when the provider fails, without an error, and asks again later', async () => {
    const before = fake.calls.length;
    const res = await get(t, user, `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-12&to=2025-06-13`);
    expect(res.statusCode).toBe(200);
    expect(res.json().days[1]).toEqual({
      date: '2025-06-13',
      icon: null,
      main: null,
      description: null,
      temperature: null,
    });
    await get(t, user, `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-13&to=2025-06-13`);
    expect(fake.calls.length - before).toBe(3); // 12, 13, and 13 again (a failure is not cached)
  });

  it('is off without an API key: enabled false and no days, never an error', async () => {
    expect((await get(off, user, '/api/OpenWeatherMap/status')).json()).toEqual({ enabled: false });
    const res = await get(off, user, `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-09&to=2025-06-11`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, reason: 'disabled', days: [] });
  });

  it('answers no days for a place without coordinates; 400 naming the field; 404 outside the scope', async () => {
    const none = await get(
      t,
      user,
      `/api/OpenWeatherMap?nodeId=${noCoordinates.id}&from=2025-06-09&to=2025-06-09`,
    );
    expect(none.json()).toEqual({ enabled: true, reason: 'no_coordinates', days: [] });
    const bad = await get(t, user, `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-09&to=June`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('to');
    const tooLong = await get(
      t,
      user,
      `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-01-01&to=2025-06-01`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'to' });
    const outside = await get(
      t,
      outsider,
      `/api/OpenWeatherMap?nodeId=${store.id}&from=2025-06-09&to=2025-06-09`,
    );
    expect(outside.statusCode).toBe(404);
  });
});
