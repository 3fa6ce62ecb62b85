/**
 * Precise page invalidation with the real server-rendered pages and the site's page cache
 * (embedded profile: the runner tells the documents each event changed, as they were and are):
 * an event drops only the kept pages whose reads depend on what its projectors wrote
 * (projections/read-matching.ts). A table of events -> pages that must be rendered anew (and
 * then equal a fresh render) and pages that must stay kept; then a randomized run: after any
 * sequence of administrators' and visitors' commands, every kept page equals a fresh render (a
 * second SSR host over the same read models, keeping nothing).
 *
 * Granularity: documents. A price change of Acme drops the pages that show Acme (home, its
 * page, the index, the comparison, the cost page, the city pages of its states), not Beta's
 * page, a city of a state Acme does not serve or a blog post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { appPublicReads } from '../../../api/bootstrap/composition';
import { providerSlug } from '../../../domain/providers/slug';
import { createInProcessApiClient } from '../../../api/http/public-reads';
import { pageCacheKey, type PageCache } from '../../../api/ssr/page-cache';
import { startSsrTestServer, type SsrTestServer } from '../../../api/ssr/test-server';
import type { AppCommand } from '../../../workers/bootstrap/composition';
import { registerAdmin, startTestServer, type TestServer } from '../../support/http-server';

const ADMIN_EMAIL = 'ops@vialcompare.example';
const ADMIN = {
  actor: { kind: 'admin' as const, id: 'a-1', email: ADMIN_EMAIL },
  correlationId: 't',
};
const VISITOR = { actor: { kind: 'visitor' as const, id: 'v-1' }, correlationId: 't' };

const PROVIDERS = {
  acme: { name: 'Acme Health', states: ['CA', 'NY', 'TX'] },
  beta: { name: 'Beta Care', states: ['IL'] },
} as const;

const POST_SLUG = 'what-a-dose-ladder-means';

const PAGES = [
  '/',
  '/providers',
  '/providers/acme-health',
  '/providers/beta-care',
  '/compare?providers=acme-health,beta-care',
  '/cost?state=CA&medication=semaglutide',
  '/search?q=acme',
  '/near/los-angeles-ca',
  '/near/state/ca',
  '/near/chicago-il',
  '/calculator',
  '/blog',
  `/blog/${POST_SLUG}`,
  '/about',
  '/trending-keywords',
] as const;
type Page = (typeof PAGES)[number];
/** Every page but these. */
const but = (...pages: Page[]): Page[] => PAGES.filter((page) => !pages.includes(page));
/** The pages that show Acme's prices: home (both are featured), its page, the lists of all. */
const SHOWING_ACME: Page[] = [
  '/',
  '/providers',
  '/providers/acme-health',
  '/compare?providers=acme-health,beta-care',
  '/cost?state=CA&medication=semaglutide',
  '/near/los-angeles-ca',
  '/near/state/ca',
];

let server: TestServer;
let fresh: SsrTestServer;
let cache: PageCache;
const ids: Record<keyof typeof PROVIDERS, string> = { acme: '', beta: '' };
const posts: Array<{ id: string; slug: string; published: boolean }> = [];
let emails = 0;

/** The cache key of a page (its query parameters are all ones the page reads). */
function keyOf(page: string): string {
  const [path = page, search = ''] = page.split('?');
  return pageCacheKey(path, search, [...new URLSearchParams(search).keys()]);
}

async function run(command: AppCommand, context: typeof ADMIN | typeof VISITOR = ADMIN) {
  const { position } = await server.backend.bus.dispatch(command, context);
  expect(await server.backend.waitForProjections(position, 5000)).toBe(true);
}

/** A page's HTML without the render's own times (the router's and the queries' timestamps). */
const comparable = (html: string) => html.replace(/\b\d{13}\b/g, '<time>');
const served = async (page: string) => {
  const answer = await fetch(`${server.base}${page}`);
  expect(answer.status, page).toBe(200);
  return comparable(await answer.text());
};
const rendered = async (page: string) =>
  comparable(await (await fetch(`${fresh.url}${page}`)).text());

const EVENTS = {
  'a newsletter signup': () =>
    run(
      {
        type: 'SubscribeToNewsletter',
        email: `reader${++emails}@example.org`,
        subscriptionId: String(emails).padStart(32, '0'),
      },
      VISITOR,
    ),
  'an administrator signing in': () => run({ type: 'RecordAdminSignIn', email: ADMIN_EMAIL }),
  'a provider submission': () =>
    run(
      {
        type: 'SubmitProvider',
        form: {
          providerName: `Northwind ${++emails}`,
          website: 'https://northwind.example',
          contactEmail: 'hello@northwind.example',
          medications: ['Semaglutide'],
          excludedStates: [],
          submitterName: 'Nora West',
          submitterEmail: 'nora@northwind.example',
          agreedToTerms: true,
        },
        userAgent: 'test',
      } as AppCommand, // the form is checked by the command's schema, as the route sends it
      VISITOR,
    ),
  'an outbound click': async () => {
    const answer = await fetch(`${server.base}/go/acme-health`, { redirect: 'manual' });
    expect(answer.status).toBeLessThan(400);
    // A click is no event: nothing for the projections to wait for.
  },
  'a price change of Acme': (price = 211) =>
    run({
      type: 'ChangeProviderPrices',
      providerId: ids.acme,
      prices: { semaglutide: { '0.25mg': price }, tirzepatide: {} },
    }),
  'a price change of Beta': () =>
    run({
      type: 'ChangeProviderPrices',
      providerId: ids.beta,
      prices: { semaglutide: { '0.25mg': 150 + ++emails }, tirzepatide: {} },
    }),
  'a second post published': () =>
    run({
      type: 'CreatePost',
      post: {
        title: `Post ${++emails}`,
        slug: `post-${emails}`,
        content: '<p>More.</p>',
        excerpt: 'More.',
        publish: true,
      },
    } as AppCommand), // checked by the command's schema
  'the hero title changed': () =>
    run({
      type: 'SetSiteContent',
      key: 'hero_title',
      content: `Compare GLP-1 providers ${++emails}`,
    } as AppCommand), // checked by the command's schema
} as const;

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, pageCache: true, prefix: 'vial-inval-' });
  if (!server.pageCache) throw new Error('the test server keeps pages (pageCache: true)');
  cache = server.pageCache;
  fresh = await startSsrTestServer({
    mode: 'development',
    hmr: false,
    api: createInProcessApiClient(appPublicReads(server.backend.queries, server.backend.config)),
    projectRoot: fileURLToPath(new URL('../../../', import.meta.url)),
    siteUrl: server.base,
  });
  await registerAdmin(server.backend, ADMIN_EMAIL, 'a long enough passphrase 42');
  for (const [id, provider] of Object.entries(PROVIDERS)) {
    const { position, id: providerId } = await server.backend.bus.dispatch(
      {
        type: 'ListProvider',
        details: {
          name: provider.name,
          websiteUrl: `https://${id}.example`,
          states: [...provider.states],
          medications: ['Semaglutide', 'Tirzepatide'],
          featured: true,
        },
        prices: { semaglutide: { '0.25mg': 199 }, tirzepatide: { '2.5mg': 249 } },
      },
      ADMIN,
    );
    await server.backend.waitForProjections(position, 5000);
    ids[id as keyof typeof PROVIDERS] = providerId;
  }
  const post = await server.backend.bus.dispatch(
    {
      type: 'CreatePost',
      post: {
        title: 'What a dose ladder means',
        slug: POST_SLUG,
        content: '<p>Semaglutide starts at <strong>0.25 mg</strong> a week.</p>',
        excerpt: 'How the weekly steps work.',
        publish: true,
      },
    } as AppCommand, // checked by the command's schema
    ADMIN,
  );
  await server.backend.waitForProjections(post.position, 5000);
  posts.push({ id: post.id, slug: POST_SLUG, published: true });
  // The first renders compile the route chunks through Vite: done within this hook's time.
  for (const page of PAGES) await served(page);
  for (const page of PAGES) await rendered(page);
}, 120_000);

afterAll(async () => {
  await fresh?.close();
  await server?.close();
});

async function allKept() {
  cache.clear();
  for (const page of PAGES) await served(page);
  const kept = new Map(PAGES.map((page) => [page, cache.peek(keyOf(page))]));
  for (const [page, entry] of kept) expect(entry, `${page} kept`).toBeDefined();
  return kept;
}

describe('an event drops only the pages that read what it changed', () => {
  it.each<[keyof typeof EVENTS, Page[], Page[]]>([
    ['a newsletter signup', [], [...PAGES]],
    ['an administrator signing in', [], [...PAGES]],
    ['a provider submission', [], [...PAGES]],
    ['an outbound click', [], [...PAGES]],
    // The search shows names and descriptions (its documents do not change with a price); the
    // calculator's server render reads no provider (its price tables load in the browser).
    ['a price change of Acme', SHOWING_ACME, but(...SHOWING_ACME)],
    [
      'a price change of Beta',
      [
        '/',
        '/providers',
        '/providers/beta-care',
        '/compare?providers=acme-health,beta-care',
        '/cost?state=CA&medication=semaglutide',
        '/near/chicago-il',
      ],
      [
        '/providers/acme-health',
        '/near/los-angeles-ca',
        '/near/state/ca',
        '/search?q=acme',
        '/blog',
        `/blog/${POST_SLUG}`,
      ],
    ],
    // The search reads every visible search document (the new post's among them).
    ['a second post published', ['/blog', '/search?q=acme'], but('/blog', '/search?q=acme')],
    ['the hero title changed', ['/', '/about'], but('/', '/about')],
  ])(
    'Given every page kept, When %s, Then %j are rendered anew and %j stay kept',
    async (event, dropped, kept) => {
      const before = await allKept();
      await EVENTS[event]();
      for (const page of kept) expect(cache.peek(keyOf(page)), page).toBe(before.get(page));
      for (const page of dropped) {
        expect(cache.peek(keyOf(page)), page).toBeUndefined();
        expect(await served(page), page).toBe(await rendered(page));
      }
    },
    60_000,
  );

  it('a price change shows on the provider page at the next request', async () => {
    await allKept();
    await EVENTS['a price change of Acme'](187);
    expect(await served('/providers/acme-health')).toContain('$187');
  }, 60_000);
});

/** Where two pages first differ, with some text around it (for a readable failure). */
function difference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return at === a.length && at === b.length
    ? 'the same'
    : `kept "…${a.slice(at - 80, at + 80)}…" fresh "…${b.slice(at - 80, at + 80)}…"`;
}

/** A small seeded generator (mulberry32): the same seed, the same run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('randomized: after any sequence of events every kept page equals a fresh render', () => {
  const SEED = Number(process.env.INVALIDATION_SEED ?? 28);
  /** What is listed of each provider (ChangeProviderDetails sends the complete details). */
  const NAMES = {
    acme: ['Acme Health', 'Acme Health Plus'],
    beta: ['Beta Care', 'Beta Wellness'],
  } as const;
  const STATES = ['CA', 'NY', 'TX', 'IL', 'FL'] as const;
  /** The table's pages, the pages a rename or a new post makes, and ones that may be gone. */
  const VISITED = [
    ...PAGES,
    '/providers/acme-health-plus',
    '/providers/beta-wellness',
    '/compare?providers=acme-health-plus,beta-wellness',
    '/near/state/il',
    '/near/miami-fl',
    '/near/houston-tx',
  ];

  it(`seed ${SEED} (INVALIDATION_SEED to replay another)`, async () => {
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const provider = () => pick(['acme', 'beta'] as const);
    const details = {
      acme: { name: 'Acme Health' as string, states: [...PROVIDERS.acme.states] as string[] },
      beta: { name: 'Beta Care' as string, states: [...PROVIDERS.beta.states] as string[] },
    };
    const removed = { acme: false, beta: false };
    /** A provider not removed (a removed one's commands are refused), or null. */
    const listed = () => {
      const left = (['acme', 'beta'] as const).filter((which) => !removed[which]);
      return left.length === 0 ? null : pick(left);
    };
    const visited = new Set<string>(VISITED);
    const actions: Array<[string, () => Promise<void>]> = [
      ['signup', () => EVENTS['a newsletter signup']()],
      ['sign-in', () => EVENTS['an administrator signing in']()],
      ['submission', () => EVENTS['a provider submission']()],
      [
        'click',
        async () => {
          const which = provider();
          // A click is no event (a removed provider's address answers 404).
          await fetch(`${server.base}/go/${providerSlug(details[which].name)}`, {
            redirect: 'manual',
          });
        },
      ],
      [
        'price',
        async () => {
          const which = listed();
          if (!which) return;
          await run({
            type: 'ChangeProviderPrices',
            providerId: ids[which],
            prices: { semaglutide: { '0.25mg': 150 + Math.floor(next() * 100) }, tirzepatide: {} },
          });
        },
      ],
      [
        'featured',
        async () => {
          const which = listed();
          if (!which) return;
          await run({
            type: 'SetProviderFeatured',
            providerId: ids[which],
            featured: next() < 0.5,
          });
        },
      ],
      [
        'states or name',
        async () => {
          const which = listed();
          if (!which) return;
          const now = details[which];
          if (next() < 0.5) now.name = pick(NAMES[which]);
          else now.states = STATES.filter(() => next() < 0.5);
          if (now.states.length === 0) now.states = ['FL'];
          await run({
            type: 'ChangeProviderDetails',
            providerId: ids[which],
            details: {
              name: now.name,
              websiteUrl: `https://${which}.example`,
              states: now.states,
              medications: ['Semaglutide', 'Tirzepatide'],
              featured: true,
            },
          } as AppCommand); // checked by the command's schema
        },
      ],
      [
        'remove or restore',
        async () => {
          const which = provider();
          await run({
            type: removed[which] ? 'RestoreProvider' : 'RemoveProvider',
            providerId: ids[which],
          });
          removed[which] = !removed[which];
        },
      ],
      [
        'post published or unpublished',
        async () => {
          const post = posts.find((p) => p.slug === POST_SLUG) ?? pick(posts);
          await run({
            type: post.published ? 'UnpublishPost' : 'PublishPost',
            postId: post.id,
          } as AppCommand); // checked by the command's schema
          post.published = !post.published;
        },
      ],
      [
        'post created',
        async () => {
          const slug = `random-post-${++emails}`;
          const { position, id } = await server.backend.bus.dispatch(
            {
              type: 'CreatePost',
              post: {
                title: `About ${slug}`,
                slug,
                content: '<p>x</p>',
                excerpt: 'x',
                publish: true,
              },
            } as AppCommand, // checked by the command's schema
            ADMIN,
          );
          expect(await server.backend.waitForProjections(position, 5000)).toBe(true);
          posts.push({ id, slug, published: true });
          visited.add(`/blog/${slug}`);
        },
      ],
      [
        'post deleted',
        async () => {
          const post = posts.find((p) => p.slug !== POST_SLUG);
          if (!post) return;
          await run({ type: 'DeletePost', postId: post.id, slug: post.slug } as AppCommand);
          posts.splice(posts.indexOf(post), 1);
        },
      ],
      ['hero title', () => EVENTS['the hero title changed']()],
      [
        'keyword',
        () =>
          run({
            type: 'CreateKeyword',
            fields: { keyword: `glp-1 cost ${++emails}` },
            position: 0,
          } as AppCommand), // checked by the command's schema
      ],
    ];
    const history: string[] = [];
    let compared = 0;
    for (let step = 0; step < 16; step++) {
      // Some pages visited (kept at this state, when found), then one to three events.
      for (const page of visited) if (next() < 0.5) await fetch(`${server.base}${page}`);
      for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
        const [name, act] = pick(actions);
        history.push(name);
        await act();
      }
      for (const page of visited) {
        const kept = cache.peek(keyOf(page));
        if (!kept) continue;
        compared++;
        const [got, expected] = [comparable(kept.body), await rendered(page)];
        expect(got, `${page} after ${history.join(', ')}: ${difference(got, expected)}`).toBe(
          expected,
        );
      }
    }
    // Pages were kept across events, and compared.
    expect(compared).toBeGreaterThan(0);
  }, 240_000);
});
