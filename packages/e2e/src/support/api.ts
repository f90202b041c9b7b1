import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './shell';

/** A demo account's bearer token, from the sign-in endpoint. */
export async function token(request: APIRequestContext, username: string) {
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

/** One API call as `token`; fails the test with the answer when it is not a success. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** The wall-clock date 'YYYY-MM-DD' of instant `ms` in `timeZone`. */
export const localDate = (timeZone: string, ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );

/** The date `days` after 'YYYY-MM-DD' `date`. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface TreeNode {
  id: string;
  name: string;
  type: string;
  children?: TreeNode[];
}

/** A demo location of the caller's tree by name, with its first device (the tree API's answer). */
export async function locationAndDevice(request: APIRequestContext, token: string, name: string) {
  const tree = await call<TreeNode[]>(request, token, 'GET', '/api/OrganizationalTree');
  const find = (ns: TreeNode[]): TreeNode | undefined =>
    ns.map((n) => (n.name === name ? n : find(n.children ?? []))).find(Boolean);
  const location = find(tree);
  expect(location, name).toBeTruthy();
  const device = location!.children!.find((c) => c.type === 'DeviceNodeAttributes')!;
  return { location: location!, device };
}
