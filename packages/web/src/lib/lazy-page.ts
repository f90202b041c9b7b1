import { lazy, type ComponentType } from 'react';

/**
 * Code-chunk load failures (typically a deployment replaced the hashed files the page knew) reload
 * the page, at most once per minute so a broken deployment cannot loop.
 */
const KEY = 'footfall.chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Failed to fetch/i.test(
    msg,
  );
}

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Reloads the page when allowed; returns whether it did. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last: number | null = null;
  try {
    const raw = localStorage.getItem(KEY);
    last = raw ? Number(raw) : null;
  } catch {
    /* storage disabled: still reload once */
  }
  if (!shouldReloadAfterChunkError(Number.isFinite(last) ? last : null, now)) return false;
  try {
    localStorage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  window.location.reload();
  return true;
}

/** React.lazy for a route page: a chunk that fails to load reloads the page (once a minute at most). */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (e) {
      if (isChunkLoadError(e) && reloadForChunkError()) {
        return new Promise<{ default: ComponentType<P> }>(() => undefined); // the page is going away
      }
      throw e;
    }
  });
}
