/**
 * 'Clear All Caches' (spec sections 4 and 9): the server's page cache (first, while the
 * session's CSRF token is still in the query cache), local storage, session storage, the query
 * cache, service workers and Cache Storage, then a reload after 1000 ms. The browser APIs are
 * passed in so the order and the failure path are testable without a browser.
 */

export const CACHE_CLEAR_RELOAD_DELAY_MS = 1000;

export const CLEAR_CACHES_SHORTCUT_CONFIRM =
  'Are you sure you want to clear all caches? This will reload the page.';

/** What the confirmation dialog lists (spec section 5). */
export const CLEARED_ITEMS: readonly string[] = [
  'Local storage (admin sessions, preferences)',
  'Session storage',
  'Browser cache',
];

export interface CacheClearingDeps {
  /** POST /api/admin/caches/clear: empties the server's page cache (in the audit log). */
  clearServerCache?: () => Promise<unknown>;
  localStorage?: Pick<Storage, 'clear'> | null;
  sessionStorage?: Pick<Storage, 'clear'> | null;
  clearQueryCache: () => void;
  serviceWorker?: {
    getRegistrations(): Promise<readonly { unregister(): Promise<boolean> }[]>;
  } | null;
  caches?: Pick<CacheStorage, 'keys' | 'delete'> | null;
  reload: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/** Clears everything, then schedules the reload. Rejects (and does not reload) if a step fails. */
export async function clearAllCaches(deps: CacheClearingDeps): Promise<void> {
  await deps.clearServerCache?.();
  deps.localStorage?.clear();
  deps.sessionStorage?.clear();
  deps.clearQueryCache();
  if (deps.serviceWorker) {
    const registrations = await deps.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  }
  if (deps.caches) {
    const names = await deps.caches.keys();
    await Promise.all(names.map((name) => deps.caches!.delete(name)));
  }
  deps.setTimeout(deps.reload, CACHE_CLEAR_RELOAD_DELAY_MS);
}

/** The browser's own objects, read only when the button is pressed (never during SSR). */
export function browserCacheDeps(
  clearQueryCache: () => void,
  clearServerCache?: () => Promise<unknown>,
): CacheClearingDeps {
  return {
    ...(clearServerCache ? { clearServerCache } : {}),
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    clearQueryCache,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : null,
    caches: 'caches' in window ? window.caches : null,
    reload: () => window.location.reload(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  };
}

/** Ctrl+Shift+Delete (spec section 9). */
export function isClearCachesShortcut(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'key'>,
): boolean {
  return event.ctrlKey && event.shiftKey && event.key === 'Delete';
}
