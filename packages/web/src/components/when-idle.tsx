import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children once the browser is idle (at the latest after `timeoutMs`), showing
 * `placeholder` until then: for controls that are not needed in the first second of a page and are
 * costly to mount (the first render of an MUI Autocomplete builds its styles and compiles its code),
 * so that the page's content is not held back by them. The placeholder should take the same room.
 */
export function WhenIdle({
  children,
  placeholder = null,
  timeoutMs = 1000,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
  timeoutMs?: number;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), Math.min(200, timeoutMs));
    return () => clearTimeout(id);
  }, [timeoutMs]);
  return <>{ready ? children : placeholder}</>;
}
