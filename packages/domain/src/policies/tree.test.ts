import { describe, expect, it } from 'vitest';
import { canEditTree, canManageWholeTree, canRestructureNode, childKindsOf } from './tree.js';

describe('tree policies', () => {
  it('only admin-kind users edit the tree', () => {
    expect(canEditTree({ roles: ['admin'], scopeNodeId: 'g1' })).toBe(true);
    expect(canEditTree({ roles: ['superAdmin'], scopeNodeId: null })).toBe(true);
    expect(canEditTree({ roles: ['User', 'deviceManagerAdmin'], scopeNodeId: 'g1' })).toBe(false);
  });
  it('an admin restructures nodes of their scope but not its root', () => {
    const admin = { roles: ['admin' as const], scopeNodeId: 'g1' };
    expect(canRestructureNode(admin, 'l1')).toBe(true);
    expect(canRestructureNode(admin, 'g1')).toBe(false);
    expect(canRestructureNode({ roles: ['User'], scopeNodeId: 'g1' }, 'l1')).toBe(false);
    expect(canRestructureNode({ roles: ['superAdmin'], scopeNodeId: null }, 'g1')).toBe(true);
  });
  it('only an unscoped superAdmin manages top-level groups and orphans', () => {
    expect(canManageWholeTree({ roles: ['superAdmin'], scopeNodeId: null })).toBe(true);
    expect(canManageWholeTree({ roles: ['superAdmin'], scopeNodeId: 'g1' })).toBe(false);
    expect(canManageWholeTree({ roles: ['admin'], scopeNodeId: null })).toBe(false);
  });
  it('groups hold groups and locations, locations hold devices, devices hold nothing', () => {
    expect(childKindsOf(null)).toEqual(['group']);
    expect(childKindsOf('group')).toEqual(['group', 'location']);
    expect(childKindsOf('location')).toEqual(['device']);
    expect(childKindsOf('device')).toEqual([]);
  });
});
