import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, type DemoUser } from './shell';

/** A demo account's bearer token, from the sign-in endpoint. */
export async function token(request: APIRequestContext, username: DemoUser) {
  const res = await request.post('/authentication', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** The API as `bearer`: get and send expect success, status answers the status of a GET. */
export function client(request: APIRequestContext, bearer: string) {
  const headers = { authorization: `Bearer ${bearer}` };
  return {
    async get<T>(url: string): Promise<T> {
      const res = await request.get(url, { headers });
      expect(res.ok(), `${url} ${res.status()}`).toBeTruthy();
      return (await res.json()) as T;
    },
    async status(url: string) {
      return (await request.get(url, { headers })).status();
    },
    async send<T>(method: 'POST' | 'PUT', url: string, data: unknown): Promise<T> {
      const res = await request.fetch(url, { method, headers, data });
      expect(res.ok(), `${method} ${url} ${res.status()} ${await res.text()}`).toBeTruthy();
      return (await res.json()) as T;
    },
  };
}
export type ApiClient = ReturnType<typeof client>;
