import { LABEL_CUTS } from '../constants.js';

/** An item of the Views list of the left pane (spec sections 2 and 3). */
export interface ViewItem {
  id: string;
  name: string;
  kind: 'dashboard' | 'report';
  defaultDashboard: boolean;
  defaultMobileDashboard: boolean;
  isReadOnly: boolean;
  linkedTemplateName: string | null;
  /** true when the dashboard's fullTreeViewSelection is empty */
  emptySelection?: boolean;
  /** reports: the title they were saved under; null for dashboards */
  customTitle?: string | null;
  /** reports: the report's own title; null for dashboards */
  defaultTitle?: string | null;
}

/** The label of a view in the Views list: a saved report's custom title, else its name. */
export const viewLabel = (v: Pick<ViewItem, 'name' | 'customTitle'>) => v.customTitle ?? v.name;

/**
 * Views shown in the pane: reports are hidden when dashboards are read-only; read-only dashboards
 * with an empty selection are hidden unless they are the default. Ordered by name, with the default
 * dashboard first and the default mobile dashboard next.
 */
export function orderViews<T extends ViewItem>(views: readonly T[], opts: { readOnly: boolean }): T[] {
  const visible = views.filter((v) => {
    if (v.kind === 'report') return !opts.readOnly;
    if (v.isReadOnly && v.emptySelection && !v.defaultDashboard) return false;
    return true;
  });
  const rank = (v: T) => (v.defaultDashboard ? 0 : v.defaultMobileDashboard ? 1 : 2);
  return [...visible].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      viewLabel(a).localeCompare(viewLabel(b), undefined, { sensitivity: 'base' }) ||
      a.id.localeCompare(b.id),
  );
}

/** Cuts a label to `max` characters, the last one being an ellipsis. */
export function ellipsis(label: string, max: number): string {
  const chars = Array.from(label);
  if (chars.length <= max) return label;
  return chars.slice(0, Math.max(0, max - 1)).join('') + '…';
}

export type PaneState = 'open' | 'semiClosed' | 'closed';

/** Views are cut at 100; node labels at 35 in the semi-closed pane and 15 in the closed one. */
export function labelCut(kind: 'view' | 'node', pane: PaneState): number | null {
  if (kind === 'view') return LABEL_CUTS.views;
  if (pane === 'semiClosed') return LABEL_CUTS.semiClosed;
  if (pane === 'closed') return LABEL_CUTS.closed;
  return null;
}

/**
 * The pane state on load, from local storage: a stored semi-closed or empty (or unknown) value becomes
 * open; report mode keeps whatever the state currently is.
 */
export function restorePaneState(stored: string | null | undefined, reportMode: boolean, current: PaneState) {
  if (reportMode) return current;
  return stored === 'closed' ? 'closed' : 'open';
}
