import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { DEFAULT_MOBILE_SETTINGS, type Role, type UserCurrent } from '@footfall/domain';
import { AppProviders, createQueryClient } from '../app/providers';
import { currentUserQuery } from '../lib/session/current-user';
import { tokenStore } from '../lib/session/token-store';
import { languageOfPath } from '../lib/language';
import { i18n } from '../i18n/i18n';

const b64url = (o: object) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned token with our claims: the UI only reads them. */
export function fakeToken(sub: string, extra: object = {}) {
  return `${b64url({ alg: 'HS256', typ: 'at+jwt' })}.${b64url({ sub, name: 'test', exp: 9999999999, ...extra })}.sig`;
}

export function makeUser(overrides: Partial<UserCurrent> & { roles?: Role[] } = {}): UserCurrent {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'jdoe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    language: 'en',
    roles: ['User'],
    scope: null,
    scopeName: null,
    userGroupId: null,
    userGroupName: 'Northwind Retail',
    mobileSettings: { ...DEFAULT_MOBILE_SETTINGS },
    timeout: 0,
    resetPasswordAtNextLogin: false,
    isSsoUser: false,
    reports: [],
    impersonator: null,
    ...overrides,
  };
}

/**
 * Renders routes in the real providers at `path`. With `user`, the session is signed in and the
 * current user is already in the cache (no request).
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', user }: { path?: string; user?: UserCurrent | null } = {},
) {
  const queryClient = createQueryClient();
  if (user) {
    tokenStore.set({
      token: fakeToken(user.id),
      refreshToken: 'refresh-token-xyz',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    queryClient.setQueryData(currentUserQuery(user.id).queryKey, user);
  } else {
    tokenStore.set(null);
  }
  // the page language follows the URL prefix, as LanguageRoot does in the app
  void i18n.changeLanguage(languageOfPath(path));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `path` (under a catch-all route) with the providers. */
export function renderPage(
  element: ReactElement,
  options: { path?: string; user?: UserCurrent | null } = {},
) {
  return renderRoutes([{ path: '*', element }], options);
}
