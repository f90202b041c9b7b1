import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLES, type Role } from '../roles.js';
import { isNodeVisible, isScopeVisible, seesNoTree, seesWholeTree } from './scope.js';

const roles = fc.uniqueArray(fc.constantFrom<Role>(...ROLES), { maxLength: ROLES.length });
const id = fc.constantFrom('g1', 'g2', 'r1', 'r2', 'l1', 'l2', 'd1');
const principal = fc.record({ roles, scopeNodeId: fc.option(id, { nil: null }) });
/** a node's chain of ancestors, itself included; empty for a node that does not exist */
const chain = fc.uniqueArray(id, { maxLength: 5 });

describe('seesWholeTree / seesNoTree', () => {
  it('only an unscoped superAdmin sees the whole tree', () => {
    expect(seesWholeTree({ roles: ['superAdmin'], scopeNodeId: null })).toBe(true);
    expect(seesWholeTree({ roles: ['superAdmin'], scopeNodeId: 'g1' })).toBe(false);
    expect(seesWholeTree({ roles: ['admin'], scopeNodeId: null })).toBe(false);
    expect(seesNoTree({ roles: ['admin'], scopeNodeId: null })).toBe(true);
    expect(seesNoTree({ roles: ['superAdmin'], scopeNodeId: null })).toBe(false);
    expect(seesNoTree({ roles: ['User'], scopeNodeId: 'g1' })).toBe(false);
  });
  it('a principal sees the whole tree, nothing, or a subtree: exactly one of the three', () => {
    fc.assert(
      fc.property(principal, (p) => {
        const subtree = p.scopeNodeId !== null;
        expect([seesWholeTree(p), seesNoTree(p), subtree].filter(Boolean)).toHaveLength(1);
      }),
    );
  });
});

describe('isNodeVisible', () => {
  it('is the tenancy rule: an existing node under the scope node, or anything for the whole tree', () => {
    fc.assert(
      fc.property(principal, chain, (p, c) => {
        const expected =
          c.length > 0 &&
          (p.scopeNodeId === null ? p.roles.includes('superAdmin') : c.includes(p.scopeNodeId));
        expect(isNodeVisible(p, c)).toBe(expected);
      }),
    );
  });
  it('never shows a node that does not exist, and nothing to a user without scope', () => {
    fc.assert(
      fc.property(principal, (p) => {
        expect(isNodeVisible(p, [])).toBe(false);
      }),
    );
    fc.assert(
      fc.property(roles, chain, (r, c) => {
        if (!r.includes('superAdmin')) expect(isNodeVisible({ roles: r, scopeNodeId: null }, c)).toBe(false);
      }),
    );
  });
  it('shows a node above the scope to nobody but the whole-tree viewer', () => {
    const p = { roles: ['admin'] as Role[], scopeNodeId: 'r1' };
    expect(isNodeVisible(p, ['l1', 'r1', 'g1'])).toBe(true);
    expect(isNodeVisible(p, ['g1'])).toBe(false);
    expect(isNodeVisible(p, ['l2', 'r2', 'g1'])).toBe(false);
  });
});

describe('isScopeVisible', () => {
  it('a whole-tree user is visible only to a whole-tree viewer; others by their scope node', () => {
    fc.assert(
      fc.property(principal, fc.option(id, { nil: null }), chain, (p, target, c) => {
        const expected = target === null ? seesWholeTree(p) : isNodeVisible(p, c);
        expect(isScopeVisible(p, target, c)).toBe(expected);
      }),
    );
    expect(isScopeVisible({ roles: ['superAdmin'], scopeNodeId: 'g1' }, null, [])).toBe(false);
    expect(isScopeVisible({ roles: ['superAdmin'], scopeNodeId: null }, null, [])).toBe(true);
  });
});
