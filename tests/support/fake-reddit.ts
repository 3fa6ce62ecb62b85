/**
 * A local fake of Reddit's public search (`/r/{subreddit}/search.json`), started by the tests
 * on 127.0.0.1: the real client talks HTTP to it, never to Reddit. Its listing has the shapes
 * Reddit answers (kind t3 children with the fields Reddit sends), one child per keep rule.
 * A test can script the next answers (a 429 with Retry-After, 500s) and read what was asked.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const LONG_BODY =
  'Week 12 on tirzepatide. Started at 5 mg, now at 7.5 mg. Appetite is much lower, the first ' +
  'two weeks had some nausea that went away with smaller meals and more water. Down 18 pounds ' +
  'so far. Cost was the hardest part: insurance refused, so I moved to a telehealth provider ' +
  'and pay cash. Sleep is better. Happy to answer questions about the titration schedule and ' +
  'what helped with the side effects. END-OF-SNIPPET-MARKER this part must never be shown.';

/** What Reddit sends for one post (a subset of its ~100 fields, with their real types). */
function t3<T extends Record<string, unknown>>(data: T) {
  return {
    kind: 't3',
    data: {
      approved_at_utc: null,
      subreddit: 'Mounjaro',
      selftext: '',
      author_fullname: 't2_abc123',
      title: '',
      subreddit_name_prefixed: 'r/Mounjaro',
      name: `t3_${String(data.id)}`,
      upvote_ratio: 0.97,
      ups: data.score,
      thumbnail_height: 140,
      thumbnail_width: 140,
      post_hint: 'self',
      is_self: true,
      created: data.created_utc,
      domain: 'self.Mounjaro',
      over_18: false,
      spoiler: false,
      locked: false,
      stickied: false,
      media: null,
      is_video: false,
      thumbnail: 'self',
      url: `https://www.reddit.com/r/Mounjaro/comments/${String(data.id)}/post/`,
      permalink: `/r/Mounjaro/comments/${String(data.id)}/post/`,
      ...data,
    },
  };
}

const CREATED = 1_763_000_000; // 2025-11-13

/** The fixture posts, by what each one checks. */
export const FAKE_POSTS = {
  longBody: t3({
    id: 'long1',
    title: 'Tirzepatide 3 months in: my honest experience',
    author: 'jab_journal',
    score: 1534,
    num_comments: 212,
    created_utc: CREATED,
    selftext: LONG_BODY,
    thumbnail: 'https://b.thumbs.redditmedia.com/abcDEF123.jpg',
  }),
  lowScore: t3({
    id: 'low1',
    title: 'Does anyone else get tired on semaglutide?',
    author: 'sleepy_sema',
    score: 999,
    num_comments: 41,
    created_utc: CREATED + 3600,
    selftext: 'Short question, but it matters to me.',
    thumbnail: 'self',
  }),
  foreignThumbnail: t3({
    id: 'ext1',
    title: 'Price comparison of compounded semaglutide providers',
    author: 'spreadsheet_person',
    score: 87,
    num_comments: 19,
    created_utc: CREATED + 7200,
    selftext: 'I put together a table of prices from several telehealth providers this month.',
    thumbnail: 'https://tracker.example.com/pixel.jpg',
    is_self: false,
    url: 'https://docs.example.com/sheet',
  }),
  video: t3({
    id: 'vid1',
    title: 'How I do my Zepbound injection (video walkthrough)',
    author: 'pen_pro',
    score: 4300,
    num_comments: 80,
    created_utc: CREATED,
    is_video: true,
    is_self: false,
    post_hint: 'hosted:video',
    url: 'https://v.redd.it/abc123',
    thumbnail: 'https://b.thumbs.redditmedia.com/video.jpg',
  }),
  imageLink: t3({
    id: 'img1',
    title: 'Progress picture after six months on Wegovy',
    author: 'before_after',
    score: 2500,
    num_comments: 300,
    created_utc: CREATED,
    is_self: false,
    post_hint: 'image',
    url: 'https://i.redd.it/xyz789.jpeg',
    thumbnail: 'https://b.thumbs.redditmedia.com/img.jpg',
  }),
  imageMarker: t3({
    id: 'mark1',
    title: 'Gallery of my meal prep on Ozempic this week',
    author: 'meal_prepper',
    score: 120,
    num_comments: 12,
    created_utc: CREATED,
    is_self: false,
    url: 'https://www.reddit.com/gallery/mark1',
    thumbnail: 'image',
  }),
  tooShort: t3({
    id: 'short1',
    title: 'Ozempic?',
    author: 'brief',
    score: 3,
    num_comments: 1,
    created_utc: CREATED,
    selftext: 'Thoughts?',
  }),
} as const;

/** A listing as Reddit wraps it. */
export function fakeListing(children: readonly unknown[]) {
  return {
    kind: 'Listing',
    data: {
      after: null,
      dist: children.length,
      modhash: '',
      geo_filter: '',
      children,
      before: null,
    },
  };
}

export const FAKE_LISTING = fakeListing(Object.values(FAKE_POSTS));
/** What the keep rules let through, in order. */
export const KEPT_IDS = ['long1', 'low1', 'ext1'];

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeReddit {
  /** 'http://127.0.0.1:<port>' (REDDIT_BASE_URL). */
  baseUrl: string;
  requests: FakeRequest[];
  /** The next answers, in order, before the listing is served again. */
  script(...answers: FakeAnswer[]): void;
  /** Answer every search with this body from now on. */
  serve(body: unknown): void;
  close(): Promise<void>;
}

export async function startFakeReddit(options: { port?: number } = {}): Promise<FakeReddit> {
  const scripted: FakeAnswer[] = [];
  const requests: FakeRequest[] = [];
  let body: unknown = FAKE_LISTING;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    });
    const next = scripted.shift();
    if (next) {
      res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body ?? { message: 'scripted', error: next.status }));
      return;
    }
    if (!/^\/r\/[A-Za-z0-9_]+\/search\.json$/.test(url.pathname)) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found', error: 404 }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (...answers) => scripted.push(...answers),
    serve: (next) => {
      body = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
