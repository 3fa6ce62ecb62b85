/**
 * Keeps the rendered HTML of public pages in memory, so a busy page is rendered once per
 * change of what it shows instead of once per visitor (rendering costs ~4-7 ms of CPU; a
 * cached answer well under 1 ms).
 *
 * - Pages carry no per-answer value: their CSP allows their inline scripts by hash (computed
 *   when rendered, see page-answer.ts), so a kept page is sent byte for byte, already
 *   compressed (brotli and gzip made once when it is kept).
 * - **Invalidation by what a page read.** A render is handed a set (`reads`) into which the
 *   public reads record what they ask (projections/read-tracking.ts): a keyed lookup (only
 *   equalities: `{ _id: 'TX' }`, `{ slug, published: true }`), some fields of every document,
 *   or a whole collection; the page is kept with that set (page-readers.ts). A change of the
 *   read models (`invalidate`) drops only the pages that read what changed. Where the
 *   projectors run in this process (embedded), the runner tells the documents each event
 *   changed, as they were and are: a page is dropped when it read their collection whole, read
 *   a field of theirs that differs, or made a keyed lookup that matches them before or after
 *   (projections/read-matching.ts), so a price change of one provider leaves the other
 *   providers' pages and the city pages of states it does not serve kept. Where they run
 *   elsewhere (`follow` finds the events in the log), a change names collections and drops
 *   every page that read them in any way. A signup or a sign-in, whose projectors write
 *   nothing a public page reads, drops none. A render that read nothing recorded (a read
 *   outside the tracked store) is dropped by any change, as every page used to be.
 * - A render is kept only if nothing it had read changed while it ran (each render in flight
 *   is tested against each change of documents; a collection told changed whole drops a render
 *   that read it at any time after it began: a change found in the log may not be in the read
 *   models yet), and only when the read models had caught up with the log before it began. Entries also expire after `ttlMs` (time-dependent text, and what changes
 *   without an event: the Reddit snapshots).
 * - Only complete 200 answers of GET/HEAD requests to public paths are kept, within `maxBytes` of HTML
 *   and at most `maxEntries` (least recently used out first). Concurrent misses of one page
 *   share one render; a request that comes after a change of something that render has read
 *   starts its own.
 * - Keys are decided by the caller (pageCacheKey): the path plus the query parameters the page
 *   declares it reads, so `?utm_source=<unique>` per request is one entry, not one per request.
 * - `stats()` reports entries, bytes, hits, misses and pages dropped by changes for the
 *   administrators' metrics endpoint.
 * - `lookup()` answers from the cache only (the fast path in front of Express); `clear()`
 *   empties it (the back office's 'Clear All Caches').
 */
import type { CollectionReads, ReadModelChange } from '../../projections/read-tracking';
import { collectionsByEventType } from '../../projections/read-tracking';
import type { PageBytes } from './page-answer';
import { collectionOf } from '../../projections/read-matching';
import { PageReaders, readsTouched } from './page-readers';

export type { CollectionReads, ReadModelChange };

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

/** Renders a page, recording into `reads` what its reads ask (read-tracking.ts). */
export type PageRender = (reads: CollectionReads) => Promise<CachedPage>;

export interface PageCacheOptions {
  /**
   * Brings the cache up to date with the read models before it answers, where their changes
   * are not told to invalidate() as they happen (an api of the distributed profile: reads the
   * event log after the last event it saw, see followEventLog). Absent: they are told, and a
   * kept page is answered without I/O (peek).
   */
  follow?: () => Promise<void>;
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
  expiresAt: number;
  bytes: number;
}

interface InFlight {
  promise: Promise<CachedPage>;
  /** What it has read so far (filled as its reads are asked). */
  reads: CollectionReads;
}

/** A render under way: `stale` once something it had read changed. */
interface Rendering {
  reads: CollectionReads;
  stale: boolean;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 before the first request. */
  hitRatio: number;
  /** Kept pages dropped because something they read changed. */
  invalidated: number;
}

export interface PageCache {
  /** The page for `key`: from the cache when current, else from `render` (kept if cacheable). */
  get(key: string, render: PageRender): Promise<CachedPage>;
  /** The current page for `key` when one is kept (counted as a hit), else undefined. */
  lookup(key: string): Promise<CachedPage | undefined>;
  /**
   * lookup() without waiting: the kept page or undefined when changes are told to the cache
   * as they happen, null when they are not (ask lookup(), which follows the log first).
   */
  peek(key: string): CachedPage | undefined | null;
  /**
   * The render of `key` in flight that nothing has made stale, when changes are told to the
   * cache as they happen and one is: a request may wait for it instead of rendering again.
   */
  rendering(key: string): Promise<CachedPage> | undefined;
  /** The read models changed: drops the pages (and shared renders) that read what changed. */
  invalidate(change: ReadModelChange): void;
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
  /** Kept pages by what they read (and those that recorded no read). */
  const readers = new PageReaders();
  const pending = new Map<string, InFlight>();
  const renderings = new Set<Rendering>();
  /** Changes are numbered: the last, each collection's last told whole, the last of everything. */
  let change = 0;
  const changedAt = new Map<string, number>();
  let everythingAt = 0;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let invalidated = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
    readers.remove(key);
  };

  const keep = (key: string, entry: Entry, reads: ReadonlySet<string>) => {
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    readers.add(key, reads);
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  /**
   * Whether no collection a render that began at change `since` read was told changed whole
   * since, even one it read after the change: a change found in the log (`follow`) may not be
   * in the read models yet when the render reads them. Nothing recorded: whether nothing at
   * all changed. (Documents changed are told once written: a render is stale only if it had
   * read them before, see Rendering.)
   */
  const unchangedSince = (reads: ReadonlySet<string>, since: number): boolean => {
    if (everythingAt > since) return false;
    if (reads.size === 0) return change === since;
    if (changedAt.size === 0) return true;
    for (const read of reads) if ((changedAt.get(collectionOf(read)) ?? 0) > since) return false;
    return true;
  };

  const renderAndKeep = async (key: string, reads: CollectionReads, render: PageRender) => {
    if (!keeps) return render(reads);
    const since = change;
    const rendering: Rendering = { reads, stale: false };
    renderings.add(rendering);
    try {
      // Asked before rendering: caught up now means the render sees every event logged so far.
      const caughtUp = await options.caughtUp();
      const page = await render(reads);
      const size = sizeOf(key, page);
      if (
        page.status === 200 &&
        !page.incomplete &&
        caughtUp &&
        size <= maxBytes &&
        !rendering.stale &&
        unchangedSince(reads, since)
      ) {
        keep(key, { page, expiresAt: now() + ttlMs, bytes: size }, new Set(reads));
      }
      return page;
    } finally {
      renderings.delete(rendering);
    }
  };

  // Concurrent requests share one follow of the log (under load, one read of the log's head
  // per burst instead of one per request). A follow started before an append may miss it: at
  // worst a page one event old, for the time of one lookup.
  let following: Promise<void> | null = null;
  const followed = (): Promise<void> | null => {
    if (!options.follow) return null;
    following ??= options.follow().finally(() => {
      following = null;
    });
    return following;
  };

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry || entry.expiresAt <= now()) return undefined;
    hits++;
    // Map order is recency order: move the hit to the end.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    async lookup(key) {
      await followed();
      if (entries.size === 0) return undefined;
      return current(key)?.page;
    },
    peek(key) {
      if (entries.size === 0) return undefined;
      if (options.follow) return null;
      return current(key)?.page;
    },
    async get(key, render) {
      await followed();
      const hit = current(key);
      if (hit) return hit.page;
      misses++;
      // An expired entry gives its bytes back now, not when it would fall out of the LRU order.
      remove(key);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight.promise;
      const reads: CollectionReads = new Set();
      // Not kept: dropped on the next turn of the event loop, not at once, so requests that
      // arrived while the render held the CPU are read after it ends and get this render too
      // (one render per burst of misses, not one per visitor).
      const promise: Promise<CachedPage> = renderAndKeep(key, reads, render).finally(() => {
        const forget = () => {
          if (pending.get(key)?.promise === promise) pending.delete(key);
        };
        if (keeps) forget();
        else setImmediate(forget);
      });
      const flight: InFlight = { reads, promise };
      pending.set(key, flight);
      return flight.promise;
    },
    rendering(key) {
      if (pending.size === 0 || options.follow) return undefined;
      return pending.get(key)?.promise;
    },
    invalidate(changed) {
      change++;
      if ('everything' in changed) {
        everythingAt = change;
        invalidated += entries.size;
        entries.clear();
        readers.clear();
        bytes = 0;
        for (const rendering of renderings) rendering.stale = true;
        // Requests from now on render anew rather than wait for a render begun before.
        pending.clear();
        return;
      }
      for (const collection of changed.collections) changedAt.set(collection, change);
      const dropped = readers.touched(changed);
      for (const key of dropped) remove(key);
      invalidated += dropped.size;
      // A render that has read what changed may show it as it was: it is not kept, and later
      // requests do not join it (one that has not read it yet will read it as it is now).
      for (const rendering of renderings) {
        if (!rendering.stale && readsTouched(rendering.reads, changed)) rendering.stale = true;
      }
      for (const [key, flight] of pending) {
        if (readsTouched(flight.reads, changed)) pending.delete(key);
      }
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
        invalidated,
      };
    },
    clear() {
      entries.clear();
      readers.clear();
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

/** How many events one follow of the log reads at most; past it every page is dropped. */
export const FOLLOW_LIMIT = 1_000;

interface FollowedLog {
  headPosition(): Promise<bigint>;
  readAll(options: {
    after?: bigint;
    limit?: number;
  }): Promise<Array<{ type: string; position: bigint }>>;
}

/**
 * The cache's follow() where the projectors run in other processes (the distributed api): the
 * log's head is read (once per burst of requests, see get()); when it moved, the events after
 * the last one seen are read and each drops the pages that read a collection its projectors
 * write (`collectionsOf`, from their declarations). Pages are never kept while the read
 * models are behind the log (caughtUp), so a page rendered before the worker applied an event
 * is dropped here or never kept: a stale page lives at most until the next request reads the
 * head. More than FOLLOW_LIMIT events at once, a head that went back (another log) or a read
 * that failed: every page is dropped.
 */
export function followEventLog(
  log: FollowedLog,
  collectionsOf: () => Promise<(type: string) => readonly string[]>,
  invalidate: (change: ReadModelChange) => void,
): () => Promise<void> {
  let seen: bigint | null = null;
  return async () => {
    const head = await log.headPosition();
    if (seen === null || head === seen) {
      // The first follow: nothing can be kept before it (get() follows first).
      seen ??= head;
      return;
    }
    if (head < seen) {
      invalidate({ everything: true });
      seen = head;
      return;
    }
    try {
      const events = await log.readAll({ after: seen, limit: FOLLOW_LIMIT });
      if (events.length >= FOLLOW_LIMIT) {
        invalidate({ everything: true });
      } else {
        const of = await collectionsOf();
        const collections = new Set<string>();
        for (const event of events) for (const c of of(event.type)) collections.add(c);
        if (collections.size > 0) invalidate({ collections: [...collections] });
      }
      const last = events.at(-1)?.position ?? head;
      seen = last > head ? last : head;
    } catch {
      invalidate({ everything: true });
      seen = head;
    }
  };
}

/**
 * The cache the site uses, kept only when caught up. Where this process projects every read
 * model itself (embedded), the runner tells it what each event changed as it applies it, and
 * a kept page is answered with no I/O and no promise (the fast path's hit); elsewhere it
 * follows the event log (followEventLog) with the projectors' declarations.
 */
export function sitePageCache(
  backend: {
    eventStore: FollowedLog;
    projectionLag(): Promise<number>;
    runner: {
      onReadModelsChanged(listener: (change: ReadModelChange) => void): (() => void) | null;
    } | null;
  },
  options: { maxBytes?: number; keep?: boolean } = {},
): PageCache {
  let cache: PageCache | null = null;
  const invalidate = (change: ReadModelChange) => cache?.invalidate(change);
  const told = backend.runner?.onReadModelsChanged(invalidate) ?? null;
  // Loaded when first needed (distributed only): the declarations come with every capability.
  const collectionsOf = async () =>
    collectionsByEventType((await import('../../workers/bootstrap/composition')).appProjectors());
  let byType: Promise<(type: string) => readonly string[]> | null = null;
  cache = createPageCache({
    ...(told
      ? {}
      : {
          follow: followEventLog(
            backend.eventStore,
            () => (byType ??= collectionsOf()),
            invalidate,
          ),
        }),
    caughtUp: async () => (await backend.projectionLag()) === 0,
    ...options,
  });
  return cache;
}
