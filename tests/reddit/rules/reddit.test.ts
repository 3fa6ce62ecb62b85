import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildRedditSearchUrl,
  DEFAULT_REDDIT_QUERY,
  formatRedditScore,
  keepRedditPost,
} from '../../../domain/reddit/rules';
import { mapRedditListing } from '../../../domain/reddit/listing';

function params(url: string) {
  const u = new URL(url);
  return { path: `${u.origin}${u.pathname}`, ...Object.fromEntries(u.searchParams) };
}

describe('buildRedditSearchUrl', () => {
  it.each([
    [
      { subreddit: 'all' },
      { path: 'https://www.reddit.com/r/all/search.json', q: DEFAULT_REDDIT_QUERY },
    ],
    [
      { query: '   ', subreddit: 'all' },
      { path: 'https://www.reddit.com/r/all/search.json', q: DEFAULT_REDDIT_QUERY },
    ],
    [
      { query: 'zepbound cost' },
      { path: 'https://www.reddit.com/r/all/search.json', q: 'zepbound cost' },
    ],
    [
      { query: 'semaglutide experience', subreddit: 'loseit' },
      {
        path: 'https://www.reddit.com/r/loseit/search.json',
        q: 'semaglutide experience',
        restrict_sr: '1',
      },
    ],
    [
      { query: 'x', subreddit: '../../evil' },
      { path: 'https://www.reddit.com/r/all/search.json', q: 'x' },
    ],
  ])('%j', (input, expected) => {
    expect(params(buildRedditSearchUrl(input))).toEqual({
      sort: 'relevance',
      limit: '25',
      t: 'month',
      type: 'link',
      ...expected,
    });
  });
});

const child = (data: Record<string, unknown>) => ({
  kind: 't3',
  data: {
    id: 'abc',
    title: 'Three months on tirzepatide: my results',
    author: 'someone',
    subreddit: 'loseit',
    score: 1520,
    num_comments: 87,
    created_utc: 1735689600,
    permalink: '/r/loseit/comments/abc/three_months/',
    url: 'https://www.reddit.com/r/loseit/comments/abc/three_months/',
    selftext: 'Started at 2.5 mg and moved up every four weeks. Side effects were mild.',
    thumbnail: 'self',
    is_video: false,
    ...data,
  },
});

describe('mapRedditListing', () => {
  it('maps data.children[].data to posts', () => {
    const posts = mapRedditListing({
      data: { children: [child({ thumbnail: 'https://b.thumbs.redditmedia.com/x.jpg' })] },
    });
    expect(posts).toEqual([
      {
        id: 'abc',
        title: 'Three months on tirzepatide: my results',
        author: 'someone',
        subreddit: 'loseit',
        score: 1520,
        num_comments: 87,
        created_utc: 1735689600,
        url: 'https://www.reddit.com/r/loseit/comments/abc/three_months/',
        selftext: 'Started at 2.5 mg and moved up every four weeks. Side effects were mild.',
        thumbnail: 'https://b.thumbs.redditmedia.com/x.jpg',
      },
    ]);
  });

  it('cuts the body text to 300 characters', () => {
    const [post] = mapRedditListing({
      data: { children: [child({ selftext: 'x'.repeat(1000) })] },
    });
    expect(post?.selftext).toBe('x'.repeat(300));
  });

  it('gives no thumbnail for Reddit markers', () => {
    const [post] = mapRedditListing({ data: { children: [child({ thumbnail: 'self' })] } });
    expect(post?.thumbnail).toBeNull();
  });

  it.each([
    ['a video', { is_video: true }],
    ['a link ending in .jpg', { url: 'https://i.redd.it/photo.jpg' }],
    ['a link ending in .PNG with a query', { url: 'https://i.imgur.com/photo.PNG?width=640' }],
    ['a .gif link', { url: 'https://i.redd.it/a.gif' }],
    ['the image thumbnail marker', { thumbnail: 'image' }],
    ['short body and short title', { title: 'Week 4 update', selftext: 'Down 6 lb.' }],
  ])('drops %s', (_case, data) => {
    expect(mapRedditListing({ data: { children: [child(data)] } })).toEqual([]);
  });

  it.each([
    ['a long title with no body', { title: 'Exactly twenty-one ch', selftext: '' }],
    ['a long body with a short title', { title: 'Update', selftext: 'y'.repeat(51) }],
  ])('keeps %s', (_case, data) => {
    expect(mapRedditListing({ data: { children: [child(data)] } })).toHaveLength(1);
  });

  it('keeps a title of exactly 20 characters only with a body over 50', () => {
    expect(
      keepRedditPost({
        is_video: false,
        url: '',
        thumbnail: '',
        title: 'x'.repeat(20),
        selftext: 'y'.repeat(50),
      }),
    ).toBe(false);
    expect(
      keepRedditPost({
        is_video: false,
        url: '',
        thumbnail: '',
        title: 'x'.repeat(20),
        selftext: 'y'.repeat(51),
      }),
    ).toBe(true);
  });

  it('skips malformed children and keeps the good ones', () => {
    const posts = mapRedditListing({
      data: {
        children: [
          null,
          { data: { id: 'x' } },
          child({ created_utc: 'yesterday' }),
          child({ id: 'good' }),
          'junk',
        ],
      },
    });
    expect(posts.map((p) => p.id)).toEqual(['good']);
  });

  it.each([null, undefined, 'oops', {}, { data: {} }, { data: { children: 'no' } }])(
    'returns [] for %j',
    (json) => {
      expect(mapRedditListing(json)).toEqual([]);
    },
  );

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(Array.isArray(mapRedditListing(json))).toBe(true);
        expect(Array.isArray(mapRedditListing({ data: { children: [json] } }))).toBe(true);
      }),
    );
  });
});

describe('formatRedditScore: 1000 and above as x.xk', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0k'],
    [1500, '1.5k'],
    [23456, '23.5k'],
    [-3, '-3'],
  ])('%d -> %s', (score, text) => {
    expect(formatRedditScore(score)).toBe(text);
  });
});
