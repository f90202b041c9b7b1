import { useCallback, useRef, useState } from 'react';

/**
 * The content width of an element, from a ResizeObserver only. Its first report comes after the
 * browser's own layout, so measuring never forces a synchronous layout while the page is being built
 * (react-grid-layout's useContainerWidth reads getComputedStyle on mount, which does). `mounted`
 * turns true with the first report; until then the width is `initialWidth`.
 */
export function useObservedWidth<T extends HTMLElement>(initialWidth = 1280) {
  const [width, setWidth] = useState(initialWidth);
  const [mounted, setMounted] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const containerRef = useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el) return;
      if (typeof ResizeObserver === 'undefined') {
        // no observer (old browsers, jsdom): one reading
        setWidth(el.clientWidth || initialWidth);
        setMounted(true);
        return;
      }
      const ro = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (!box) return;
        setWidth(Math.max(0, box.width));
        setMounted(true);
      });
      ro.observe(el);
      observer.current = ro;
    },
    [initialWidth],
  );
  return { width, mounted, containerRef };
}
