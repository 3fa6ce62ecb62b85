/**
 * Keeps the rendered HTML of public pages in memory, so a busy page is rendered once per
 * change of the read models instead of once per visitor (rendering costs ~7 ms of CPU; a
 * cached answer well under 1 ms).
 *
 * - Pages carry no per-answer value: their CSP allows their inline scripts by hash (computed
 *   when rendered, see page-answer.ts), so a kept page is sent byte for byte, already
 *   compressed (brotli and gzip made once when it is kept).
 * - An entry belongs to a version of the data (the event log's head position): any new event
 *   makes every entry stale. A page rendered while the read models were still behind is not
 *   kept (checked before rendering). Entries also expire after `ttlMs` (time-dependent text).
 * - Only complete 200 answers of GET/HEAD requests to public paths are kept, within `maxBytes` of HTML
 *   and at most `maxEntries` (least recently used out first). Concurrent misses of one page
 *   share one render.
 * - Keys are decided by the caller (pageCacheKey): the path plus the query parameters the page
 *   declares it reads, so `?utm_source=<unique>` per request is one entry, not one per request.
 * - `stats()` reports entries, bytes, hits and misses for the administrators' metrics endpoint.
 * - `lookup()` answers from the cache only (the fast path in front of Express); `clear()`
 *   empties it (the back office's 'Clear All Caches').
 */
import type { PageBytes } from './page-answer';

export interface CachedPage {
  status: number;
  /** Everything but Cache-Control and the encoding-specific headers (see middleware.ts). */
  headers: Array<[string, string]>;
  body: string;
  /**
   * Rendered while one of its reads failed (it shows a fallback): answered no-store, never kept.
   */
  incomplete?: boolean;
  /** The body's bytes, ETag and compressed forms (set by the SSR host). */
  bytes?: PageBytes;
  /** Precomputed raw header lists per encoding, made by the fast path on first use. */
  wire?: Partial<Record<'br' | 'gzip' | 'identity' | '304', string[]>>;
}

export interface PageCacheOptions {
  /** The current data version; an entry of another version is not served. */
  version(): Promise<string>;
  /**
   * The current data version when it is known without I/O (the read models live in this
   * process), else null: then peek() cannot answer and version() is asked.
   */
  versionNow?: () => string | null;
  /** Whether the read models have caught up with the log (else the render is not kept). */
  caughtUp(): Promise<boolean>;
  ttlMs?: number;
  maxEntries?: number;
  /**
   * false: keep nothing (PAGE_CACHE=off, development); concurrent requests for a page still
   * share one render, and requests read while it held the CPU get it too (see get()).
   */
  keep?: boolean;
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
  /** The current page for `key` when one is kept (counted as a hit), else undefined. */
  lookup(key: string): Promise<CachedPage | undefined>;
  /**
   * lookup() without waiting: the kept page or undefined when the data version is known without
   * I/O (versionNow), null when it is not (ask lookup()).
   */
  peek(key: string): CachedPage | undefined | null;
  /**
   * The render of `key` in flight at the current data version, when the version is known without
   * I/O (versionNow) and one is: a request may wait for it instead of rendering again.
   */
  rendering(key: string): Promise<CachedPage> | undefined;
  /** Whether rendered pages are kept (false: renders are only shared while in flight). */
  readonly keeps: boolean;
  readonly size: number;
  stats(): PageCacheStats;
  clear(): void;
}

export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

function sizeOf(key: string, page: CachedPage): number {
  let bytes = Buffer.byteLength(key) + Buffer.byteLength(page.body);
  if (page.bytes) {
    bytes += page.bytes.identity.length + (page.bytes.br?.length ?? 0);
    bytes += page.bytes.gzip?.length ?? 0;
  }
  for (const [name, value] of page.headers) bytes += name.length + Buffer.byteLength(value);
  return bytes;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
  const keeps = options.keep ?? true;
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
    if (!keeps) return render();
    const caughtUp = await options.caughtUp();
    const page = await render();
    const size = sizeOf(key, page);
    if (page.status === 200 && !page.incomplete && caughtUp && size <= maxBytes) {
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

  // Concurrent requests share one version lookup (under load, one read of the log's head per
  // burst instead of one per request). A lookup started before an append may answer the
  // version before it: at worst a page one event old, for the time of one lookup.
  let versionInFlight: Promise<string> | null = null;
  const currentVersion = (): Promise<string> => {
    const known = options.versionNow?.();
    if (known != null) return Promise.resolve(known);
    versionInFlight ??= options.version().finally(() => {
      versionInFlight = null;
    });
    return versionInFlight;
  };

  const current = (key: string, version: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry || entry.version !== version || entry.expiresAt <= now()) return undefined;
    hits++;
    // Map order is recency order: move the hit to the end.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    async lookup(key) {
      if (entries.size === 0) return undefined;
      return current(key, await currentVersion())?.page;
    },
    peek(key) {
      if (entries.size === 0) return undefined;
      const known = options.versionNow?.();
      if (known == null) return null;
      return current(key, known)?.page;
    },
    async get(key, render) {
      const version = await currentVersion();
      const hit = current(key, version);
      if (hit) return hit.page;
      const entry = entries.get(key);
      misses++;
      // A stale entry gives its bytes back now, not when it would fall out of the LRU order.
      if (entry) remove(key);
      const pendingKey = `${version}\u0000${key}`;
      const inFlight = pending.get(pendingKey);
      if (inFlight) return inFlight;
      // Not kept: dropped on the next turn of the event loop, not at once, so requests that
      // arrived while the render held the CPU are read after it ends and get this render too
      // (one render per burst of misses, not one per visitor).
      const rendering = renderAndKeep(key, version, render).finally(() =>
        keeps ? pending.delete(pendingKey) : setImmediate(() => pending.delete(pendingKey)),
      );
      pending.set(pendingKey, rendering);
      return rendering;
    },
    rendering(key) {
      if (pending.size === 0) return undefined;
      const known = options.versionNow?.();
      return known == null ? undefined : pending.get(`${known}\u0000${key}`);
    },
    keeps,
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

/**
 * The cache the site uses: versioned by the event log's head, kept only when caught up. Where
 * this process projects every read model itself (embedded), the version is the runner's count
 * of read-model changes instead, known without a read of the log: a kept page is then answered
 * with no I/O and no promise (the fast path's hit).
 */
export function sitePageCache(
  backend: {
    eventStore: { headPosition(): Promise<bigint> };
    projectionLag(): Promise<number>;
    runner: { readModelsVersion(): number | null } | null;
  },
  options: { maxBytes?: number; keep?: boolean } = {},
): PageCache {
  const runner = backend.runner;
  const versionNow = () => {
    const version = runner?.readModelsVersion();
    return version == null ? null : `r${version}`;
  };
  return createPageCache({
    versionNow,
    version: async () => versionNow() ?? (await backend.eventStore.headPosition()).toString(),
    caughtUp: async () => (await backend.projectionLag()) === 0,
    ...options,
  });
}
