import {
  nodeKindOf,
  treeSearchMatcher,
  type NodeAttributes,
  type NodeKind,
  type TreeNode,
} from '@footfall/domain';

/** One node of the settings tree, indexed: its place, its children and what its subtree holds. */
export interface IndexedNode {
  id: string;
  name: string;
  kind: NodeKind;
  parentId: string | null;
  referenceId: string | null;
  attributes: NodeAttributes;
  depth: number;
  childIds: string[];
  /** locations and devices in the subtree, the node itself excluded */
  locations: number;
  devices: number;
}

export interface TreeIndex {
  roots: string[];
  byId: Map<string, IndexedNode>;
}

/** Indexes the tree the API answers (children nested) in one pass, counting each subtree. */
export function indexTree(roots: readonly TreeNode[]): TreeIndex {
  const byId = new Map<string, IndexedNode>();
  const visit = (node: TreeNode, depth: number): IndexedNode => {
    const entry: IndexedNode = {
      id: node.id,
      name: node.name,
      kind: nodeKindOf(node.type),
      parentId: node.parentId,
      referenceId: node.referenceId,
      attributes: node.attributes ?? {},
      depth,
      childIds: [],
      locations: 0,
      devices: 0,
    };
    byId.set(node.id, entry);
    for (const child of node.children) {
      const c = visit(child, depth + 1);
      entry.childIds.push(c.id);
      entry.locations += c.locations + (c.kind === 'location' ? 1 : 0);
      entry.devices += c.devices + (c.kind === 'device' ? 1 : 0);
    }
    return entry;
  };
  return { roots: roots.map((r) => visit(r, 0).id), byId };
}

/** The names from the top of the caller's tree down to the node itself. */
export function pathOf(index: TreeIndex, id: string): string[] {
  const names: string[] = [];
  for (let n = index.byId.get(id); n; n = n.parentId ? index.byId.get(n.parentId) : undefined) {
    names.unshift(n.name);
  }
  return names;
}

/** Whether `inner` is `outer` or lies in its subtree (a move of `outer` under `inner` is a cycle). */
export function isWithin(index: TreeIndex, outer: string, inner: string): boolean {
  for (let n = index.byId.get(inner); n; n = n.parentId ? index.byId.get(n.parentId) : undefined) {
    if (n.id === outer) return true;
  }
  return false;
}

export interface TreeRow {
  node: IndexedNode;
  expanded: boolean;
  /** the node matches the search (false for the ancestors shown to place a match) */
  match: boolean;
}

/**
 * The rows the list shows, in tree order. Without a search (or one too short for the spec rules):
 * the roots and the children of every expanded node. With a search: every match and its ancestors,
 * all open, so each hit shows where it sits; a match's own children stay folded unless expanded.
 */
export function visibleRows(index: TreeIndex, expanded: ReadonlySet<string>, search: string): TreeRow[] {
  const match = treeSearchMatcher(search);
  const rows: TreeRow[] = [];
  if (!match) {
    const walk = (id: string) => {
      const node = index.byId.get(id)!;
      const open = expanded.has(id);
      rows.push({ node, expanded: open, match: false });
      if (open) node.childIds.forEach(walk);
    };
    index.roots.forEach(walk);
    return rows;
  }
  const matches = new Set<string>();
  const shown = new Set<string>();
  for (const node of index.byId.values()) {
    const mac = typeof node.attributes.macAddress === 'string' ? node.attributes.macAddress : null;
    if (!match({ name: node.name, referenceId: node.referenceId, macAddress: mac })) continue;
    matches.add(node.id);
    for (let n: IndexedNode | undefined = node; n && !shown.has(n.id);) {
      shown.add(n.id);
      n = n.parentId ? index.byId.get(n.parentId) : undefined;
    }
  }
  const walk = (id: string, underMatch: boolean) => {
    const node = index.byId.get(id)!;
    const isMatch = matches.has(id);
    const ancestorOfMatch = shown.has(id) && node.childIds.some((c) => shown.has(c));
    const open = ancestorOfMatch || expanded.has(id);
    rows.push({ node, expanded: open, match: isMatch });
    if (!open) return;
    for (const c of node.childIds) {
      if (shown.has(c) || (expanded.has(id) && (isMatch || underMatch))) walk(c, isMatch || underMatch);
    }
  };
  for (const r of index.roots) if (shown.has(r)) walk(r, false);
  return rows;
}

/** Every node that has children (for "expand all"). */
export const parentIds = (index: TreeIndex): string[] =>
  [...index.byId.values()].filter((n) => n.childIds.length > 0).map((n) => n.id);
