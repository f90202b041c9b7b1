import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

async function cspFor(publicUrl: string) {
  const { app } = await createTestApp({ PUBLIC_URL: publicUrl });
  const res = await app.inject({ url: '/api/health' });
  return directives(String(res.headers['content-security-policy']));
}

describe('Content-Security-Policy', () => {
  it('behind HTTPS: upgrades insecure requests, WebSockets only to our own origin', async () => {
    const csp = await cspFor('https://footfall.example.com');
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://footfall.example.com']);
  });

  it('on plain HTTP (a LAN address for in-store screens): no upgrade, ws: to our own origin only', async () => {
    const csp = await cspFor('http://192.168.1.20:5000');
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://192.168.1.20:5000']);
    // no scheme-wide source: a script could otherwise talk to any WebSocket server
    expect(csp.get('connect-src')).not.toContain('ws:');
    expect(csp.get('connect-src')).not.toContain('wss:');
  });
});
