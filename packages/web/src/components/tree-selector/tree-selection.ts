/**
 * Tri-state selection of the organisational tree. A selection is a list of node ids, each standing
 * for its whole subtree (the aggregated query adds a node's subtree and counts a node inside another
 * requested node once). What a row shows follows from it:
 * - checked: the node or one of its ancestors is selected, or every child of the node is checked;
 * - indeterminate: something below the node is selected, but not all of it;
 * - unchecked: nothing of its subtree is selected.
 * Devices count as children of their location even while the tree hides them, so a location with
 * one door chosen shows partly checked.
 */
export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** What the computation needs of a node (FlatNode has it). */
export interface SelectableNode {
  id: string;
  parentId: string | null;
}

function childrenIndex(nodes: readonly SelectableNode[]) {
  const known = new Set(nodes.map((n) => n.id));
  const children = new Map<string, string[]>();
  for (const n of nodes) {
    if (n.parentId === null || !known.has(n.parentId)) continue;
    const list = children.get(n.parentId);
    if (list) list.push(n.id);
    else children.set(n.parentId, [n.id]);
  }
  return children;
}

/** Each node's check state for `selection` (one pass down the tree, one back up). */
export function checkStates(
  nodes: readonly SelectableNode[],
  selection: readonly string[],
): Map<string, CheckState> {
  const children = childrenIndex(nodes);
  const chosen = new Set(selection);
  const states = new Map<string, CheckState>();
  const visit = (id: string, covered: boolean): CheckState => {
    const self = covered || chosen.has(id);
    const kids = children.get(id) ?? [];
    const kidStates = kids.map((k) => visit(k, self));
    let state: CheckState;
    if (self) state = 'checked';
    else if (kids.length > 0 && kidStates.every((s) => s === 'checked')) state = 'checked';
    else if (kidStates.some((s) => s !== 'unchecked')) state = 'indeterminate';
    else state = 'unchecked';
    states.set(id, state);
    return state;
  };
  const known = new Set(nodes.map((n) => n.id));
  for (const n of nodes) if (n.parentId === null || !known.has(n.parentId)) visit(n.id, false);
  return states;
}

/**
 * The selection after a click on `id` in multiple selection. A checked node is taken out with all
 * of its subtree; when a selected ancestor covered it, that ancestor gives way to its other children
 * along the way down (the rest of its subtree stays chosen). An unchecked or partly checked node is
 * added in place of whatever below it was chosen. The order of the remaining ids is kept.
 */
export function toggleInSelection(
  nodes: readonly SelectableNode[],
  selection: readonly string[],
  id: string,
): string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = childrenIndex(nodes);
  const descendants = (root: string) => {
    const out = new Set<string>();
    const stack = [...(children.get(root) ?? [])];
    for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
      out.add(c);
      stack.push(...(children.get(c) ?? []));
    }
    return out;
  };
  const below = descendants(id);
  const state = checkStates(nodes, selection).get(id) ?? 'unchecked';
  if (state !== 'checked') return [...selection.filter((s) => !below.has(s)), id];

  // the path from the root down to the node; the highest selected node on it covers the node
  const path: string[] = [];
  for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) path.unshift(c.id);
  const chosen = new Set(selection);
  const top = path.findIndex((p) => chosen.has(p));
  const replaced = new Set(top >= 0 ? path.slice(top) : [id]);
  const kept = selection.filter((s) => !replaced.has(s) && !below.has(s));
  if (top < 0 || path[top] === id) return kept;
  // each node between the covering ancestor and the clicked node hands its other children over
  const handedOver: string[] = [];
  for (let i = top; i < path.length - 1; i++)
    for (const c of children.get(path[i]!) ?? []) if (c !== path[i + 1]) handedOver.push(c);
  return [...kept, ...handedOver.filter((c) => !kept.includes(c))];
}
