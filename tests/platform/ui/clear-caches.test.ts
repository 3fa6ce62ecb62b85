import { describe, expect, it, vi } from 'vitest';
import {
  CACHE_CLEAR_RELOAD_DELAY_MS,
  CLEARED_ITEMS,
  CLEAR_CACHES_SHORTCUT_CONFIRM,
  clearAllCaches,
  isClearCachesShortcut,
  type CacheClearingDeps,
} from '../../../web/features/admins/clear-caches';

function deps(overrides: Partial<CacheClearingDeps> = {}) {
  const calls: string[] = [];
  const unregister = vi.fn(async () => {
    calls.push('unregister');
    return true;
  });
  const base: CacheClearingDeps = {
    localStorage: { clear: () => calls.push('localStorage') },
    sessionStorage: { clear: () => calls.push('sessionStorage') },
    clearQueryCache: () => calls.push('queryCache'),
    serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    caches: {
      keys: async () => ['v1', 'v2'],
      delete: async (name: string) => {
        calls.push(`cache:${name}`);
        return true;
      },
    },
    reload: () => calls.push('reload'),
    setTimeout: (callback, ms) => {
      calls.push(`wait ${ms}`);
      callback();
    },
  };
  return { calls, deps: { ...base, ...overrides } };
}

describe('Clear All Caches', () => {
  it('clears both storages, the query cache, service workers and Cache Storage, then reloads after 1000 ms', async () => {
    const { calls, deps: d } = deps();
    await clearAllCaches(d);
    expect(calls).toEqual([
      'localStorage',
      'sessionStorage',
      'queryCache',
      'unregister',
      'unregister',
      'cache:v1',
      'cache:v2',
      'wait 1000',
      'reload',
    ]);
    expect(CACHE_CLEAR_RELOAD_DELAY_MS).toBe(1000);
  });

  it("empties the server's page cache first, while the session's CSRF token is still known", async () => {
    const { calls, deps: d } = deps({
      clearServerCache: async () => calls.push('server'),
      serviceWorker: null,
      caches: null,
    });
    await clearAllCaches(d);
    expect(calls).toEqual([
      'server',
      'localStorage',
      'sessionStorage',
      'queryCache',
      'wait 1000',
      'reload',
    ]);
  });

  it('works in a browser without service workers or Cache Storage', async () => {
    const { calls, deps: d } = deps({ serviceWorker: null, caches: null });
    await clearAllCaches(d);
    expect(calls).toEqual(['localStorage', 'sessionStorage', 'queryCache', 'wait 1000', 'reload']);
  });

  it('a failing step rejects and does not reload (the page shows "Failed to clear caches")', async () => {
    const { calls, deps: d } = deps({
      caches: {
        keys: async () => Promise.reject(new Error('SecurityError')),
        delete: async () => true,
      },
    });
    await expect(clearAllCaches(d)).rejects.toThrow('SecurityError');
    expect(calls).not.toContain('reload');
  });

  it('the confirmation names what is cleared (spec section 5)', () => {
    expect(CLEARED_ITEMS).toEqual([
      'Local storage (admin sessions, preferences)',
      'Session storage',
      'Browser cache',
    ]);
    expect(CLEAR_CACHES_SHORTCUT_CONFIRM).toBe(
      'Are you sure you want to clear all caches? This will reload the page.',
    );
  });

  it.each([
    [{ ctrlKey: true, shiftKey: true, key: 'Delete' }, true],
    [{ ctrlKey: true, shiftKey: false, key: 'Delete' }, false],
    [{ ctrlKey: false, shiftKey: true, key: 'Delete' }, false],
    [{ ctrlKey: true, shiftKey: true, key: 'Backspace' }, false],
  ])('shortcut %j -> %s', (event, expected) => {
    expect(isClearCachesShortcut(event)).toBe(expected);
  });
});
