import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyResponse } from './early-responses';

const response = (body: string) => Promise.resolve(new Response(body));

describe('early responses of the boot script', () => {
  afterEach(() => {
    delete window.__footfallEarly;
  });

  it('hands a response once, to a plain GET of the same path with the same token', async () => {
    const now = Date.now();
    window.__footfallEarly = { token: 'T1', at: now, responses: { '/api/User/Current': response('me') } };
    const first = takeEarlyResponse('/api/User/Current', {}, 'T1', now + 10);
    expect(await (await first!).text()).toBe('me');
    expect(takeEarlyResponse('/api/User/Current', {}, 'T1', now + 20)).toBeUndefined();
  });

  it('never hands one to another token, method, body, anonymous call, path or after a minute', () => {
    const now = Date.now();
    const fresh = () => ({ token: 'T1', at: now, responses: { '/api/Dashboard': response('views') } });
    window.__footfallEarly = fresh();
    expect(takeEarlyResponse('/api/Dashboard', {}, 'T2', now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard', {}, null, now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard', { method: 'POST', body: {} }, 'T1', now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard', { body: { a: 1 } }, 'T1', now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard', { anonymous: true }, 'T1', now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard?x=1', {}, 'T1', now)).toBeUndefined();
    expect(takeEarlyResponse('/api/Dashboard', {}, 'T1', now + 60_001)).toBeUndefined();
    // none of the refusals consumed it
    expect(takeEarlyResponse('/api/Dashboard', {}, 'T1', now + 1)).toBeDefined();
  });

  it('answers nothing when the boot script sent nothing', () => {
    expect(takeEarlyResponse('/api/User/Current', {}, 'T1')).toBeUndefined();
  });
});
