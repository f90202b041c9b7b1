import { describe, expect, it } from 'vitest';
import type { FlatNode } from '../../../lib/tree-api';
import { MAX_PERFORMANCE_LOCATIONS, performanceLocations } from './performance-locations';

const node = (
  id: string,
  kind: FlatNode['kind'],
  parentId: string | null,
  locationGroup: string | null = null,
) =>
  ({
    id,
    name: id,
    kind,
    parentId,
    locationGroup,
    referenceId: null,
    macAddress: null,
    depth: 0,
  }) as FlatNode;

const TREE: FlatNode[] = [
  node('client', 'group', null),
  node('east', 'group', 'client'),
  node('toronto', 'location', 'east', 'Malls'),
  node('toronto-door', 'device', 'toronto'),
  node('ottawa', 'location', 'east', 'Streets'),
  node('west', 'group', 'client'),
  node('vancouver', 'location', 'west', 'malls'),
  node('vancouver-door', 'device', 'vancouver'),
];
const ids = (ns: FlatNode[]) => ns.map((n) => n.id);

describe('performanceLocations', () => {
  it('shows every location of the scope when nothing is selected', () => {
    expect(ids(performanceLocations(TREE, [], []))).toEqual(['toronto', 'ottawa', 'vancouver']);
  });

  it('expands a group to the locations beneath it, and a device to its location, once each', () => {
    expect(ids(performanceLocations(TREE, ['east'], []))).toEqual(['toronto', 'ottawa']);
    expect(ids(performanceLocations(TREE, ['vancouver-door', 'east', 'toronto'], []))).toEqual([
      'toronto',
      'ottawa',
      'vancouver',
    ]);
  });

  it('keeps the locations of the chosen location groups, whatever their case', () => {
    expect(ids(performanceLocations(TREE, [], ['MALLS']))).toEqual(['toronto', 'vancouver']);
    expect(ids(performanceLocations(TREE, ['east'], ['Malls']))).toEqual(['toronto']);
    expect(performanceLocations(TREE, ['west'], ['Streets'])).toEqual([]);
  });

  it('stops at the most one call answers', () => {
    const many = Array.from({ length: MAX_PERFORMANCE_LOCATIONS + 5 }, (_, i) =>
      node(`l${i}`, 'location', null),
    );
    expect(performanceLocations(many, [], [])).toHaveLength(MAX_PERFORMANCE_LOCATIONS);
  });
});
