import { useSyncExternalStore } from 'react';
import type { IncidentRule, IncidentScopeType, IncidentSeverity } from '@footfall/domain';

/**
 * The filters of the incidents screen. /monitoring/incidents and /monitoring/incidents/{ticketNumber}
 * are two routes of one screen: the filters live here so that opening a ticket keeps them.
 */
export interface IncidentFilterState {
  openOnly: boolean;
  scopeType: IncidentScopeType | '';
  rule: IncidentRule | '';
  severity: IncidentSeverity | '';
  clientGroupId: string;
  page: number;
}

const initial: IncidentFilterState = {
  openOnly: true,
  scopeType: '',
  rule: '',
  severity: '',
  clientGroupId: '',
  page: 1,
};
let state = initial;
const listeners = new Set<() => void>();

export const incidentFilters = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** a filter change goes back to page 1; a page change keeps the filters */
  set(patch: Partial<IncidentFilterState>) {
    state = { ...state, page: 1, ...patch };
    listeners.forEach((l) => l());
  },
  reset() {
    state = initial;
    listeners.forEach((l) => l());
  },
};

export const useIncidentFilters = () =>
  useSyncExternalStore(incidentFilters.subscribe, incidentFilters.get, incidentFilters.get);
