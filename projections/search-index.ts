/**
 * The site search index (platform, like the audit log): one collection of SearchDocuments kept
 * current by a projection, and a MiniSearch index built from it on the query side.
 *
 * Each capability describes its own public records as documents with a `SearchIndexer` (the
 * providers today; posts, cities and keywords join the same way through the capability list)
 * and may add fixed documents (the static pages). The projector writes only documents a
 * visitor may see (`visible: false` documents are stored, so a later change can reveal them,
 * but never indexed).
 *
 * Why MiniSearch: a small (~7 kB gzip), dependency-free, in-memory full-text index with
 * per-field boosts, prefix search and Levenshtein fuzzy matching built in, and it reports which
 * document terms matched (what the results page highlights). The whole public site is a few
 * hundred documents, so rebuilding the index when the documents change costs milliseconds;
 * Orama carries a larger API (vectors, plugins) this site does not need, and FlexSearch has no
 * fuzzy matching by edit distance nor matched-term reporting.
 */
import MiniSearch from 'minisearch';
import {
  SEARCH_KINDS,
  normaliseSearchQuery,
  type SearchDocument,
  type SearchKind,
} from '../domain/shared/search';
import type { ProjectedEvent } from './event-source';
import { perContext, type Projector } from './projector';
import type { Document, ReadStore } from './read-store/port';

export const SEARCH_COLLECTION = 'search_documents';

/** A stored search document, as an indexer writes it. */
export type SearchDocInput = SearchDocument & {
  /** Shown to visitors (a provider that is featured, a published post...). */
  visible: boolean;
  /** What the indexer needs to rebuild the document from a partial change. */
  source?: Record<string, unknown>;
};

export type SearchDoc = Document & SearchDocInput;

export interface SearchChanges {
  upsert?: SearchDocInput[];
  remove?: string[];
}

/** How a capability turns its events into search documents. */
export interface SearchIndexer {
  eventTypes: readonly string[];
  /**
   * `current(id)`: the stored document, for events that carry only what changed (answered at
   * once when this projector holds it). `apply` may answer synchronously when it reads
   * nothing from the store (a replay then awaits nothing for it: Projector.handle).
   */
  apply(
    event: ProjectedEvent,
    current: (id: string) => Promise<SearchDoc | null> | SearchDoc | null,
  ): Promise<SearchChanges> | SearchChanges;
  /**
   * Finishes a document it returned, once per flush (optional): work that only the last
   * version of a document needs (stripping a post's HTML) is done here, not on every event.
   */
  complete?(doc: SearchDocInput): SearchDocInput;
}

/** What the projector holds for one context between flushes (see createSearchProjector). */
interface Pending {
  docs: Map<string, SearchDoc | null>;
  writers: Map<string, SearchIndexer>;
  current: ((id: string) => Promise<SearchDoc | null> | SearchDoc | null) | null;
}

export function createSearchProjector(indexers: readonly SearchIndexer[]): Projector {
  const byType = new Map<string, SearchIndexer[]>();
  for (const indexer of indexers) {
    for (const type of indexer.eventTypes) byType.set(type, [...(byType.get(type) ?? []), indexer]);
  }
  /**
   * The documents as the events left them (null: removed), written at `flush`: a replay reads
   * and writes each document once per flush rather than once per event. With each, the
   * indexer that wrote it (for its `complete`), per context like the documents (a live
   * flush must not finish a rebuild's documents, nor the other way round).
   */
  const pendingByContext = perContext<Pending>(() => ({
    docs: new Map(),
    writers: new Map(),
    current: null,
  }));

  function hold(pending: Pending, indexer: SearchIndexer, changes: SearchChanges): void {
    // By id: applying an event twice gives the same documents.
    if (changes.remove) for (const id of changes.remove) pending.docs.set(id, null);
    if (changes.upsert === undefined) return;
    for (const doc of changes.upsert) {
      // The indexer's own new object: given its _id rather than copied (a replay makes
      // hundreds of thousands).
      pending.docs.set(doc.id, Object.assign(doc, { _id: doc.id }));
      if (indexer.complete) pending.writers.set(doc.id, indexer);
    }
  }

  return {
    name: 'search',
    version: 1,
    eventTypes: [...byType.keys()],
    collections: [SEARCH_COLLECTION],
    indexes: { [SEARCH_COLLECTION]: [{ fields: { visible: 1, _id: 1 } }] },
    handle(event, ctx) {
      const interested = byType.get(event.type);
      if (!interested) return;
      const pending = pendingByContext.of(ctx);
      const known = pending.docs;
      // Made once per context and flush, not for each event.
      const current = (pending.current ??= (id: string) =>
        known.has(id)
          ? (known.get(id) ?? null)
          : ctx.collection<SearchDoc>(SEARCH_COLLECTION).findOne({ _id: id }));
      // Synchronous while every indexer answers so (see SearchIndexer.apply).
      for (let i = 0; i < interested.length; i++) {
        const indexer = interested[i] as SearchIndexer;
        const changes = indexer.apply(event, current);
        if (changes instanceof Promise) {
          return (async () => {
            hold(pending, indexer, await changes);
            for (const next of interested.slice(i + 1)) {
              hold(pending, next, await next.apply(event, current));
            }
          })();
        }
        hold(pending, indexer, changes);
      }
    },
    async flush(ctx) {
      // Dropped even if the write fails: the events are applied again from the store.
      const pending = pendingByContext.take(ctx);
      if (!pending) return;
      await ctx.collection<SearchDoc>(SEARCH_COLLECTION).bulkWrite(
        [...pending.docs].map(([id, doc]) => {
          if (!doc) return { kind: 'delete' as const, filter: { _id: id } };
          const complete = pending.writers.get(id)?.complete;
          const done = complete ? { ...complete(doc), _id: id } : doc;
          return { kind: 'upsert' as const, doc: done as SearchDoc };
        }),
        { handOver: true },
      );
    },
  };
}

/** A piece of text and whether it matched the query (rendered as <mark>). */
export interface TextSegment {
  text: string;
  match: boolean;
}

export interface SearchHit {
  id: string;
  kind: SearchKind;
  title: TextSegment[];
  snippet: TextSegment[];
  url: string;
  score: number;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

export interface SearchAnswer {
  query: string;
  total: number;
  groups: SearchGroup[];
}

/** A passage of a document that answers a question best (for /glp1-ai). */
export interface Passage {
  title: string;
  url: string;
  kind: SearchKind;
  text: string;
}

const MAX_HITS = 50;
const SNIPPET_LENGTH = 180;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits `text` into segments, marking whole words that are among `terms` (any case). */
export function highlight(text: string, terms: readonly string[]): TextSegment[] {
  const words = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))];
  if (words.length === 0) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${words.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const segments: TextSegment[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}

/** About 180 characters of `text` around the first matched term, cut at word boundaries. */
export function snippetOf(text: string, terms: readonly string[]): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const lower = text.toLowerCase();
  const first = Math.min(
    ...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0),
    Number.POSITIVE_INFINITY,
  );
  const anchor = Number.isFinite(first) ? first : 0;
  let start = Math.max(0, anchor - 60);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length)
    end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** Sentences (or list items) of a document's text. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function buildIndex(docs: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'title', 'text', 'url'],
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(docs);
  return index;
}

/**
 * The search's questions. `fixed` are the documents no event describes (the static pages).
 * The index is rebuilt when the stored documents change (compared by a fingerprint of ids and
 * texts), so a read after a write sees the change.
 */
export function searchQueries(store: ReadStore, fixed: readonly SearchDocument[]) {
  let cached: { key: string; index: MiniSearch<SearchDocument> } | null = null;

  async function currentIndex(): Promise<MiniSearch<SearchDocument>> {
    const stored = await store
      .collection<SearchDoc>(SEARCH_COLLECTION)
      .find({ visible: true }, { sort: { _id: 1 } });
    const docs: SearchDocument[] = [
      ...fixed,
      ...stored.map(({ id, kind, title, text, url }) => ({ id, kind, title, text, url })),
    ];
    const key = docs
      .map((d) => `${d.id}\u0000${d.title}\u0000${d.text}\u0000${d.url}`)
      .join('\u0001');
    if (cached?.key !== key) cached = { key, index: buildIndex(docs) };
    return cached.index;
  }

  return {
    /** Results grouped by kind (providers first), best first in each group. */
    async search(query: string): Promise<SearchAnswer> {
      const q = normaliseSearchQuery(query);
      if (!q) return { query: q, total: 0, groups: [] };
      const index = await currentIndex();
      const results = index.search(q).slice(0, MAX_HITS);
      const hits: SearchHit[] = results.map((r) => {
        const doc = r as unknown as SearchDocument & { score: number; terms: string[] }; // stored fields
        return {
          id: doc.id,
          kind: doc.kind,
          title: highlight(doc.title, r.terms),
          snippet: highlight(snippetOf(doc.text, r.terms), r.terms),
          url: doc.url,
          score: Math.round(r.score * 100) / 100,
        };
      });
      const order: SearchKind[] = ['provider', 'page', 'post', 'city', 'keyword'];
      const groups = order
        .filter((kind) => SEARCH_KINDS.includes(kind))
        .map((kind) => ({ kind, hits: hits.filter((h) => h.kind === kind) }))
        .filter((g) => g.hits.length > 0);
      return { query: q, total: hits.length, groups };
    },

    /**
     * The passages that answer `question` best: from the best documents, the sentences holding
     * the most matched terms (at most `limit`, one per document). Empty when nothing matches
     * well enough; the caller then says plainly that the site has no answer.
     */
    async passages(question: string, limit = 3): Promise<Passage[]> {
      const q = normaliseSearchQuery(question);
      if (!q) return [];
      const index = await currentIndex();
      // Every meaningful word must be near something on the site: AND with fuzzy matching,
      // then OR as a fallback only when at least two words match one document.
      const words = q.toLowerCase().match(/[\p{L}\p{N}.]+/gu) ?? [];
      const meaningful = words.filter((w) => w.length > 2 && !STOP_WORDS.has(w));
      if (meaningful.length === 0) return [];
      const results = index.search(meaningful.join(' '), { combineWith: 'OR' });
      const passages: Passage[] = [];
      for (const r of results) {
        const matched = new Set(r.queryTerms);
        // One stray word in common is not an answer.
        if (matched.size < Math.min(2, meaningful.length)) continue;
        const doc = r as unknown as SearchDocument; // stored fields
        const terms = r.terms.map((t) => t.toLowerCase());
        let best = '';
        let bestScore = 0;
        for (const sentence of sentencesOf(doc.text)) {
          const lower = sentence.toLowerCase();
          const score = terms.filter((t) => lower.includes(t)).length;
          if (score > bestScore) [best, bestScore] = [sentence, score];
        }
        if (!best) continue;
        passages.push({ title: doc.title, url: doc.url, kind: doc.kind, text: best });
        if (passages.length >= limit) break;
      }
      return passages;
    },
  };
}

export type SearchQueries = ReturnType<typeof searchQueries>;

/** Words that carry no meaning for retrieval. */
const STOP_WORDS = new Set(
  (
    'the and for are was were what when where which who why how can could should would does did ' +
    'you your with from that this these those have has had not but about into than then them ' +
    'they their there its it\u2019s i\u2019m much many some any all per get got use used using ' +
    'is am be do of on in at to by or an a my me we our us will shall may might'
  ).split(' '),
);
