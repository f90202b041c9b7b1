import { useEffect } from 'react';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Calls `onIdle` after `minutes` without keyboard, mouse, touch or scroll activity; 0 disables it.
 * Activity only records a time stamp; the single timer re-arms itself for the time that is left.
 */
export function useIdleTimeout(minutes: number, onIdle: () => void) {
  useEffect(() => {
    if (!minutes || minutes <= 0) return;
    const limit = minutes * 60_000;
    let last = Date.now();
    let timer = 0;
    const check = () => {
      const idle = Date.now() - last;
      if (idle >= limit) onIdle();
      else timer = window.setTimeout(check, limit - idle);
    };
    const touch = () => {
      last = Date.now();
    };
    for (const e of ACTIVITY) window.addEventListener(e, touch, { passive: true, capture: true });
    timer = window.setTimeout(check, limit);
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, touch, { capture: true });
    };
  }, [minutes, onIdle]);
}
