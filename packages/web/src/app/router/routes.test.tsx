import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderRoutes } from '../../test/render';
import { mockFetch } from '../../test/fetch-mock';
import { tokenStore } from '../../lib/session/token-store';
import { appRoutes } from './routes';

afterEach(() => vi.unstubAllGlobals());

const at = (router: ReturnType<typeof renderRoutes>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('routes and guards', () => {
  it('sends an anonymous user to sign-in, remembering the page', async () => {
    mockFetch({});
    const { router } = renderRoutes(appRoutes(), { path: '/fr/settings/users' });
    await waitFor(() => expect(at(router)).toBe('/fr/login?redirect=%2Ffr%2Fsettings%2Fusers'));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(document.documentElement.lang).toBe('fr-CA');
    await waitFor(() => expect(document.title).toBe('Connexion · Footfall'));
  });

  it('signs in and returns to the remembered page', async () => {
    const user = makeUser({ roles: ['admin'] });
    const { calls } = mockFetch({
      'POST /authentication': () => ({
        body: {
          token: 'a.eyJzdWIiOiJ4In0.c',
          refreshToken: 'refresh-token-1',
          expiresAt: new Date(Date.now() + 900_000).toISOString(),
        },
      }),
      'GET /api/User/Current': () => ({ body: user }),
    });
    const { router } = renderRoutes(appRoutes(), { path: '/en/login?redirect=%2Fen%2Fsettings%2Fusers' });
    await userEvent.type(await screen.findByLabelText(/username/i), 'admin');
    await userEvent.type(screen.getByLabelText(/^password/i), 'Demo-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(at(router)).toBe('/en/settings/users'));
    expect(calls[calls.findIndex((c) => c.url === '/authentication')]?.body).toEqual({
      username: 'admin',
      password: 'Demo-password-1',
    });
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  it('shows login_error_message when sign-in fails', async () => {
    mockFetch({ 'POST /authentication': () => ({ status: 401, body: { message: 'invalid' } }) });
    renderRoutes(appRoutes(), { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/username/i), 'admin');
    await userEvent.type(screen.getByLabelText(/^password/i), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in failed. Check your username and password and try again.',
    );
    expect(tokenStore.get()).toBeNull();
  });

  it('sends a signed-in user away from guest pages to a local target only', async () => {
    mockFetch({});
    const user = makeUser();
    const first = renderRoutes(appRoutes(), { path: '/en/login?redirect=https%3A%2F%2Fevil.example', user });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/en/dashboard'));
  });

  it('sends users without the role to unauthorizedAccess', async () => {
    mockFetch({});
    const { router } = renderRoutes(appRoutes(), {
      path: '/en/settings/tree',
      user: makeUser({ roles: ['User'] }),
    });
    await waitFor(() =>
      expect(at(router)).toBe('/en/unauthorizedAccess?redirectFrom=%2Fen%2Fsettings%2Ftree'),
    );
    expect(await screen.findByText(/does not give access to \/en\/settings\/tree/)).toBeVisible();
  });

  it('keeps imports for superAdmin', async () => {
    mockFetch({});
    const { router } = renderRoutes(appRoutes(), {
      path: '/en/settings/imports',
      user: makeUser({ roles: ['admin'] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/unauthorizedAccess'));
  });

  it('forces a password change when flagged, unless impersonating', async () => {
    mockFetch({});
    const flagged = renderRoutes(appRoutes(), {
      path: '/en/reports',
      user: makeUser({ resetPasswordAtNextLogin: true }),
    });
    await waitFor(() => expect(flagged.router.state.location.pathname).toBe('/en/password-change'));
    flagged.unmount();
    const impersonated = renderRoutes(appRoutes(), {
      path: '/en/reports',
      user: makeUser({ resetPasswordAtNextLogin: true, impersonator: 'admin' }),
    });
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    expect(impersonated.router.state.location.pathname).toBe('/en/reports');
  });

  it('moves an unprefixed URL to the user language', async () => {
    mockFetch({});
    const { router } = renderRoutes(appRoutes(), {
      path: '/reports?a=1',
      user: makeUser({ language: 'es' }),
    });
    await waitFor(() => expect(at(router)).toBe('/es/reports?a=1'));
    expect(await screen.findByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
  });

  it('goes to sign-in when the current user cannot be fetched', async () => {
    mockFetch({ 'GET /api/User/Current': () => ({ status: 500, body: {} }) });
    tokenStore.set({
      token: 'a.eyJzdWIiOiJ5In0.c',
      refreshToken: 'refresh-token-2',
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    });
    const { router } = renderRoutes(appRoutes(), { path: '/en/reports' });
    void router;
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in' })).toBeVisible());
  });

  it('shows the 404 page for unknown routes, in each language', async () => {
    mockFetch({});
    renderRoutes(appRoutes(), { path: '/does-not-exist' });
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });

  it('shows the maintenance banner when there is a message', async () => {
    mockFetch({
      'GET /api/Setting/WarningMessage': () => ({ body: { message: 'Maintenance tonight 22:00' } }),
    });
    renderRoutes(appRoutes(), { path: '/en/login' });
    expect(await screen.findByTestId('maintenance-banner')).toHaveTextContent('Maintenance tonight 22:00');
  });
});
