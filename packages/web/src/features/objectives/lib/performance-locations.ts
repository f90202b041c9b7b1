import type { FlatNode } from '../../../lib/tree-api';

/** The most locations one performance call answers (PerformanceQuery's nodeIds). */
export const MAX_PERFORMANCE_LOCATIONS = 200;

/**
 * The locations the performance page shows for a tree selection: a location stands for itself, a
 * group for every location beneath it, a device for its location; nothing selected means every
 * location of the scope. `locationGroups` (the tag filter, case-insensitive) keeps the locations of
 * those groups. Tree order, each location once, at most MAX_PERFORMANCE_LOCATIONS.
 */
export function performanceLocations(
  nodes: readonly FlatNode[],
  selection: readonly string[],
  locationGroups: readonly string[],
): FlatNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chosen = new Set(selection);
  const wanted = new Set(locationGroups.map((g) => g.toLowerCase()));
  /** the node itself or one of its ancestors is selected */
  const selected = (n: FlatNode): boolean => {
    for (let at: FlatNode | undefined = n; at; at = at.parentId ? byId.get(at.parentId) : undefined)
      if (chosen.has(at.id)) return true;
    return false;
  };
  const deviceParents = new Set(
    nodes.filter((n) => n.kind === 'device' && chosen.has(n.id) && n.parentId).map((n) => n.parentId!),
  );
  return nodes
    .filter((n) => n.kind === 'location')
    .filter((n) => chosen.size === 0 || selected(n) || deviceParents.has(n.id))
    .filter((n) => wanted.size === 0 || (!!n.locationGroup && wanted.has(n.locationGroup.toLowerCase())))
    .slice(0, MAX_PERFORMANCE_LOCATIONS);
}
