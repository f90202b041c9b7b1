import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyDashboardJson, type TreeNode, type ViewItemDto } from '@footfall/domain';
import { makeUser, renderPage } from '../../../test/render';
import { mockFetch } from '../../../test/fetch-mock';
import { dashboardStore } from '../state/dashboard-store';
import { DashboardSidePane } from './dashboard-side-pane';

afterEach(() => {
  vi.unstubAllGlobals();
  dashboardStore.reset();
});

const DASH = '11111111-1111-4111-8111-111111111111';
const LOC = '22222222-2222-4222-8222-222222222222';
const views: ViewItemDto[] = [
  {
    id: DASH,
    name: 'Store performance',
    kind: 'dashboard',
    defaultDashboard: true,
    defaultMobileDashboard: false,
    isReadOnly: false,
    linkedTemplateName: null,
    emptySelection: false,
  },
];
const tree: TreeNode[] = [
  {
    id: 'g',
    parentId: null,
    referenceId: null,
    name: 'Demo Retail',
    type: 'ClientNodeAttributes',
    shareMeasurementsFrom: null,
    children: [
      {
        id: LOC,
        parentId: 'g',
        referenceId: null,
        name: 'A location with a rather long name for the pane',
        type: 'StoreNodeAttributes',
        shareMeasurementsFrom: null,
        children: [],
      },
    ],
  },
];

function open(linked: boolean) {
  mockFetch({
    'GET /api/Dashboard': () => ({ body: views }),
    'GET /api/OrganizationalTree': () => ({ body: tree }),
  });
  dashboardStore.open(DASH, 'Store performance', emptyDashboardJson(), linked ? 'Weekly' : null);
}

describe('dashboard left pane', () => {
  it('open: Views list, searchable tree, tag filter and Apply; Apply sets the selection', async () => {
    open(false);
    renderPage(<DashboardSidePane state="open" />, { path: `/en/dashboard/${DASH}`, user: makeUser() });
    expect(await screen.findByRole('link', { name: /Store performance/ })).toBeVisible();
    // the tag filter mounts once the page is idle (WhenIdle)
    expect(await screen.findByRole('combobox', { name: 'Tags and location groups' })).toBeVisible();
    await userEvent.click(await screen.findByText('A location with a rather long name for the pane'));
    expect(dashboardStore.get().json?.fullTreeViewSelection).toEqual([]);
    await userEvent.click(screen.getByTestId('tree-apply'));
    expect(dashboardStore.get().json?.fullTreeViewSelection).toEqual([LOC]);
  });

  it('semi-closed: node labels cut at 35 characters, no tag filter, plain /dashboard links', async () => {
    open(false);
    renderPage(<DashboardSidePane state="semiClosed" />, { path: `/en/dashboard/${DASH}`, user: makeUser() });
    const item = await screen.findByRole('treeitem', { name: /A location/ });
    expect(item.textContent).toBe('A location with a rather long name…');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: /Store perf/ })).toHaveAttribute('href', `/dashboard/${DASH}`);
  });

  it('closed: icons only, no tree', async () => {
    open(false);
    renderPage(<DashboardSidePane state="closed" />, { path: `/en/dashboard/${DASH}`, user: makeUser() });
    const link = await within(await screen.findByTestId('views-list')).findByRole('link');
    expect(link.textContent).toBe('');
    expect(screen.queryByTestId('tree-view')).toBeNull();
  });

  it('asks confirm_link_dashboard before applying filters to a dashboard linked locally', async () => {
    open(true);
    dashboardStore.linkEvent('apply_template', 'Weekly'); // remote + local = full_link: no question
    renderPage(<DashboardSidePane state="open" />, { path: `/en/dashboard/${DASH}`, user: makeUser() });
    await userEvent.click(await screen.findByTestId('tree-apply'));
    expect(screen.queryByRole('dialog')).toBeNull();
    dashboardStore.editWidgets([]); // unlinked_local
    await userEvent.click(screen.getByTestId('tree-apply'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'This dashboard will no longer follow the template Weekly. Apply the filters?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    dashboardStore.reset();
    open(false);
    dashboardStore.linkEvent('apply_template', 'Weekly'); // linked_local
    await userEvent.click(screen.getByTestId('tree-apply'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'This dashboard will be linked to the template Weekly. Apply the filters?',
    );
  });
});
