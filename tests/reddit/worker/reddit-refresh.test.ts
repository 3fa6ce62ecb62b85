/**
 * The Reddit refresh against a local fake Reddit (tests/support/fake-reddit.ts): the real HTTP
 * client, the keep rules and mapping on real response shapes, Retry-After, 5xx, no network,
 * and the on-demand requests a visitor's uncovered search leaves.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REDDIT_QUERY } from '../../../domain/reddit/rules';
import { scheduledRedditSearches } from '../../../domain/reddit/snapshot';
import { openReadStore, type ReadStore } from '../../../projections/read-store';
import {
  MAX_PENDING_REQUESTS,
  redditQueries,
  keptRedditSnapshots,
} from '../../../projections/reddit';
import { refreshAll, runRedditRefresh, tick, type RedditJobDeps } from '../../../workers/reddit';
import { REDDIT_REFRESH_JOB } from '../../../workers/reddit';
import { FAKE_POSTS, KEPT_IDS, startFakeReddit, type FakeReddit } from '../../support/fake-reddit';

const SEARCH = { query: 'tirzepatide results', subreddit: 'all' as const };

let fake: FakeReddit;
let readStore: ReadStore;
let waits: number[];
let logged: Array<{ level: string; message: string; fields?: Record<string, unknown> }>;
let enqueued: Array<{ name: string; data: unknown }>;

function deps(overrides: Partial<RedditJobDeps['config']> = {}): RedditJobDeps {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    logged.push({ level, message, ...(fields ? { fields } : {}) });
  return {
    config: {
      REDDIT_BASE_URL: fake.baseUrl,
      REDDIT_REFRESH_CRON: '0 */6 * * *',
      REDDIT_REQUESTS_PER_MINUTE: 10,
      REDDIT_RUN_BUDGET: 100,
      REDDIT_USER_AGENT: 'web:vialcompare-test:1.0 (tests)',
      ...overrides,
    },
    readStore,
    queue: {
      enqueue: async (name, data) => {
        enqueued.push({ name, data });
      },
    },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    // Waits are recorded, not spent: the pacing and Retry-After are asserted from them.
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

beforeAll(async () => {
  fake = await startFakeReddit();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  readStore = await openReadStore({ kind: 'memory' });
  waits = [];
  logged = [];
  enqueued = [];
  fake.requests.length = 0;
});
afterEach(async () => {
  await readStore.close();
});

describe('one search against the fake Reddit', () => {
  it('asks the search endpoint with the spec parameters and a descriptive User-Agent', async () => {
    await runRedditRefresh(deps(), 'manual', [{ query: 'zepbound cost', subreddit: 'loseit' }], 5);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/r/loseit/search.json');
    expect(request?.query).toEqual({
      q: 'zepbound cost',
      sort: 'relevance',
      limit: '25',
      t: 'month',
      type: 'link',
      restrict_sr: '1',
    });
    expect(request?.headers['user-agent']).toBe('web:vialcompare-test:1.0 (tests)');
  });

  it('keeps only the posts the four rules keep, mapped as specified', async () => {
    await runRedditRefresh(deps(), 'manual', [SEARCH], 5);
    const snapshot = await keptRedditSnapshots(readStore).latest(SEARCH);
    expect(snapshot?.posts.map((p) => p.id)).toEqual(KEPT_IDS);
    const [long, low, foreign] = snapshot?.posts ?? [];
    expect(long).toEqual({
      id: 'long1',
      title: 'Tirzepatide 3 months in: my honest experience',
      author: 'jab_journal',
      subreddit: 'Mounjaro',
      score: 1534,
      num_comments: 212,
      created_utc: FAKE_POSTS.longBody.data.created_utc,
      url: 'https://www.reddit.com/r/Mounjaro/comments/long1/post/',
      selftext: FAKE_POSTS.longBody.data.selftext.slice(0, 300),
      thumbnail: 'https://b.thumbs.redditmedia.com/abcDEF123.jpg',
    });
    expect(long?.selftext).toHaveLength(300);
    expect(long?.selftext).not.toContain('END-OF-SNIPPET-MARKER');
    expect(low?.score).toBe(999);
    // A thumbnail from any host but Reddit's image hosts is not shown.
    expect(foreign?.thumbnail).toBeNull();
  });

  it('waits as long as a 429 Retry-After asks, once, then records the snapshot', async () => {
    fake.script({ status: 429, headers: { 'Retry-After': '7' } });
    const run = await runRedditRefresh(deps(), 'manual', [SEARCH], 5);
    expect(run.status).toBe('succeeded');
    expect(fake.requests).toHaveLength(2);
    expect(waits).toContain(7000);
    expect((await keptRedditSnapshots(readStore).latest(SEARCH))?.posts).toHaveLength(3);
  });

  it('keeps the last good snapshot when Reddit answers 500 three times', async () => {
    await runRedditRefresh(deps(), 'scheduled', [SEARCH], 5);
    const good = await keptRedditSnapshots(readStore).latest(SEARCH);
    fake.script({ status: 500 }, { status: 500 }, { status: 500 });

    const run = await runRedditRefresh(deps(), 'scheduled', [SEARCH], 5);

    expect(run.status).toBe('failed');
    expect(run.results[0]?.error).toBe('Reddit answered HTTP 500 (attempt 3 of 3)');
    expect(fake.requests).toHaveLength(4);
    expect(await keptRedditSnapshots(readStore).latest(SEARCH)).toEqual(good);
    expect(logged.find((l) => l.level === 'error')?.message).toBe(
      'reddit refresh did not complete; the last good snapshots stay',
    );
  });

  it('spreads the requests of a run at the configured pace', async () => {
    await runRedditRefresh(
      deps({ REDDIT_REQUESTS_PER_MINUTE: 10 }),
      'manual',
      scheduledRedditSearches().slice(0, 3),
      5,
    );
    expect(fake.requests).toHaveLength(3);
    // 10 a minute: each request after the first waits up to 6 s for its slot.
    expect(waits).toHaveLength(2);
    for (const ms of waits) expect(ms).toBeGreaterThan(5000);
  });

  it('stops at the run budget and says so', async () => {
    const run = await runRedditRefresh(deps(), 'manual', scheduledRedditSearches(), 4);
    expect(fake.requests).toHaveLength(4);
    expect(run.status).toBe('partial');
    expect(run.error).toBe('request budget of 4 for this run is spent');
  });
});

describe('without a network', () => {
  it('fails cleanly after three unreachable searches, logs why and keeps the snapshots', async () => {
    await runRedditRefresh(deps(), 'scheduled', [SEARCH], 5);
    const good = await keptRedditSnapshots(readStore).latest(SEARCH);
    const closed = await startFakeReddit();
    const unreachable = closed.baseUrl;
    await closed.close();

    const run = await runRedditRefresh(
      deps({ REDDIT_BASE_URL: unreachable }),
      'scheduled',
      scheduledRedditSearches(),
      100,
    );

    expect(run.status).toBe('failed');
    expect(run.results).toHaveLength(3);
    expect(run.error).toMatch(/^stopped after 3 searches in a row could not reach Reddit/);
    expect(run.results[0]?.error).toMatch(/^Reddit unreachable: ECONNREFUSED/);
    const error = logged.find((l) => l.level === 'error');
    expect(error?.fields?.reason).toBe(run.error);
    expect(await keptRedditSnapshots(readStore).latest(SEARCH)).toEqual(good);
  });
});

describe('a visitor search no snapshot covers', () => {
  it('is answered from the closest snapshot, requested once, and fetched by the tick', async () => {
    await runRedditRefresh(deps(), 'scheduled', [SEARCH], 5);
    const queries = redditQueries(readStore);
    const wanted = { query: 'tirzepatide nausea', subreddit: 'all' as const, isDefault: false };

    const first = await queries.redditViewer(wanted);
    expect(first).toMatchObject({ covered: false, refreshPending: true });
    expect(first.snapshot?.query).toBe('tirzepatide results');
    await queries.redditViewer(wanted);
    expect(await keptRedditSnapshots(readStore).pendingCount()).toBe(1);

    fake.requests.length = 0;
    await keptRedditSnapshots(readStore).startRun({
      _id: 'last-full',
      kind: 'scheduled',
      startedAt: new Date().toISOString(),
      status: 'succeeded',
      requests: 1,
      results: [],
    });
    const ticked = await tick(deps());
    expect(ticked).toMatchObject({ onDemand: 1, status: 'succeeded' });
    expect(fake.requests.map((r) => r.query.q)).toEqual(['tirzepatide nausea']);

    const after = await queries.redditViewer(wanted);
    expect(after).toMatchObject({ covered: true, refreshPending: false });
    expect(after.snapshot?.posts).toHaveLength(3);
  });

  it('is not fetched again within the cooldown, and the waiting list is capped', async () => {
    const store = keptRedditSnapshots(readStore);
    const now = new Date();
    const search = { query: 'ozempic hair loss', subreddit: 'all' as const };
    expect(await store.requestRefresh(search, now)).toBe('queued');
    expect(await store.requestRefresh(search, now)).toBe('already-queued');
    await store.markAttempted('all|ozempic hair loss', now);
    expect(await store.requestRefresh(search, new Date(now.getTime() + 60_000))).toBe(
      'recently-fetched',
    );
    // A failed fetch may be asked for again after a short wait, not after ten minutes.
    const down = { query: 'mounjaro pharmacy', subreddit: 'all' as const };
    expect(await store.requestRefresh(down, now)).toBe('queued');
    await store.markAttempted('all|mounjaro pharmacy', now, false);
    expect(await store.requestRefresh(down, new Date(now.getTime() + 5_000))).toBe(
      'recently-fetched',
    );
    expect(await store.requestRefresh(down, new Date(now.getTime() + 20_000))).toBe('queued');
    for (let i = 0; i < MAX_PENDING_REQUESTS - 1; i++) {
      await store.requestRefresh({ query: `search ${i}`, subreddit: 'all' }, now);
    }
    expect(await store.requestRefresh({ query: 'one too many', subreddit: 'all' }, now)).toBe(
      'busy',
    );
  });

  it('with an empty store answers no snapshot, and the default query is requested', async () => {
    const answer = await redditQueries(readStore).redditViewer({
      query: DEFAULT_REDDIT_QUERY,
      subreddit: 'all',
      isDefault: true,
    });
    expect(answer).toMatchObject({ covered: false, snapshot: null, refreshPending: true });
  });
});

describe('the full refresh', () => {
  it('fetches waiting visitor searches first, then every scheduled search', async () => {
    await keptRedditSnapshots(readStore).requestRefresh(
      { query: 'wegovy insurance', subreddit: 'all' },
      new Date(),
    );
    const run = await refreshAll(deps({ REDDIT_REQUESTS_PER_MINUTE: 6000 }), 'manual');
    expect(run?.status).toBe('succeeded');
    expect(run?.results).toHaveLength(1 + scheduledRedditSearches().length);
    expect(fake.requests[0]?.query.q).toBe('wegovy insurance');
    expect(await keptRedditSnapshots(readStore).pendingCount()).toBe(0);
  });

  it('is skipped while another run is in progress', async () => {
    await keptRedditSnapshots(readStore).startRun({
      _id: 'running',
      kind: 'scheduled',
      startedAt: new Date().toISOString(),
      status: 'running',
      requests: 0,
      results: [],
    });
    expect(await refreshAll(deps(), 'manual')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('is owed after a restart that missed the scheduled time: the tick queues a catch-up', async () => {
    await keptRedditSnapshots(readStore).startRun({
      _id: 'old',
      kind: 'scheduled',
      startedAt: '2026-03-10T08:00:00.000Z',
      status: 'succeeded',
      requests: 73,
      results: [],
    });
    // A fixed clock, well past the 12:00 firing and its grace: on the wall clock the test failed
    // in the two minutes after each firing, when a catch-up is rightly not yet owed.
    const now = () => new Date('2026-03-10T15:00:00.000Z');
    expect(await tick({ ...deps(), now })).toMatchObject({ catchUp: true });
    expect(enqueued).toEqual([{ name: REDDIT_REFRESH_JOB, data: { kind: 'catch-up' } }]);
  });
});
