import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render';
import type { FlatNode } from '../../lib/tree-api';
import type { Tags } from './tree-tags';
import { TreeView } from './tree-view';

const node = (id: string, name: string, parentId: string | null, kind: FlatNode['kind']): FlatNode => ({
  id,
  name,
  parentId,
  kind,
  referenceId: null,
  macAddress: null,
  locationGroup: null,
  depth: parentId === null ? 0 : kind === 'device' ? 2 : 1,
});
const nodes = [
  node('g', 'Demo Retail', null, 'group'),
  node('a', 'Ottawa Rideau', 'g', 'location'),
  node('d1', 'Main door', 'a', 'device'),
  node('d2', 'Side door', 'a', 'device'),
  node('b', 'Montréal Centre', 'g', 'location'),
];
const tags: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };
const row = (name: string) => screen.getByRole('treeitem', { name });

function renderTree(selection: string[], extra: { deviceToggle?: boolean; allowMultiple?: boolean } = {}) {
  const onSelection = vi.fn();
  renderPage(
    <TreeView
      nodes={nodes}
      selection={selection}
      onSelection={onSelection}
      tags={tags}
      onTags={vi.fn()}
      pane="open"
      {...extra}
    />,
  );
  return onSelection;
}

describe('Tree view selection modes', () => {
  it('shows radio buttons in single selection, and no tri-state', async () => {
    renderTree(['a']);
    await screen.findByRole('treeitem', { name: 'Ottawa Rideau' });
    expect(screen.getByRole('switch', { name: 'Multiple selection' })).not.toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(row('Ottawa Rideau')).not.toHaveAttribute('aria-checked');
    expect(screen.queryByTestId('tree-selection-count')).toBeNull();
  });

  it('starts in multiple selection for several ids, with a partly checked parent and the count', async () => {
    const onSelection = renderTree(['a', 'x-outside']);
    await screen.findByRole('treeitem', { name: 'Demo Retail' });
    expect(screen.getByRole('switch', { name: 'Multiple selection' })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(row('Demo Retail')).toHaveAttribute('aria-checked', 'mixed');
    expect(row('Ottawa Rideau')).toHaveAttribute('aria-checked', 'true');
    expect(row('Montréal Centre')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('tree-selection-count')).toHaveTextContent('2 selected');
    // the partly checked group, clicked, takes the place of the location under it
    await userEvent.click(screen.getByText('Demo Retail'));
    expect(onSelection).toHaveBeenLastCalledWith(['x-outside', 'g']);
  });

  it('lists devices only when "Show devices" is on', async () => {
    const onSelection = renderTree(['b'], { deviceToggle: true });
    await screen.findByRole('treeitem', { name: 'Ottawa Rideau' });
    expect(screen.queryByRole('treeitem', { name: 'Main door' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Show devices' }));
    expect(row('Main door')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Side door'));
    expect(onSelection).toHaveBeenLastCalledWith(['d2']);
  });

  it('offers neither switch when the screen does not ask for them', async () => {
    renderTree(['a', 'b'], { allowMultiple: false });
    await screen.findByRole('treeitem', { name: 'Ottawa Rideau' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });
});
