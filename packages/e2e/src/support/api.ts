import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './shell';

/** An access token of a demo account, for arranging data through the API before a journey. */
export async function tokenOf(request: APIRequestContext, username: string) {
  const res = await request.post('/authentication', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

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
