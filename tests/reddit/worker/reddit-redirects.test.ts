/**
 * The Reddit client follows redirects itself (issue 23): at most 3, and only to Reddit's https
 * hosts or REDDIT_BASE_URL's own origin (the local fake here). A redirect anywhere else (a
 * loopback or private address, another host) fails the search with a message the run records.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openReadStore } from '../../../projections/read-store';
import { runRedditRefresh, type RedditJobDeps } from '../../../workers/reddit';
import {
  createRedditClient,
  createRequestPacer,
  redirectAllowed,
  RedditFetchError,
} from '../../../workers/reddit/client';
import { startFakeReddit, type FakeReddit } from '../../support/fake-reddit';

const SEARCH = { query: 'tirzepatide results', subreddit: 'all' as const };

let fake: FakeReddit;
/** A server that must never be asked: what a redirect to a private address would reach. */
let elsewhere: Server;
let elsewhereHits: string[];
let elsewhereUrl: string;

beforeAll(async () => {
  fake = await startFakeReddit();
  elsewhereHits = [];
  elsewhere = createServer((req, res) => {
    elsewhereHits.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
});
beforeEach(() => {
  fake.requests.length = 0;
  elsewhereHits.length = 0;
});

const client = () =>
  createRedditClient({
    baseUrl: fake.baseUrl,
    userAgent: 'web:vialcompare-test:1.0 (tests)',
    timeoutMs: 5000,
    pacer: createRequestPacer({ intervalMs: 0, budget: 10 }),
    sleep: async () => undefined,
  });

const redirect = (location: string) => ({ status: 302, headers: { Location: location } });

async function failure(promise: Promise<unknown>): Promise<RedditFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RedditFetchError) return error;
    throw error;
  }
  throw new Error('the search did not fail');
}

describe('redirects from Reddit', () => {
  it('follows up to 3 within the allowed hosts', async () => {
    const again = `${fake.baseUrl}/r/all/search.json?q=again`;
    fake.script(redirect(again), { status: 301, headers: { Location: again } }, redirect(again));
    const posts = await client().search(SEARCH);
    expect(posts.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(4);
  });

  it('fails at the 4th', async () => {
    const again = `${fake.baseUrl}/r/all/search.json?q=again`;
    fake.script(redirect(again), redirect(again), redirect(again), redirect(again));
    const error = await failure(client().search(SEARCH));
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe('Reddit redirected more than 3 times');
    expect(fake.requests).toHaveLength(4);
  });

  it.each([
    ['another origin on a loopback address', () => `${elsewhereUrl}/steal`],
    ['the same port under another host name', () => fake.baseUrl.replace('127.0.0.1', 'localhost')],
    ['a private address', () => 'http://10.0.0.1/latest/meta-data'],
    ['plain http to Reddit', () => 'http://www.reddit.com/r/all/search.json'],
  ])('refuses a redirect to %s without asking it', async (_case, location) => {
    fake.script(redirect(location()));
    const error = await failure(client().search(SEARCH));
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe(
      `Reddit redirected to ${new URL(location()).origin}, which is not Reddit`,
    );
    expect(elsewhereHits).toEqual([]);
  });

  it('a redirect without a Location is a failure too', async () => {
    fake.script({ status: 302 });
    expect((await failure(client().search(SEARCH))).message).toBe(
      'Reddit answered HTTP 302 without a Location',
    );
  });

  it('the run records the refused redirect like any other failure', async () => {
    const readStore = await openReadStore({ kind: 'memory' });
    const deps: RedditJobDeps = {
      config: {
        REDDIT_BASE_URL: fake.baseUrl,
        REDDIT_REFRESH_CRON: '0 */6 * * *',
        REDDIT_REQUESTS_PER_MINUTE: 6000,
        REDDIT_RUN_BUDGET: 100,
        REDDIT_USER_AGENT: 'web:vialcompare-test:1.0 (tests)',
      },
      readStore,
      queue: { enqueue: async () => undefined },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      sleep: async () => undefined,
    };
    fake.script(redirect(`${elsewhereUrl}/steal`));
    const run = await runRedditRefresh(deps, 'manual', [SEARCH], 5);
    await readStore.close();
    expect(run.status).toBe('failed');
    expect(run.results[0]?.error).toBe(`Reddit redirected to ${elsewhereUrl}, which is not Reddit`);
    expect(elsewhereHits).toEqual([]);
  });
});

describe('redirectAllowed', () => {
  it.each([
    ['https://www.reddit.com/r/all/search.json', true],
    ['https://reddit.com/r/all/search.json', true],
    ['https://old.reddit.com/r/all/search.json', true],
    ['https://oauth.reddit.com/r/all/search.json', true],
    ['https://WWW.Reddit.com./r/all', false],
    ['http://www.reddit.com/r/all', false],
    ['https://www.reddit.com.evil.example/', false],
    ['https://evilreddit.com/', false],
    ['https://127.0.0.1/', false],
    ['http://127.0.0.1:9999/x', true], // REDDIT_BASE_URL's own origin
    ['http://127.0.0.1:9998/x', false],
  ])('%s -> %s', (target, allowed) => {
    expect(redirectAllowed(new URL(target), 'http://127.0.0.1:9999')).toBe(allowed);
  });
});
