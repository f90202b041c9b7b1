import { useSyncExternalStore } from 'react';
import {
  linkState,
  nextLinkFlags,
  nextLoadingCount,
  type DashboardJson,
  type LinkEvent,
  type LinkFlags,
  type Widget,
} from '@footfall/domain';
type Tags = DashboardJson['tags'];

/**
 * The open dashboard, shared by the left pane (tree selection, Apply) and the page (grid, period).
 * Both live under the layout, in different branches, so the state sits in one small store.
 */
export interface DashboardState {
  id: string | null;
  name: string;
  /** the working copy the grid shows */
  json: DashboardJson | null;
  linkedTemplateName: string | null;
  link: LinkFlags;
  editMode: boolean;
  dirty: boolean;
  /** series requests in flight; never below zero (spec section 4) */
  loading: number;
  /** the tree selection and tags picked in the pane, not applied yet */
  pendingSelection: string[];
  pendingTags: Tags;
  /** bumped by the refresh timer and by Apply */
  refreshTick: number;
}

const EMPTY_TAGS: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };
const initial: DashboardState = {
  id: null,
  name: '',
  json: null,
  linkedTemplateName: null,
  link: { local: false, remote: false },
  editMode: false,
  dirty: false,
  loading: 0,
  pendingSelection: [],
  pendingTags: EMPTY_TAGS,
  refreshTick: 0,
};

let state: DashboardState = initial;
const listeners = new Set<() => void>();
function set(patch: Partial<DashboardState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const dashboardStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  reset() {
    set(initial);
  },
  open(id: string, name: string, json: DashboardJson, linkedTemplateName: string | null) {
    set({
      ...initial,
      loading: state.loading,
      refreshTick: state.refreshTick,
      id,
      name,
      json,
      linkedTemplateName,
      link: { local: false, remote: linkedTemplateName != null },
      pendingSelection: json.fullTreeViewSelection,
      pendingTags: json.tags,
    });
  },
  setJson(json: DashboardJson, dirty = true) {
    set({ json, dirty: state.dirty || dirty });
  },
  /** add, move, resize, remove or configure: breaks the local template link */
  editWidgets(widgets: Widget[]) {
    if (!state.json) return;
    set({
      json: { ...state.json, widgets },
      dirty: true,
      link: nextLinkFlags(state.link, 'edit_widget'),
    });
  },
  linkEvent(event: LinkEvent, linkedTemplateName?: string | null) {
    set({
      link: nextLinkFlags(state.link, event),
      ...(linkedTemplateName !== undefined ? { linkedTemplateName } : {}),
    });
  },
  setName(name: string) {
    set({ name, dirty: true });
  },
  setEditMode(editMode: boolean) {
    set({ editMode });
  },
  saved(name: string, json: DashboardJson) {
    const link = nextLinkFlags(state.link, 'save');
    set({
      name,
      json,
      dirty: false,
      link,
      linkedTemplateName: link.remote ? state.linkedTemplateName : null,
    });
  },
  setPendingSelection(pendingSelection: string[]) {
    set({ pendingSelection });
  },
  setPendingTags(pendingTags: Tags) {
    set({ pendingTags });
  },
  /** Apply of the pane: the picked selection and tags become the dashboard's */
  applyFilters() {
    if (!state.json) return;
    set({
      json: { ...state.json, fullTreeViewSelection: state.pendingSelection, tags: state.pendingTags },
      dirty: true,
      refreshTick: state.refreshTick + 1,
    });
  },
  loadingDelta(delta: 1 | -1) {
    set({ loading: nextLoadingCount(state.loading, delta) });
  },
  refresh() {
    set({ refreshTick: state.refreshTick + 1 });
  },
};

export function useDashboardState<T>(select: (s: DashboardState) => T): T {
  return useSyncExternalStore(
    dashboardStore.subscribe,
    () => select(state),
    () => select(state),
  );
}

export const currentLinkState = () => linkState(state.link);
