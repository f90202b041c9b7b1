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
const page = `<!doctype html><title>Footfall</title><script>${inline}</script><script type="module" src="/assets/app.js"></script>`;
fs.writeFileSync(path.join(webDist, 'index.html'), page);
fs.writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(page));
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

  it('still answers client-side routes with index.html, its prebuilt .br for a browser that accepts it', async () => {
    const res = await t.app.inject({ url: '/en/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    const plain = await t.app.inject({ url: '/en/dashboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
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

describe('compressed API answers', () => {
  // the API document: a JSON answer of well over the 1 KiB threshold that needs no sign-in
  it('sends JSON in brotli or gzip as the browser accepts, the same JSON once decompressed', async () => {
    const plain = await t.app.inject({ url: '/api/docs.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const doc: unknown = JSON.parse(plain.body);

    const br = await t.app.inject({
      url: '/api/docs.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(doc);

    const gz = await t.app.inject({ url: '/api/docs.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(doc);
  });

  it('leaves small answers and errors as they are', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const missing = await t.app.inject({ url: '/api/nowhere', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });
});
