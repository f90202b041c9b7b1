import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserCurrent } from '@footfall/domain';
import { makeUser, renderRoutes } from '../../test/render';
import { mockFetch } from '../../test/fetch-mock';
import { SettingsLayout } from './settings-layout';
import { MobileLayout } from './mobile-layout';
import { ReportsLayout } from './reports-layout';
import { MonitoringLayout } from './monitoring-layout';

afterEach(() => vi.unstubAllGlobals());

const inLayout = (layout: React.ReactElement, path: string, user: UserCurrent) =>
  renderRoutes(
    [{ path: '/:lang', children: [{ element: layout, children: [{ path: '*', element: <p>page</p> }] }] }],
    {
      path,
      user,
    },
  );

describe('settings layout', () => {
  it('lists the items of an admin and marks the current one', async () => {
    mockFetch({});
    inLayout(<SettingsLayout />, '/en/settings/users', makeUser({ roles: ['admin'] }));
    const menu = await screen.findByTestId('settings-menu');
    const items = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(items).toEqual([
      'Organizational structure',
      'Users',
      'Alerts',
      'Event logs',
      'Metric editor',
      'Live views',
      'Showtime events',
    ]);
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Alerts' })).toHaveAttribute('href', '/en/settings/alerts');
  });

  it('adds imports, occupancy reset and single sign-on for superAdmin, in French', async () => {
    mockFetch({});
    inLayout(<SettingsLayout />, '/fr/settings/tree', makeUser({ roles: ['superAdmin'], language: 'fr' }));
    const menu = await screen.findByTestId('settings-menu');
    expect(within(menu).getAllByRole('link')).toHaveLength(10);
    expect(within(menu).getByRole('link', { name: 'Authentification unique' })).toHaveAttribute(
      'href',
      '/fr/settings/sso',
    );
    expect(within(menu).getByRole('link', { name: "Écrans d'occupation" })).toHaveAttribute(
      'href',
      '/fr/settings/liveviews',
    );
    expect(within(menu).getByRole('link', { name: 'Importations' })).toHaveAttribute(
      'href',
      '/fr/settings/imports',
    );
  });
});

describe('top toolbar', () => {
  it('hides the settings icon from non-admins and the current section icon', async () => {
    mockFetch({});
    inLayout(<ReportsLayout />, '/en/reports', makeUser({ roles: ['User'] }));
    await screen.findByTestId('top-toolbar');
    expect(screen.queryByTestId('toolbar-settings')).toBeNull();
    expect(screen.queryByTestId('toolbar-reports')).toBeNull();
    expect(screen.getByTestId('toolbar-dashboard')).toHaveAttribute('href', '/en/dashboard');
    expect(screen.getByTestId('toolbar-monitoring')).toHaveAttribute('href', '/en/monitoring/tickets');
    expect(screen.queryByRole('link', { name: 'Open monitoring tickets' })).toBeNull();
  });

  it('hides settings on settings pages and shows 99+ open tickets to admins', async () => {
    mockFetch({ 'GET /api/Monitoring/GetNbOpenTickets': () => ({ body: { count: 150 } }) });
    inLayout(<SettingsLayout />, '/en/settings/tree', makeUser({ roles: ['admin'] }));
    await screen.findByTestId('top-toolbar');
    expect(screen.queryByTestId('toolbar-settings')).toBeNull();
    const tickets = screen.getByRole('link', { name: /^Open monitoring tickets/ });
    expect(tickets).toHaveAttribute('href', '/en/monitoring/tickets');
    await waitFor(() => expect(within(tickets).getByText('99+')).toBeVisible());
    // the accessible name carries the visible count (label in name)
    expect(tickets).toHaveAccessibleName('Open monitoring tickets: 99+');
  });

  it('hides the badge when the ticket count fails', async () => {
    const { calls } = mockFetch({
      'GET /api/Monitoring/GetNbOpenTickets': () => ({ status: 500, body: {} }),
    });
    inLayout(<SettingsLayout />, '/en/settings/tree', makeUser({ roles: ['superAdmin'] }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('GetNbOpenTickets'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Open monitoring tickets' }).textContent).not.toMatch(/\d/);
  });

  it('pre-fills the support mail with group, user, username and page', async () => {
    mockFetch({});
    inLayout(<ReportsLayout />, '/en/reports', makeUser());
    const link = await screen.findByRole('link', { name: 'Contact support' });
    const body = decodeURIComponent(link.getAttribute('href')!.split('body=')[1]!);
    expect(body).toContain('Group: Northwind Retail');
    expect(body).toContain('User: Jane Doe');
    expect(body).toContain('Username: jdoe');
    expect(body).toContain('/en/reports');
  });
});

describe('monitoring layout', () => {
  it('shows devices to device managers and the tree on the tickets page only', async () => {
    mockFetch({});
    inLayout(<MonitoringLayout />, '/en/monitoring/tickets', makeUser({ roles: ['deviceManagerAdmin'] }));
    const menu = await screen.findByTestId('monitoring-menu');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Tickets', 'Devices']);
    // a narrow window (jsdom has no desktop width) starts with the bar collapsed: no tree until expanded
    expect(screen.queryByTestId('monitoring-tree')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(await screen.findByTestId('monitoring-tree')).toBeInTheDocument();
  });
});

describe('mobile layout', () => {
  const mobileUser = (m: Partial<UserCurrent['mobileSettings']>) =>
    makeUser({ mobileSettings: { ...makeUser().mobileSettings, ...m } });

  it('shows the bottom navigation entries allowed by the mobile settings', async () => {
    mockFetch({});
    inLayout(
      <MobileLayout />,
      '/es/ranking',
      mobileUser({
        hasAccessRanking: true,
        hasAccessOccupancy: true,
        defaultOccupancyLiveViewId: '22222222-2222-4222-8222-222222222222',
      }),
    );
    const nav = await screen.findByTestId('bottom-navigation');
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Panel', 'Clasificación', 'Aforo']);
    expect(links[2]).toHaveAttribute('href', '/es/liveview/22222222-2222-4222-8222-222222222222');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Clasificación');
  });

  it('links the Dashboard entry to the default mobile dashboard, else to /dashboard', async () => {
    const mobileDefault = '33333333-3333-4333-8333-333333333333';
    const view = (id: string, defaultMobileDashboard: boolean) => ({
      id,
      name: id,
      kind: 'dashboard',
      defaultDashboard: !defaultMobileDashboard,
      defaultMobileDashboard,
      isReadOnly: false,
      linkedTemplateName: null,
      emptySelection: false,
    });
    mockFetch({
      'GET /api/Dashboard': () => ({
        body: [view('44444444-4444-4444-8444-444444444444', false), view(mobileDefault, true)],
      }),
    });
    const first = inLayout(<MobileLayout />, '/fr/ranking', mobileUser({ hasAccessRanking: true }));
    const nav = await screen.findByTestId('bottom-navigation');
    await waitFor(() =>
      expect(within(nav).getAllByRole('link')[0]).toHaveAttribute('href', `/fr/dashboard/${mobileDefault}`),
    );
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch({
      'GET /api/Dashboard': () => ({ body: [view('44444444-4444-4444-8444-444444444444', false)] }),
    });
    inLayout(<MobileLayout />, '/fr/ranking', mobileUser({ hasAccessRanking: true }));
    const again = await screen.findByTestId('bottom-navigation');
    expect(within(again).getAllByRole('link')[0]).toHaveAttribute('href', '/fr/dashboard');
  });

  it('opens the help: three questions and answers and a contact link', async () => {
    mockFetch({});
    inLayout(<MobileLayout />, '/en/dashboard', mobileUser({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    const questions = within(dialog).getAllByRole('button', { expanded: false });
    expect(questions.map((q) => q.textContent)).toEqual([
      'How do I choose a store and a period?',
      'Where are performance, ranking and occupancy?',
      "Why are the figures different from yesterday's?",
    ]);
    await userEvent.click(questions[0]!);
    expect(within(dialog).getByText(/Open Filter at the top of the dashboard/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('has no bottom navigation for occupancy-only users', async () => {
    mockFetch({});
    inLayout(
      <MobileLayout />,
      '/en/liveview',
      mobileUser({ hasAccessDashboard: false, hasAccessOccupancy: true }),
    );
    await screen.findByTestId('mobile-header');
    expect(screen.queryByTestId('bottom-navigation')).toBeNull();
  });
});

describe('user menu', () => {
  it('has language, profile, guide, feedback, logout and the version', async () => {
    mockFetch({});
    inLayout(<ReportsLayout />, '/fr/reports', makeUser({ language: 'fr' }));
    await userEvent.click(await screen.findByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: "Guide de l'utilisateur" })).toHaveAttribute(
      'href',
      '/help_center_fr/Default.htm',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Español' })).toBeInTheDocument();
    expect(within(menu).getByTestId('app-version')).toHaveTextContent('Version 4.71 · build test');
  });

  it('offers stop impersonating instead of logout, and no profile to SSO users', async () => {
    mockFetch({});
    inLayout(<ReportsLayout />, '/en/reports', makeUser({ impersonator: 'admin', isSsoUser: true }));
    await userEvent.click(await screen.findByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Stop impersonating' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Profile' })).toBeNull();
    expect(within(menu).getByText('Impersonated by admin')).toBeInTheDocument();
  });

  it('changes the language of the page and saves it as the user language', async () => {
    const { calls } = mockFetch({
      'PUT /api/User/profile': (c) => ({ body: { ...makeUser(), ...(c.body as object) } }),
    });
    const { router } = inLayout(<ReportsLayout />, '/en/reports?x=1', makeUser());
    await userEvent.click(await screen.findByTestId('user-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Français' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/reports'));
    expect(router.state.location.search).toBe('?x=1');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        language: 'fr',
        firstName: 'Jane',
      }),
    );
    expect(document.cookie).toContain('i18n_redirected=fr');
  });
});
