import { useCallback, useState } from 'react';
import { nextLoadingCount } from '@footfall/domain';

/**
 * The incident loading counter (spec 4 "Configurations"): raised before each incidents fetch and
 * lowered after it, never below zero; the screen shows a progress bar while it is above zero.
 */
export function useLoadingCounter() {
  const [count, setCount] = useState(0);
  const delta = useCallback((d: 1 | -1) => setCount((c) => nextLoadingCount(c, d)), []);
  return { count, delta };
}
