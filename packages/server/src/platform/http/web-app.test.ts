import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

// a small web build with the .br/.gz siblings the web build writes (packages/web/vite.config.ts)
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-web-app-'));
fs.mkdirSync(path.join(webDist, 'assets'));
// with an inline script like the early boot script the web build inlines
const inline = '(function (c) { window.__boot = c; })({"a":1});';
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><title>Footfall</title><script>${inline}</script><script type="module" src="/assets/app.js"></script>`,
);
const js = `export const x = ${JSON.stringify('footfall '.repeat(500))};\n`;
fs.writeFileSync(path.join(webDist, 'assets/app.js'), js);
fs.writeFileSync(path.join(webDist, 'assets/app.js.gz'), gzipSync(js));
fs.writeFileSync(path.join(webDist, 'assets/app.js.br'), brotliCompressSync(js));
fs.writeFileSync(path.join(webDist, 'assets/plain.js'), 'console.log(1);');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = await createTestApp({ WEB_DIST: webDist });

describe('web app assets', () => {
  it('sends the brotli file to a browser that accepts it', async () => {
    const res = await t.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the plain file without accepted encodings or compressed siblings', async () => {
    const raw = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(js);
    const small = await t.app.inject({ url: '/assets/plain.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1);');
  });

  it('still answers client-side routes with index.html', async () => {
    const res = await t.app.inject({ url: '/en/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Footfall</title>');
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ url: '/en/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp).not.toContain("unsafe-inline'; script");
  });
});
