import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { createLogger, scrubUrl } from './logger.js';

describe('scrubUrl', () => {
  it.each([
    ['/api/LiveView/public/lvs_abcDEF123-_x', '/api/LiveView/public/[redacted]'],
    ['/api/liveview/PUBLIC/lvs_abc?x=1', '/api/liveview/PUBLIC/[redacted]?x=1'],
    ['/liveview/public/lvs_abc', '/liveview/public/[redacted]'],
    ['/en/liveview/public/anything-else', '/en/liveview/public/[redacted]'],
    ['/somewhere/lvs_secret/more', '/somewhere/[redacted]/more'],
    ['/signalr?id=1&access_token=eyJabc&x=2', '/signalr?id=1&access_token=[redacted]&x=2'],
    ['/recover?token=abc', '/recover?token=[redacted]'],
    [
      '/api/LiveView/7f1c0a8e-2b4b-4c1e-9a57-0d6d2f4c1e11',
      '/api/LiveView/7f1c0a8e-2b4b-4c1e-9a57-0d6d2f4c1e11',
    ],
  ])('%s -> %s', (url, scrubbed) => {
    expect(scrubUrl(url)).toBe(scrubbed);
  });
});

describe('request logs', () => {
  it('never contain a share token from the path, of the API or of the web app', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app } = await createTestApp({}, { log: createLogger('info', sink) });
    const token = 'lvs_' + 'Zq8'.repeat(10);
    const api = await app.inject({ url: `/api/LiveView/public/${token}` });
    expect(api.statusCode).toBe(404);
    await app.inject({ url: `/liveview/public/${token}?token=${token}` });
    const logged = lines.join('');
    expect(logged).toContain('/api/LiveView/public/[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('Zq8Zq8');
  });
});
