import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}
type Handler = (call: Call) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch with answers per "METHOD /path"; unknown calls answer 404. Records every call so
 * tests can assert what the UI sent.
 */
export function mockFetch(custom: Record<string, Handler>) {
  // no maintenance message unless a test sets one
  const handlers: Record<string, Handler> = {
    'GET /api/Setting/WarningMessage': () => ({ body: { message: '' } }),
    ...custom,
  };
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization ?? null,
    };
    calls.push(call);
    const answer = handlers[`${method} ${url.split('?')[0]}`]?.(call) ?? {
      status: 404,
      body: { message: 'not found' },
    };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}
