/**
 * Keeps the rendered HTML of public pages in memory, so a busy page is rendered once per
 * change of the read models instead of once per visitor (rendering costs ~7 ms of CPU; a
 * cached answer well under 1 ms).
 *
 * - Pages are rendered with a placeholder nonce; each answer gets its own CSP nonce swapped in,
 *   so the cache never weakens the Content-Security-Policy.
 * - An entry belongs to a version of the data (the event log's head position): any new event
 *   makes every entry stale. A page rendered while the read models were still behind is not
 *   kept (checked before rendering). Entries also expire after `ttlMs` (time-dependent text).
 * - Only 200 answers of GET/HEAD requests to public paths are kept, within `maxBytes` of HTML
 *   and at most `maxEntries` (least recently used out first). Concurrent misses of one page
 *   share one render.
 * - Keys are decided by the caller (pageCacheKey): the path plus the query parameters the page
 *   declares it reads, so `?utm_source=<unique>` per request is one entry, not one per request.
 * - `stats()` reports entries, bytes, hits and misses for the administrators' metrics endpoint.
 */
export const NONCE_PLACEHOLDER = 'VIALCSPNONCEPLACEHOLDER';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** HTML with NONCE_PLACEHOLDER where the nonce goes. */
  body: string;
}

export interface PageCacheOptions {
  /** The current data version; an entry of another version is not served. */
  version(): Promise<string>;
  /** Whether the read models have caught up with the log (else the render is not kept). */
  caughtUp(): Promise<boolean>;
  ttlMs?: number;
  maxEntries?: number;
  /** Bound on the kept pages' size (UTF-8 bytes of bodies, headers and keys); default 32 MiB. */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  page: CachedPage;
  version: string;
  expiresAt: number;
  bytes: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 before the first request. */
  hitRatio: number;
}

export interface PageCache {
  /** The page for `key`: from the cache when current, else from `render` (kept if cacheable). */
  get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage>;
  readonly size: number;
  stats(): PageCacheStats;
  clear(): void;
}

export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

function sizeOf(key: string, page: CachedPage): number {
  let bytes = Buffer.byteLength(key) + Buffer.byteLength(page.body);
  for (const [name, value] of page.headers) bytes += name.length + Buffer.byteLength(value);
  return bytes;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedPage>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  const renderAndKeep = async (key: string, version: string, render: () => Promise<CachedPage>) => {
    // Asked before rendering: caught up now means the render sees at least `version`.
    const caughtUp = await options.caughtUp();
    const page = await render();
    const size = sizeOf(key, page);
    if (page.status === 200 && caughtUp && size <= maxBytes) {
      remove(key);
      entries.set(key, { page, version, expiresAt: now() + ttlMs, bytes: size });
      bytes += size;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    }
    return page;
  };

  return {
    async get(key, render) {
      const version = await options.version();
      const entry = entries.get(key);
      if (entry && entry.version === version && entry.expiresAt > now()) {
        hits++;
        // Map order is recency order: move the hit to the end.
        entries.delete(key);
        entries.set(key, entry);
        return entry.page;
      }
      misses++;
      // A stale entry gives its bytes back now, not when it would fall out of the LRU order.
      if (entry) remove(key);
      const pendingKey = `${version}\u0000${key}`;
      const inFlight = pending.get(pendingKey);
      if (inFlight) return inFlight;
      const rendering = renderAndKeep(key, version, render).finally(() =>
        pending.delete(pendingKey),
      );
      pending.set(pendingKey, rendering);
      return rendering;
    },
    get size() {
      return entries.size;
    },
    stats() {
      const asked = hits + misses;
      return {
        entries: entries.size,
        bytes,
        maxBytes,
        hits,
        misses,
        hitRatio: asked === 0 ? 0 : hits / asked,
      };
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The HTML of a cached page for one answer, with that answer's nonce. */
export function withNonce(body: string, nonce: string): string {
  return body.replaceAll(NONCE_PLACEHOLDER, nonce);
}

/**
 * The cache key (and the URL rendered) of a page request: the path plus, sorted, only the query
 * parameters the page declares it reads. Tracking parameters (utm_*, gclid, ...) and anything
 * else undeclared never make a new entry, and never reach the render either.
 */
export function pageCacheKey(
  pathname: string,
  search: string,
  declared: readonly string[],
): string {
  if (declared.length === 0 || search === '') return pathname;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...declared].sort()) {
    for (const value of given.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

/** The cache the site uses: versioned by the event log's head, kept only when caught up. */
export function sitePageCache(
  backend: {
    eventStore: { headPosition(): Promise<bigint> };
    projectionLag(): Promise<number>;
  },
  options: { maxBytes?: number } = {},
): PageCache {
  return createPageCache({
    version: async () => (await backend.eventStore.headPosition()).toString(),
    caughtUp: async () => (await backend.projectionLag()) === 0,
    ...options,
  });
}
