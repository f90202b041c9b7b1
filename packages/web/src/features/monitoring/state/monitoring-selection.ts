import { useSyncExternalStore } from 'react';
import type { Tags } from '../../../components/tree-selector/tree-tags';

/**
 * The location tree selection of the monitoring layout: the side bar's tree (in the layout) sets it,
 * the tickets and incidents pages read it. Both live under the layout in different branches, so the
 * state sits in one small store. An empty selection means "everything in my scope".
 */
export interface MonitoringSelection {
  nodeIds: string[];
  tags: Tags;
}

const EMPTY_TAGS: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };
let state: MonitoringSelection = { nodeIds: [], tags: EMPTY_TAGS };
const listeners = new Set<() => void>();
function set(patch: Partial<MonitoringSelection>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const monitoringSelection = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  setNodeIds(nodeIds: string[]) {
    set({ nodeIds });
  },
  setTags(tags: Tags) {
    set({ tags });
  },
  reset() {
    set({ nodeIds: [], tags: EMPTY_TAGS });
  },
};

export function useMonitoringSelection(): MonitoringSelection {
  return useSyncExternalStore(
    monitoringSelection.subscribe,
    monitoringSelection.get,
    monitoringSelection.get,
  );
}
