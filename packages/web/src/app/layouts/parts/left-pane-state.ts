import { PANE_SIZES } from '@footfall/domain';

/** Desktop left pane (spec "Desktop left pane", "Left pane"): open 400, semi-closed 200, closed 80. */
export type PaneState = 'open' | 'semiClosed' | 'closed';
const KEY = 'footfall.left-pane';

export const paneWidth = (s: PaneState) => PANE_SIZES[s];

/** A stored semi-closed or empty value becomes open on load; closed is kept. */
export function initialPaneState(stored: string | null): PaneState {
  return stored === 'closed' ? 'closed' : 'open';
}

export function loadPaneState(): PaneState {
  try {
    return initialPaneState(localStorage.getItem(KEY));
  } catch {
    return 'open';
  }
}

export function savePaneState(s: PaneState) {
  try {
    localStorage.setItem(KEY, s);
  } catch {
    /* storage disabled */
  }
}

/** The toggle cycles open -> semi-closed -> closed -> open. */
export const nextPaneState = (s: PaneState): PaneState =>
  s === 'open' ? 'semiClosed' : s === 'semiClosed' ? 'closed' : 'open';
