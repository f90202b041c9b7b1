import type { Principal } from '../roles.js';

type ScopeSubject = Pick<Principal, 'roles' | 'scopeNodeId'>;

/**
 * Tenancy (spec section 6): a user sees the subtree under their scope node. Only a superAdmin
 * without a scope node sees the whole tree; any other user without a scope node sees nothing.
 */
export const seesWholeTree = (p: ScopeSubject): boolean =>
  p.scopeNodeId === null && p.roles.includes('superAdmin');

/** A user without a scope node who is not a superAdmin: no node of the tree is theirs. */
export const seesNoTree = (p: ScopeSubject): boolean => p.scopeNodeId === null && !seesWholeTree(p);

/**
 * Whether a node is visible to the principal, given the node's chain of ancestors (the node itself
 * included, in any order; empty when the node does not exist). Outside answers 404 like absent.
 */
export function isNodeVisible(p: ScopeSubject, ancestorChain: readonly string[]): boolean {
  if (ancestorChain.length === 0) return false;
  if (p.scopeNodeId === null) return seesWholeTree(p);
  return ancestorChain.includes(p.scopeNodeId);
}

/**
 * Whether another user's scope is visible: a user with the whole tree (no scope node) only to a
 * principal who sees the whole tree; any other through `isNodeVisible` of their scope node.
 */
export const isScopeVisible = (
  p: ScopeSubject,
  targetScopeNodeId: string | null,
  scopeAncestorChain: readonly string[],
): boolean => (targetScopeNodeId === null ? seesWholeTree(p) : isNodeVisible(p, scopeAncestorChain));
