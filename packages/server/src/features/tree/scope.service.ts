import { isNodeVisible, isScopeVisible, seesWholeTree, type Principal } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/errors.js';
import { ancestorIds, subtreeIds } from './tree.repository.js';

/**
 * Tenancy: a user sees only the subtree under their scope node. A superAdmin without a scope node
 * sees the whole tree. Anything outside answers 404, exactly like something that does not exist.
 */
export function createScopeService(db: Db) {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return {
    /** null = unrestricted (whole tree) */
    async visibleNodeIds(principal: Principal): Promise<Set<string> | null> {
      if (principal.scopeNodeId === null) return seesWholeTree(principal) ? null : new Set();
      return new Set(await subtreeIds(db, principal.scopeNodeId));
    },
    async isInScope(principal: Principal, nodeId: string): Promise<boolean> {
      if (!UUID.test(nodeId)) return false;
      const chain = await ancestorIds(db, nodeId);
      return isNodeVisible(principal, chain);
    },
    /** Whether a user with this scope is visible: a whole-tree (null) scope only to a whole-tree viewer. */
    async isScopeVisible(principal: Principal, scopeNodeId: string | null): Promise<boolean> {
      const chain = scopeNodeId !== null && UUID.test(scopeNodeId) ? await ancestorIds(db, scopeNodeId) : [];
      return isScopeVisible(principal, scopeNodeId, chain);
    },
    async assertInScope(principal: Principal, nodeId: string, what = 'Node'): Promise<void> {
      if (!(await this.isInScope(principal, nodeId))) throw notFound(what);
    },
    /** true when `inner` lies in the subtree of `outer` (or is it) */
    async contains(outerNodeId: string | null, innerNodeId: string): Promise<boolean> {
      if (outerNodeId === null) return true;
      return (await ancestorIds(db, innerNodeId)).includes(outerNodeId);
    },
  };
}
export type ScopeService = ReturnType<typeof createScopeService>;
