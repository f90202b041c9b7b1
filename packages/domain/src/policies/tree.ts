import { ALLOWED_PARENT, NODE_KINDS, type NodeKind } from '../contracts/tree.js';
import type { Principal } from '../roles.js';
import { isAdminKind } from './role-groups.js';
import { seesWholeTree } from './scope.js';

type TreeSubject = Pick<Principal, 'roles' | 'scopeNodeId'>;

/**
 * Who may change the organisational tree (spec section 6: settings tree for admin-kind users), for
 * the server's tree service and the web's tree screen alike.
 */
export const canEditTree = (p: TreeSubject): boolean => isAdminKind(p);

/**
 * Whether the principal may delete, move or send to the orphans this node: an admin-kind user, but
 * never on the root of their own scope (they would lose their scope with it).
 */
export const canRestructureNode = (p: TreeSubject, nodeId: string): boolean =>
  canEditTree(p) && nodeId !== p.scopeNodeId;

/** Top-level client groups and the orphans belong to a superAdmin who sees the whole tree. */
export const canManageWholeTree = (p: TreeSubject): boolean => canEditTree(p) && seesWholeTree(p);

/** The kinds of node that may hang under a parent of this kind (null: the top of the tree). */
export const childKindsOf = (parent: NodeKind | null): NodeKind[] =>
  parent === null ? ['group'] : NODE_KINDS.filter((kind) => ALLOWED_PARENT[kind].includes(parent));
