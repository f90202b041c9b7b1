import {
  ALLOWED_PARENT,
  NODE_TYPE_NAMES,
  TREE_ERRORS,
  canRestructureNode,
  isAdminKind,
  seesWholeTree,
  nodeKindOf,
  searchTree,
  type CreateNodeBody,
  type NodeAttributes,
  type NodeKind,
  type NodeSummary,
  type Principal,
  type Role,
  type TreeNode,
  type TreeSearchHit,
  type UpdateNodeBody,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from './scope.service.js';
import {
  countNodes,
  deleteNode,
  findNode,
  insertNode,
  makeOrphans,
  orphanRows,
  rootIds,
  rootRows,
  setParent,
  subtreeRows,
  updateNode,
  type NodeRow,
} from './tree.repository.js';

/** How the tree service learns another user's scope (GET tree with `userId`); from the users feature. */
export interface UserScopeLookup {
  scopeOf(userId: string): Promise<{ scopeNodeId: string | null; roles: readonly Role[] } | null>;
}

const MAX_SEARCH_HITS = 200;

/** 400 on `parentId` with a code the web translates (TREE_ERRORS), the English text beside it. */
const placementError = (code: string, message: string) => new AppError(400, code, message, 'parentId');
/** 403: an admin may not delete, move or orphan the root of their own scope (they would lose it). */
const ownScopeRoot = (action: string) =>
  new AppError(403, TREE_ERRORS.ownScopeRoot, `You cannot ${action} the root of your own scope`);

const summary = (row: NodeRow): NodeSummary => ({
  id: row.id,
  parentId: row.parent_id,
  referenceId: row.reference_id,
  name: row.name,
  type: NODE_TYPE_NAMES[row.type],
  attributes: row.attributes ?? {},
  shareMeasurementsFrom: row.share_measurements_from,
});

/** Rows (parents first) into nested nodes; rows whose parent is not in the set become roots. */
function nest(rows: readonly NodeRow[], roots: readonly string[], withAttributes: boolean): TreeNode[] {
  const byId = new Map<string, TreeNode>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      parentId: row.parent_id,
      referenceId: row.reference_id,
      name: row.name,
      type: NODE_TYPE_NAMES[row.type],
      ...(withAttributes ? { attributes: row.attributes ?? {} } : {}),
      shareMeasurementsFrom: row.share_measurements_from,
      children: [],
    });
  }
  for (const row of rows) {
    if (roots.includes(row.id) || !row.parent_id) continue;
    byId.get(row.parent_id)?.children.push(byId.get(row.id)!);
  }
  return roots.map((id) => byId.get(id)).filter((n): n is TreeNode => n !== undefined);
}

export function createTreeService(deps: {
  db: Db;
  scope: ScopeService;
  eventLog: EventLogService;
  users: UserScopeLookup;
}) {
  const { db, scope, eventLog } = deps;

  /** The roots a viewer sees: every top-level group for an unscoped superAdmin, else their scope node. */
  async function viewRoots(viewer: { scopeNodeId: string | null; roles: readonly Role[] }) {
    if (viewer.scopeNodeId === null) return seesWholeTree(viewer) ? rootIds(db) : [];
    return [viewer.scopeNodeId];
  }

  /** Loads a node the principal may see; 404 for anything else (unknown, malformed, outside scope). */
  async function loadVisible(principal: Principal, id: string, what = 'Node'): Promise<NodeRow> {
    await scope.assertInScope(principal, id, what);
    const row = await findNode(db, id);
    if (!row) throw notFound(what);
    return row;
  }

  function checkPlacement(kind: NodeKind, parent: NodeRow | null) {
    if (parent === null) {
      if (kind !== 'group')
        throw placementError(TREE_ERRORS.topLevel, 'Only a client group may be at the top of the tree');
      return;
    }
    if (!ALLOWED_PARENT[kind].includes(parent.type)) {
      throw placementError(
        TREE_ERRORS.parentType,
        `A ${NODE_TYPE_NAMES[kind]} cannot be placed under a ${NODE_TYPE_NAMES[parent.type]}`,
      );
    }
  }

  return {
    /** True while the tree has no node at all (a fresh database). */
    async isEmpty(): Promise<boolean> {
      return (await countNodes(db)) === 0;
    },

    /**
     * Creates a node on behalf of the system (demo data, imports): the same placement and attribute
     * rules as `create`, logged with the system as requester.
     */
    async createAsSystem(input: {
      parentId: string | null;
      kind: NodeKind;
      name: string;
      referenceId?: string | null;
      attributes?: NodeAttributes;
    }): Promise<NodeSummary> {
      const parent = input.parentId === null ? null : ((await findNode(db, input.parentId)) ?? null);
      if (input.parentId !== null && parent === null) throw notFound('Parent node');
      checkPlacement(input.kind, parent);
      const row = await eventLog.withAudit(async (tx) => {
        const row = await insertNode(db, {
          parentId: input.parentId,
          type: input.kind,
          name: input.name,
          referenceId: input.referenceId ?? null,
          attributes: input.attributes ?? {},
          shareMeasurementsFrom: null,
        });
        await eventLog.record(tx, null, 'OrganizationalTree.Create', row.id, {
          name: row.name,
          type: NODE_TYPE_NAMES[input.kind],
          parentId: row.parent_id,
        });
        return row;
      });
      return summary(row);
    },

    /** Top-level client groups with these names and their subtrees, with attributes (system use). */
    async rootsNamed(names: readonly string[]): Promise<TreeNode[]> {
      const roots = (await rootRows(db)).filter((r) => names.includes(r.name)).map((r) => r.id);
      return nest(await subtreeRows(db, roots), roots, true);
    },

    /**
     * The tree under the caller's scope, or (admin-kind, `userId`) as another user within the
     * caller's scope sees it.
     */
    async tree(principal: Principal, opts: { userId?: string | undefined; withAttributes: boolean }) {
      let viewer: { scopeNodeId: string | null; roles: readonly Role[] } = principal;
      if (opts.userId !== undefined && opts.userId !== principal.userId) {
        if (!isAdminKind(principal)) throw forbidden('Only an admin may view the tree of another user');
        const other = /^[0-9a-f-]{36}$/i.test(opts.userId) ? await deps.users.scopeOf(opts.userId) : null;
        if (!other) throw notFound('User');
        const visible = await scope.isScopeVisible(principal, other.scopeNodeId);
        if (!visible) throw notFound('User');
        viewer = other;
      }
      const roots = await viewRoots(viewer);
      return nest(await subtreeRows(db, roots), roots, opts.withAttributes);
    },

    async node(principal: Principal, id: string): Promise<NodeSummary> {
      return summary(await loadVisible(principal, id));
    },

    async attributes(principal: Principal, id: string): Promise<NodeAttributes> {
      return (await loadVisible(principal, id)).attributes ?? {};
    },

    async create(principal: Principal, input: CreateNodeBody): Promise<NodeSummary> {
      const kind = nodeKindOf(input.type);
      let parent: NodeRow | null = null;
      if (input.parentId === null) {
        if (!seesWholeTree(principal)) {
          throw forbidden('Only a superAdmin with the whole tree creates top-level client groups');
        }
      } else {
        parent = await loadVisible(principal, input.parentId, 'Parent node');
      }
      checkPlacement(kind, parent);
      let shared: string | null = null;
      if (input.shareMeasurementsFrom) {
        const source = await loadVisible(principal, input.shareMeasurementsFrom, 'Node to share from');
        if (source.type !== kind) {
          throw badRequest(
            'Measurements can be shared only between nodes of one type',
            'shareMeasurementsFrom',
          );
        }
        shared = source.id;
      }
      const row = await eventLog.withAudit(async (tx) => {
        const row = await insertNode(db, {
          parentId: parent?.id ?? null,
          type: kind,
          name: input.name,
          referenceId: input.referenceId ?? null,
          attributes: input.attributes ?? {},
          shareMeasurementsFrom: shared,
        });
        await eventLog.record(tx, principal, 'OrganizationalTree.Create', row.id, {
          name: row.name,
          type: NODE_TYPE_NAMES[kind],
          parentId: row.parent_id,
        });
        return row;
      });
      return summary(row);
    },

    async update(principal: Principal, id: string, input: UpdateNodeBody): Promise<NodeSummary> {
      const before = await loadVisible(principal, id);
      const row = await eventLog.withAudit(async (tx) => {
        const row = await updateNode(db, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.referenceId !== undefined ? { referenceId: input.referenceId } : {}),
          ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        });
        if (!row) throw notFound('Node');
        await eventLog.record(tx, principal, 'OrganizationalTree.Update', id, {
          name: row.name,
          ...(input.name !== undefined && input.name !== before.name ? { previousName: before.name } : {}),
          changed: Object.keys(input).filter((k) => input[k as keyof UpdateNodeBody] !== undefined),
        });
        return row;
      });
      return summary(row);
    },

    /**
     * Deletes one node. Its children are kept and become orphans (a superAdmin finds them under
     * GET orphans and moves them back); users scoped to the node lose their scope.
     */
    async remove(principal: Principal, id: string): Promise<{ orphaned: string[] }> {
      const row = await loadVisible(principal, id);
      if (!canRestructureNode(principal, row.id)) throw ownScopeRoot('delete');
      const orphaned = await eventLog.withAudit(async (tx) => {
        const orphaned = await deleteNode(db, id);
        if (orphaned === null) throw notFound('Node');
        await eventLog.record(tx, principal, 'OrganizationalTree.Delete', id, {
          name: row.name,
          type: NODE_TYPE_NAMES[row.type],
          orphanedChildren: orphaned,
        });
        return orphaned;
      });
      return { orphaned };
    },

    /** Moves a node (with its subtree) under another parent; both must be in scope; no cycles. */
    async move(principal: Principal, nodeId: string, parentId: string): Promise<NodeSummary> {
      const node = await loadVisible(principal, nodeId);
      const parent = await loadVisible(principal, parentId, 'Parent node');
      if (!canRestructureNode(principal, node.id)) throw ownScopeRoot('move');
      if (await scope.contains(node.id, parent.id)) {
        throw placementError(
          TREE_ERRORS.cycle,
          'A node cannot be moved under itself or one of its descendants',
        );
      }
      checkPlacement(node.type, parent);
      await eventLog.withAudit(async (tx) => {
        await setParent(db, node.id, parent.id);
        await eventLog.record(tx, principal, 'OrganizationalTree.Move', node.id, {
          name: node.name,
          fromParentId: node.parent_id,
          toParentId: parent.id,
        });
      });
      return summary((await findNode(db, node.id))!);
    },

    /** Orphans: nodes whose parent was deleted or that were sent to the orphans. Unscoped superAdmin only. */
    async orphans(principal: Principal): Promise<NodeSummary[]> {
      if (!seesWholeTree(principal)) return [];
      return (await orphanRows(db)).map(summary);
    },

    async toOrphans(principal: Principal, nodeIds: readonly string[]): Promise<{ orphaned: string[] }> {
      const ids = [...new Set(nodeIds)];
      for (const id of ids) {
        await scope.assertInScope(principal, id);
        if (!canRestructureNode(principal, id)) throw ownScopeRoot('orphan');
      }
      const orphaned = await eventLog.withAudit(async (tx) => {
        const orphaned = await makeOrphans(db, ids);
        await eventLog.record(tx, principal, 'OrganizationalTree.ToOrphans', orphaned.join(','), {
          nodeIds: orphaned,
        });
        return orphaned;
      });
      return { orphaned };
    },

    /** Tree search (domain rule) over the caller's subtree only. */
    async search(principal: Principal, text: string): Promise<TreeSearchHit[]> {
      const roots = await viewRoots(principal);
      const rows = await subtreeRows(db, roots);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const searchable = rows.map((r) => ({
        row: r,
        name: r.name,
        referenceId: r.reference_id,
        macAddress: typeof r.attributes?.macAddress === 'string' ? r.attributes.macAddress : null,
      }));
      return searchTree(searchable, text)
        .slice(0, MAX_SEARCH_HITS)
        .map(({ row, macAddress }) => {
          const path: string[] = [];
          for (let p = row.parent_id ? byId.get(row.parent_id) : undefined; p;) {
            path.unshift(p.name);
            p = roots.includes(p.id) || !p.parent_id ? undefined : byId.get(p.parent_id);
          }
          return {
            id: row.id,
            parentId: row.parent_id,
            name: row.name,
            type: NODE_TYPE_NAMES[row.type],
            referenceId: row.reference_id,
            macAddress,
            path,
          };
        });
    },
  };
}

export type TreeService = ReturnType<typeof createTreeService>;
