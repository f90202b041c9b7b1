import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ViewItemDto } from '@footfall/domain';
import { renderPage } from '../../../test/render';
import type { FlatNode } from '../../../lib/tree-api';
import { PeriodForm, type PeriodChoice } from '../../../components/period/period-form';
import { TreeView } from '../../../components/tree-selector/tree-view';
import type { Tags } from '../../../components/tree-selector/tree-tags';
import { ViewsList } from './views-list';

const view = (name: string, over: Partial<ViewItemDto> = {}): ViewItemDto => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  kind: 'dashboard',
  defaultDashboard: false,
  defaultMobileDashboard: false,
  isReadOnly: false,
  linkedTemplateName: null,
  emptySelection: false,
  ...over,
});

describe('Views list', () => {
  const views = [
    view('Zeta'),
    view('Phone board', { id: 'b', defaultMobileDashboard: true }),
    view('Alpha report', { id: 'r', kind: 'report' }),
    view('Main', { id: 'm', defaultDashboard: true }),
    view('x'.repeat(120), { id: 'long' }),
  ];
  const list = (readOnly: boolean, pane: 'open' | 'semiClosed' | 'closed' = 'open') =>
    renderPage(
      <ViewsList
        views={views}
        readOnly={readOnly}
        currentId="m"
        loadingId={null}
        pane={pane}
        hrefOf={(v) => `/en/dashboard/${v.id}`}
      />,
      { path: '/en/dashboard/m' },
    );

  it('puts the default first with a home icon, the mobile default next with a phone icon, then by name', async () => {
    list(false);
    const links = within(await screen.findByTestId('views-list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('data-view-id'))).toEqual(['m', 'b', 'r', 'long', views[0]!.id]);
    expect(within(links[0]!).getByLabelText('Default dashboard')).toBeInTheDocument();
    expect(within(links[1]!).getByLabelText('Default mobile dashboard')).toBeInTheDocument();
    expect(within(links[2]!).getByLabelText('Report')).toBeInTheDocument();
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    // views are cut at 100 characters, the last one an ellipsis
    expect(links[3]!.textContent).toBe('x'.repeat(99) + '…');
  });

  it('shows a saved report by its customTitle, the report it is (defaultTitle) below it', async () => {
    renderPage(
      <ViewsList
        views={[
          view('Main', { id: 'm', defaultDashboard: true }),
          view('Monday doors', {
            id: 'saved',
            kind: 'report',
            customTitle: 'Monday doors',
            defaultTitle: 'Traffic',
          }),
        ]}
        readOnly={false}
        currentId="m"
        loadingId={null}
        pane="open"
        hrefOf={(v) => `/en/report/dashboard/${v.id}`}
      />,
      { path: '/en/dashboard/m' },
    );
    const link = within(await screen.findByTestId('views-list'))
      .getAllByRole('link')
      .find((l) => l.getAttribute('data-view-id') === 'saved')!;
    expect(within(link).getByText('Monday doors')).toBeInTheDocument();
    expect(within(link).getByText('Traffic')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/en/report/dashboard/saved');
  });

  it('hides reports for read-only users and labels in the closed pane', async () => {
    list(true, 'closed');
    const links = within(await screen.findByTestId('views-list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('data-view-id'))).not.toContain('r');
    expect(links[0]!.textContent).toBe('');
  });
});

describe('Tree view', () => {
  const node = (id: string, name: string, depth = 1, kind: FlatNode['kind'] = 'location'): FlatNode => ({
    id,
    name,
    parentId: depth ? 'g' : null,
    kind,
    referenceId: null,
    macAddress: null,
    locationGroup: id === 'a' ? 'Malls' : null,
    depth,
  });
  const nodes = [
    node('g', 'Demo Retail', 0, 'group'),
    node('a', 'Ottawa Rideau'),
    node('b', 'Montréal Centre'),
  ];
  const tags: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };

  it('searches after the 350 ms debounce, ignoring accents, and keeps the selection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSelection = vi.fn();
    renderPage(
      <TreeView
        nodes={nodes}
        selection={['a']}
        onSelection={onSelection}
        tags={tags}
        onTags={vi.fn()}
        pane="open"
      />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search locations' }), {
      target: { value: 'montre' },
    });
    expect(screen.getAllByRole('treeitem')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(screen.getAllByRole('treeitem').map((n) => n.textContent)).toEqual(['Montréal Centre']);
    expect(onSelection).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('selects one node, or several in multi-selection, and clears', async () => {
    const onSelection = vi.fn();
    renderPage(
      <TreeView
        nodes={nodes}
        selection={['a']}
        onSelection={onSelection}
        tags={tags}
        onTags={vi.fn()}
        pane="open"
      />,
    );
    await userEvent.click(await screen.findByText('Montréal Centre'));
    expect(onSelection).toHaveBeenLastCalledWith(['b']);
    await userEvent.click(screen.getByRole('switch', { name: 'Multiple selection' }));
    await userEvent.click(screen.getByText('Montréal Centre'));
    expect(onSelection).toHaveBeenLastCalledWith(['a', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the selection' }));
    expect(onSelection).toHaveBeenLastCalledWith([]);
  });

  it('filters locations by location group', async () => {
    renderPage(
      <TreeView
        nodes={nodes}
        selection={[]}
        onSelection={vi.fn()}
        tags={{ ...tags, locationGroup: ['Malls'] }}
        onTags={vi.fn()}
        pane="open"
      />,
    );
    const items = await screen.findAllByRole('treeitem');
    expect(items.map((n) => n.textContent)).toEqual(['Demo Retail', 'Ottawa Rideau']);
  });
});

describe('Period form', () => {
  const choice = (over: Partial<PeriodChoice['selectedTimePeriod']> = {}, bh = true): PeriodChoice => ({
    selectedTimePeriod: { value: 'today', ...over },
    isBusinessHoursOnlyMode: bh,
    applyTimePeriodToEachDay: false,
  });

  it('defaults to the current preset with business hours on, and applies a preset', async () => {
    const onApply = vi.fn();
    renderPage(<PeriodForm value={choice()} onApply={onApply} />);
    expect(await screen.findByRole('radio', { name: 'Today' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Business hours only' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      selectedTimePeriod: { value: 'last7d' },
      isBusinessHoursOnlyMode: true,
      applyTimePeriodToEachDay: false,
    });
  });

  it('shows custom_error and disables Apply when the end is not after the start', async () => {
    renderPage(
      <PeriodForm
        value={choice({ value: 'custom', dateFrom: '2026-03-02 10:00', dateTo: '2026-03-01 10:00' })}
        onApply={vi.fn()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The end must be later than the start.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('offers apply-to-each-day only for a custom range without business hours, with its time rule', async () => {
    const onApply = vi.fn();
    renderPage(
      <PeriodForm
        value={choice({ value: 'custom', dateFrom: '2026-03-01 18:00', dateTo: '2026-03-05 09:00' }, false)}
        onApply={onApply}
      />,
    );
    const eachDay = await screen.findByRole('switch', { name: 'Apply the period to each day' });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(eachDay);
    expect(screen.getByRole('alert')).toHaveTextContent('The end must be later than the start.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.click(eachDay);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      selectedTimePeriod: { value: 'custom', dateFrom: '2026-03-01 18:00', dateTo: '2026-03-05 09:00' },
      isBusinessHoursOnlyMode: false,
      applyTimePeriodToEachDay: false,
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Business hours only' }));
    expect(screen.queryByRole('switch', { name: 'Apply the period to each day' })).toBeNull();
  });
});
