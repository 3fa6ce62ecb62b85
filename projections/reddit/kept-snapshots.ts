/**
 * The kept Reddit snapshots: data the refresh jobs (workers/reddit) fetch and write directly,
 * not a projection: no event produces it and a rebuild cannot bring it back (see
 * docs/architecture.md, "Reddit snapshots"). It sits in projections/ because the read side's
 * queries (queries.ts) read it and projections/ may import no other layer. Three collections
 * of the ReadStore:
 *
 *   reddit_snapshots  good snapshots, the newest REDDIT_SNAPSHOT_HISTORY per search
 *   reddit_runs       the refresh runs (status, per-search counts and failures), the last 30
 *   reddit_requests   visitors' searches no snapshot covers, waiting for an on-demand fetch
 *
 * A failed fetch never touches reddit_snapshots: the last good snapshot stays.
 */
import {
  REDDIT_SNAPSHOT_HISTORY,
  redditSearchKey,
  type RedditSearch,
  type RedditSnapshot,
} from '../../domain/reddit/snapshot';
import type { ReadStore } from '../read-store/port';

export const REDDIT_COLLECTIONS = {
  snapshots: 'reddit_snapshots',
  runs: 'reddit_runs',
  requests: 'reddit_requests',
} as const;

const RUNS_KEPT = 30;
/** Waiting on-demand searches at most: beyond, new ones are refused until the queue drains. */
export const MAX_PENDING_REQUESTS = 50;
/** One search is fetched on demand at most once in this window. */
export const REQUEST_COOLDOWN_MS = 10 * 60 * 1000;
/** After a failed on-demand fetch, the search may be asked for again this much later. */
export const FAILED_REQUEST_COOLDOWN_MS = 15 * 1000;

export type StoredSnapshot = RedditSnapshot & { _id: string };

export type RunKind = 'scheduled' | 'manual' | 'catch-up' | 'on-demand';
export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'skipped';

export type RunResult = RedditSearch & {
  key: string;
  /** Posts kept, when the fetch worked. */
  posts?: number;
  error?: string;
};

export type RefreshRun = {
  _id: string;
  kind: RunKind;
  startedAt: string;
  finishedAt?: string;
  status: RunStatus;
  requests: number;
  results: RunResult[];
  /** Why the run as a whole failed or stopped early. */
  error?: string;
};

export type RefreshRequest = RedditSearch & {
  _id: string;
  requestedAt: string;
  state: 'pending' | 'done';
  attemptedAt?: string;
  /** The last attempt got no snapshot. */
  failed?: boolean;
};

export type RequestOutcome = 'queued' | 'already-queued' | 'recently-fetched' | 'busy';

export function keptRedditSnapshots(store: ReadStore) {
  const snapshots = store.collection<StoredSnapshot>(REDDIT_COLLECTIONS.snapshots);
  const runs = store.collection<RefreshRun>(REDDIT_COLLECTIONS.runs);
  const requests = store.collection<RefreshRequest>(REDDIT_COLLECTIONS.requests);

  return {
    /** Keeps a good snapshot and drops the oldest beyond the history. */
    async record(snapshot: RedditSnapshot): Promise<void> {
      await snapshots.upsert({ ...snapshot, _id: `${snapshot.key}@${snapshot.takenAt}` });
      const history = await snapshots.find(
        { key: snapshot.key },
        { sort: { takenAt: -1 }, skip: REDDIT_SNAPSHOT_HISTORY, projection: { _id: 1 } },
      );
      if (history.length > 0) {
        await snapshots.delete({ _id: { $in: history.map((doc) => doc._id) } });
      }
    },

    /** The newest good snapshot of a search, or null. */
    async latest(search: RedditSearch): Promise<StoredSnapshot | null> {
      const [newest] = await snapshots.find(
        { key: redditSearchKey(search.query, search.subreddit) },
        { sort: { takenAt: -1 }, limit: 1 },
      );
      return newest ?? null;
    },

    /** The newest snapshot of every search, without posts (for choosing and for the back office). */
    async latestPerSearch(): Promise<Array<Omit<StoredSnapshot, 'posts'> & { count: number }>> {
      const all = await snapshots.find({}, { sort: { takenAt: -1 } });
      const seen = new Set<string>();
      const newest: Array<Omit<StoredSnapshot, 'posts'> & { count: number }> = [];
      for (const { posts, ...rest } of all) {
        if (seen.has(rest.key)) continue;
        seen.add(rest.key);
        newest.push({ ...rest, count: posts.length });
      }
      return newest;
    },

    async byId(id: string): Promise<StoredSnapshot | null> {
      return snapshots.findOne({ _id: id });
    },

    async startRun(run: RefreshRun): Promise<void> {
      await runs.upsert(run);
      // On-demand runs are frequent: they are kept apart, so they never push full runs out.
      const group = run.kind === 'on-demand' ? 'on-demand' : { $ne: 'on-demand' };
      const old = await runs.find(
        { kind: group },
        { sort: { startedAt: -1 }, skip: RUNS_KEPT, projection: { _id: 1 } },
      );
      if (old.length > 0) await runs.delete({ _id: { $in: old.map((doc) => doc._id) } });
    },

    async saveRun(run: RefreshRun): Promise<void> {
      await runs.upsert(run);
    },

    /** Newest first. */
    async recentRuns(limit = 10): Promise<RefreshRun[]> {
      return runs.find({}, { sort: { startedAt: -1 }, limit });
    },

    /** The newest full refresh (every kind but on-demand), whatever its outcome. */
    async lastFullRun(): Promise<RefreshRun | null> {
      const [run] = await runs.find(
        { kind: { $ne: 'on-demand' }, status: { $ne: 'skipped' } },
        { sort: { startedAt: -1 }, limit: 1 },
      );
      return run ?? null;
    },

    /**
     * Asks for an on-demand fetch of a search: deduplicated (one waiting request per search),
     * at most once per search in REQUEST_COOLDOWN_MS, at most MAX_PENDING_REQUESTS waiting.
     */
    async requestRefresh(search: RedditSearch, now: Date): Promise<RequestOutcome> {
      const key = redditSearchKey(search.query, search.subreddit);
      const existing = await requests.findOne({ _id: key });
      if (existing?.state === 'pending') return 'already-queued';
      const cooldown = existing?.failed ? FAILED_REQUEST_COOLDOWN_MS : REQUEST_COOLDOWN_MS;
      if (existing?.attemptedAt && now.getTime() - Date.parse(existing.attemptedAt) < cooldown) {
        return 'recently-fetched';
      }
      if ((await requests.count({ state: 'pending' })) >= MAX_PENDING_REQUESTS) return 'busy';
      await requests.upsert({
        _id: key,
        query: search.query,
        subreddit: search.subreddit,
        requestedAt: now.toISOString(),
        state: 'pending',
      });
      return 'queued';
    },

    /** The on-demand request of a search (waiting, or done with its last attempt), or null. */
    async requestOf(search: RedditSearch): Promise<RefreshRequest | null> {
      return requests.findOne({ _id: redditSearchKey(search.query, search.subreddit) });
    },

    async pendingRequests(limit: number): Promise<RefreshRequest[]> {
      return requests.find({ state: 'pending' }, { sort: { requestedAt: 1 }, limit });
    },

    async pendingCount(): Promise<number> {
      return requests.count({ state: 'pending' });
    },

    async markAttempted(key: string, now: Date, ok = true): Promise<void> {
      await requests.update(
        { _id: key },
        { $set: { state: 'done', attemptedAt: now.toISOString(), failed: !ok } },
      );
      // Finished requests older than a day say nothing any more.
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
      await requests.delete({ state: 'done', attemptedAt: { $lt: dayAgo } });
    },
  };
}

export type KeptRedditSnapshots = ReturnType<typeof keptRedditSnapshots>;
