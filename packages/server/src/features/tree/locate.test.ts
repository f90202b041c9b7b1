import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeGroup, makeUser } from '../../test/factories.js';

/**
 * Time zone from coordinates (offline) and address geocoding through a configured geocoder, here a
 * local HTTP server answering in Nominatim's `jsonv2` search format.
 */
let plain: TestApp;
let geo: TestApp;
let server: http.Server;
let failing = false;
const asked: URLSearchParams[] = [];
const PLACES: Record<string, unknown[]> = {
  'Place Ville Marie, Montréal': [
    {
      place_id: 1,
      lat: '45.5017',
      lon: '-73.5690',
      display_name: 'Place Ville Marie, Montréal, Québec, Canada',
    },
  ],
  'Rue de Rivoli, Paris': [
    { place_id: 2, lat: '48.8606', lon: '2.3376', display_name: 'Rue de Rivoli, Paris, France' },
  ],
};

let adminPlain: Record<string, string>;
let adminGeo: Record<string, string>;
let userGeo: Record<string, string>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url.searchParams);
    if (failing) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(PLACES[url.searchParams.get('q') ?? ''] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  plain = await createTestApp();
  geo = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/search?countrycodes=ca,fr` });
  for (const [t, set] of [
    [plain, (h: Record<string, string>) => (adminPlain = h)],
    [geo, (h: Record<string, string>) => (adminGeo = h)],
  ] as const) {
    const group = await makeGroup(t.db);
    set(await authHeader(t.ctx, await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id })));
    if (t === geo)
      userGeo = await authHeader(t.ctx, await makeUser(t.db, { roles: ['User'], scopeNodeId: group.id }));
  }
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const locate = (t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/OrganizationalTree/locate', headers, payload });

describe('POST /api/OrganizationalTree/locate', () => {
  it('finds the time zone from coordinates without any geocoder', async () => {
    for (const [latitude, longitude, zone] of [
      [45.5019, -73.5674, 'America/Toronto'],
      [49.2827, -123.1207, 'America/Vancouver'],
      [48.8566, 2.3522, 'Europe/Paris'],
      [-33.8688, 151.2093, 'Australia/Sydney'],
    ] as const) {
      const res = await locate(plain, adminPlain, { latitude, longitude });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        latitude,
        longitude,
        timeZone: zone,
        source: 'coordinates',
        displayName: null,
      });
    }
  });

  it('refuses an address when no geocoder is configured, naming the field', async () => {
    const status = await plain.app.inject({ url: '/api/OrganizationalTree/geocoder', headers: adminPlain });
    expect(status.json()).toEqual({ enabled: false });
    const res = await locate(plain, adminPlain, { address: 'Rue de Rivoli, Paris' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'geocoder_disabled', field: 'address' });
  });

  it('answers 400 naming the field for bad coordinates or an empty request', async () => {
    const bad = await locate(plain, adminPlain, { latitude: 91, longitude: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('latitude');
    const half = await locate(plain, adminPlain, { latitude: 45 });
    expect(half.statusCode).toBe(400);
    expect(half.json().field).toBe('longitude');
    const empty = await locate(plain, adminPlain, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('address');
  });

  it('geocodes an address through the configured geocoder, then finds its time zone', async () => {
    const status = await geo.app.inject({ url: '/api/OrganizationalTree/geocoder', headers: adminGeo });
    expect(status.json()).toEqual({ enabled: true });
    asked.length = 0;
    const res = await locate(geo, adminGeo, { address: 'Place Ville Marie, Montréal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      latitude: 45.5017,
      longitude: -73.569,
      timeZone: 'America/Toronto',
      source: 'geocoder',
      displayName: 'Place Ville Marie, Montréal, Québec, Canada',
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.get('q')).toBe('Place Ville Marie, Montréal');
    expect(asked[0]!.get('format')).toBe('jsonv2');
    expect(asked[0]!.get('limit')).toBe('1');
    // the configured URL's own parameters are kept
    expect(asked[0]!.get('countrycodes')).toBe('ca,fr');
  });

  it('prefers given coordinates over the address (no geocoder call)', async () => {
    asked.length = 0;
    const res = await locate(geo, adminGeo, {
      address: 'Rue de Rivoli, Paris',
      latitude: 49.28,
      longitude: -123.12,
    });
    expect(res.json()).toMatchObject({ timeZone: 'America/Vancouver', source: 'coordinates' });
    expect(asked).toHaveLength(0);
  });

  it('answers 400 address_not_found when the geocoder knows no such place', async () => {
    const res = await locate(geo, adminGeo, { address: 'Nowhere street 0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'address_not_found', field: 'address' });
  });

  it('answers 502 geocoder_unavailable when the geocoder fails', async () => {
    failing = true;
    try {
      const res = await locate(geo, adminGeo, { address: 'Rue de Rivoli, Paris' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: 'geocoder_unavailable', field: 'address' });
    } finally {
      failing = false;
    }
  });

  it('is for admin-kind users only', async () => {
    const res = await locate(geo, userGeo, { latitude: 45.5, longitude: -73.56 });
    expect(res.statusCode).toBe(403);
  });
});
