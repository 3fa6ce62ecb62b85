import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../workers/bootstrap/config';
import { DEFAULT_REDDIT_QUERY, isRedditImageUrl } from '../../../domain/reddit/rules';
import {
  closestRedditSnapshot,
  formatSnapshotAge,
  parseViewerInput,
  redditSearchKey,
  scheduledRedditSearches,
  type RedditSearch,
} from '../../../domain/reddit/snapshot';
import { catchUpDue } from '../../../workers/reddit';
import { retryAfterMs } from '../../../workers/reddit/client';

describe('parseViewerInput: the URL search, checked', () => {
  it.each([
    [{}, { ok: true, search: { query: DEFAULT_REDDIT_QUERY, subreddit: 'all' }, isDefault: true }],
    [
      { q: '  ', subreddit: 'loseit' },
      { ok: true, search: { query: DEFAULT_REDDIT_QUERY, subreddit: 'loseit' }, isDefault: true },
    ],
    [
      { q: ' zepbound   cost ' },
      { ok: true, search: { query: 'zepbound cost', subreddit: 'all' }, isDefault: false },
    ],
    [{ subreddit: 'AskReddit' }, { ok: false, field: 'subreddit' }],
    [{ subreddit: 'loseit/../x' }, { ok: false, field: 'subreddit' }],
    [
      { q: 'x'.repeat(201) },
      { ok: false, field: 'q', message: 'The search is too long: at most 200 characters' },
    ],
    [{ q: ['a', 'b'] }, { ok: false, field: 'q', message: 'The search must be text' }],
  ])('%j -> %j', (input, expected) => {
    expect(parseViewerInput(input)).toMatchObject(expected);
  });

  it('names the unknown subreddit and the choices', () => {
    const result = parseViewerInput({ subreddit: 'nope' });
    expect(result.ok ? '' : result.message).toBe(
      'Unknown subreddit "nope": choose one of all, WeightLossAdvice, diabetes, loseit, WeightLossHelp, progresspics, medical, medicine',
    );
  });
});

describe('redditSearchKey', () => {
  it.each([
    ['Zepbound  Cost', 'loseit', 'loseit|zepbound cost'],
    ['', 'all', `all|${DEFAULT_REDDIT_QUERY.toLowerCase()}`],
  ] as const)('%s in %s -> %s', (query, subreddit, key) => {
    expect(redditSearchKey(query, subreddit)).toBe(key);
  });
});

describe('scheduledRedditSearches', () => {
  it('covers the default query and the 8 chips in the 8 subreddits, default first', () => {
    const searches = scheduledRedditSearches();
    expect(searches).toHaveLength(72);
    expect(searches[0]).toEqual({ query: DEFAULT_REDDIT_QUERY, subreddit: 'all' });
    expect(new Set(searches.map((s) => redditSearchKey(s.query, s.subreddit))).size).toBe(72);
  });
});

describe('closestRedditSnapshot', () => {
  const snaps: RedditSearch[] = [
    { query: DEFAULT_REDDIT_QUERY, subreddit: 'all' },
    { query: DEFAULT_REDDIT_QUERY, subreddit: 'loseit' },
    { query: 'tirzepatide results', subreddit: 'all' },
    { query: 'tirzepatide results', subreddit: 'loseit' },
    { query: 'zepbound cost', subreddit: 'all' },
  ];
  it.each([
    [{ query: 'tirzepatide nausea', subreddit: 'loseit' }, snaps[3]],
    [{ query: 'tirzepatide nausea', subreddit: 'diabetes' }, snaps[2]],
    [{ query: 'hair loss', subreddit: 'loseit' }, snaps[1]],
    [{ query: 'hair loss', subreddit: 'medical' }, snaps[0]],
  ] as const)('%j -> %j', (search, expected) => {
    expect(closestRedditSnapshot(search, snaps)).toBe(expected);
  });
  it('is undefined with nothing to show', () => {
    expect(closestRedditSnapshot({ query: 'x', subreddit: 'all' }, [])).toBeUndefined();
  });
});

describe('formatSnapshotAge', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', 'Updated just now'],
    ['2026-01-10T11:59:00Z', 'Updated 1 minute ago'],
    ['2026-01-10T11:15:00Z', 'Updated 45 minutes ago'],
    ['2026-01-10T09:00:00Z', 'Updated 3 hours ago'],
    ['2026-01-08T13:00:00Z', 'Updated 47 hours ago'],
    ['2026-01-07T12:00:00Z', 'Updated 3 days ago'],
    ['2026-01-10T12:05:00Z', 'Updated just now'],
  ])('%s -> %s', (takenAt, text) => {
    expect(formatSnapshotAge(takenAt, now)).toBe(text);
  });
});

describe('isRedditImageUrl: thumbnails only from Reddit image hosts', () => {
  it.each([
    ['https://b.thumbs.redditmedia.com/x.jpg', true],
    ['https://a.thumbs.redditmedia.com/x.jpg', true],
    ['https://preview.redd.it/x.png?width=140', true],
    ['https://external-preview.redd.it/x.jpg', true],
    ['https://i.redd.it/x.jpeg', true],
    ['http://b.thumbs.redditmedia.com/x.jpg', false],
    ['https://b.thumbs.redditmedia.com:8443/x.jpg', false],
    ['https://evil.com/b.thumbs.redditmedia.com.jpg', false],
    ['https://b.thumbs.redditmedia.com.evil.com/x.jpg', false],
    ['self', false],
    ['', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isRedditImageUrl(url)).toBe(allowed);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it.each([
    ['7', 7000],
    ['0', 0],
    ['Sat, 10 Jan 2026 12:00:30 GMT', 30_000],
    ['soon', undefined],
    [null, undefined],
  ])('%s -> %s', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });
});

describe('catchUpDue: a full run is owed after a missed cron time', () => {
  const cron = '0 */6 * * *';
  it.each([
    [undefined, '2026-01-10T12:30:00Z', true],
    ['2026-01-10T06:00:00Z', '2026-01-10T12:30:00Z', true],
    ['2026-01-10T06:00:00Z', '2026-01-10T12:01:00Z', false],
    ['2026-01-10T12:00:05Z', '2026-01-10T12:30:00Z', false],
  ])('last %s, now %s -> %s', (last, now, due) => {
    expect(catchUpDue(last, cron, new Date(now))).toBe(due);
  });
});

describe('the Reddit configuration', () => {
  it('defaults to Reddit, every 6 hours, 10 requests a minute, a descriptive User-Agent', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://vialcompare.example' });
    expect(config).toMatchObject({
      REDDIT_BASE_URL: 'https://www.reddit.com',
      REDDIT_REFRESH_CRON: '0 */6 * * *',
      REDDIT_REQUESTS_PER_MINUTE: 10,
      REDDIT_RUN_BUDGET: 100,
      REDDIT_USER_AGENT:
        'web:vialcompare:1.0 (GLP-1 provider comparison; +https://vialcompare.example)',
    });
  });
  it.each([
    [
      { REDDIT_BASE_URL: 'reddit.com' },
      'REDDIT_BASE_URL: REDDIT_BASE_URL must be a http: or https:// URL',
    ],
    [
      { REDDIT_REFRESH_CRON: 'every 6 hours' },
      'REDDIT_REFRESH_CRON: REDDIT_REFRESH_CRON must be a cron expression',
    ],
    [{ REDDIT_REFRESH_CRON: '61 * * * *' }, 'REDDIT_REFRESH_CRON must be a cron expression'],
    [{ REDDIT_REQUESTS_PER_MINUTE: '0' }, 'REDDIT_REQUESTS_PER_MINUTE must be between 1 and 6000'],
    [{ REDDIT_REQUESTS_PER_MINUTE: 'ten' }, 'REDDIT_REQUESTS_PER_MINUTE must be a number'],
    [{ REDDIT_RUN_BUDGET: '2.5' }, 'REDDIT_RUN_BUDGET must be a whole number'],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
