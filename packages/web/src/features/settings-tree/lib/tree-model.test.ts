import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@footfall/domain';
import { indexTree, isWithin, parentIds, pathOf, visibleRows } from './tree-model';

const node = (
  id: string,
  type: TreeNode['type'],
  children: TreeNode[] = [],
  extra: Partial<TreeNode> = {},
): TreeNode => ({
  id,
  parentId: null,
  referenceId: null,
  name: id,
  type,
  shareMeasurementsFrom: null,
  attributes: {},
  children: children.map((c) => ({ ...c, parentId: id })),
  ...extra,
});
const G = 'ClientNodeAttributes' as const;
const L = 'StoreNodeAttributes' as const;
const D = 'DeviceNodeAttributes' as const;

const tree = [
  node('Retail', G, [
    node('East', G, [
      node('Montréal Store', L, [node('Door 1', D, [], { attributes: { macAddress: 'AA:BB:CC:DD:EE:01' } })]),
      node('Ottawa Store', L, [node('Door 2', D), node('Door 3', D, [], { referenceId: 'SN-42' })]),
    ]),
    node('West', G, [node('Vancouver Store', L)]),
  ]),
];
const index = indexTree(tree);
const names = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => r.node.name);

describe('settings tree model', () => {
  it('counts the locations and devices of each subtree and knows depth and path', () => {
    const retail = index.byId.get('Retail')!;
    expect([retail.locations, retail.devices]).toEqual([3, 3]);
    expect([index.byId.get('East')!.locations, index.byId.get('East')!.devices]).toEqual([2, 3]);
    expect([index.byId.get('Ottawa Store')!.locations, index.byId.get('Ottawa Store')!.devices]).toEqual([
      0, 2,
    ]);
    expect(index.byId.get('Door 2')!.depth).toBe(3);
    expect(pathOf(index, 'Door 2')).toEqual(['Retail', 'East', 'Ottawa Store', 'Door 2']);
    expect(parentIds(index).sort()).toEqual(['East', 'Montréal Store', 'Ottawa Store', 'Retail', 'West']);
  });

  it('shows roots and the children of expanded nodes only', () => {
    expect(names(visibleRows(index, new Set(), ''))).toEqual(['Retail']);
    expect(names(visibleRows(index, new Set(['Retail', 'West']), ''))).toEqual([
      'Retail',
      'East',
      'West',
      'Vancouver Store',
    ]);
  });

  it('a search shows each match with its ancestors open, ignoring accents, and MAC and reference ids', () => {
    const rows = visibleRows(index, new Set(), 'montreal');
    expect(names(rows)).toEqual(['Retail', 'East', 'Montréal Store']);
    expect(rows.map((r) => r.match)).toEqual([false, false, true]);
    expect(names(visibleRows(index, new Set(), 'aa:bb:cc'))).toEqual([
      'Retail',
      'East',
      'Montréal Store',
      'Door 1',
    ]);
    expect(names(visibleRows(index, new Set(), 'sn-42'))).toEqual([
      'Retail',
      'East',
      'Ottawa Store',
      'Door 3',
    ]);
    // under three characters the search does not apply: the plain tree
    expect(names(visibleRows(index, new Set(), 'mo'))).toEqual(['Retail']);
    expect(visibleRows(index, new Set(), 'nowhere')).toEqual([]);
  });

  it('an expanded match shows its children during a search', () => {
    expect(names(visibleRows(index, new Set(['Ottawa Store']), 'ottawa'))).toEqual([
      'Retail',
      'East',
      'Ottawa Store',
      'Door 2',
      'Door 3',
    ]);
  });

  it('knows when a move would create a cycle', () => {
    expect(isWithin(index, 'East', 'Door 1')).toBe(true);
    expect(isWithin(index, 'East', 'East')).toBe(true);
    expect(isWithin(index, 'East', 'West')).toBe(false);
  });
});
