import { MOBILE_HEADER_HIDE_DELTA_PX } from '@footfall/domain';

/**
 * The mobile top bar hides on scroll down and comes back on scroll up, ignoring moves smaller
 * than 10 px. Returns the new visibility and the scroll position to compare the next move with.
 */
export function nextHeaderVisibility(
  state: { visible: boolean; lastTop: number },
  scrollTop: number,
): { visible: boolean; lastTop: number } {
  const delta = scrollTop - state.lastTop;
  if (Math.abs(delta) < MOBILE_HEADER_HIDE_DELTA_PX) return state;
  return { visible: delta < 0 || scrollTop <= 0, lastTop: scrollTop };
}
