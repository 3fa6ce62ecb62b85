/**
 * Bounded pages (issue 28) over HTTP, with the real server-rendered pages: with 105 featured
 * providers serving Ohio, the home page lists its top N (site content, default 10) with a link
 * to the full list; /providers (100 a page) and the Ohio city and state pages (15 a page) are
 * paged on the server with plain links, 'Page 2 of 7', and a canonical address per page.
 * A `?page=` that is no page number (or page 1 itself) redirects to page 1 (301); a page past
 * the last is 404, saying how many there are.
 * The public reads refuse wrong list parameters with 400 naming them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_PATHS, type CityPageView } from '../../../api/cities/contracts';
import {
  PROVIDER_PATHS,
  type FeaturedRankingView,
  type ProviderIndexView,
} from '../../../api/providers/contracts';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { RANKED_LIST_MESSAGES } from '../../../domain/providers/list-view';
import { PAGE_MESSAGE } from '../../../domain/shared/paging';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const PROVIDERS = 105;
let server: TestServer;
let session: AdminSession;

const nameOf = (i: number) => `Paged Clinic ${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-paged-' });
  const actor = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'paged' };
  let last = '0';
  for (let start = 1; start <= PROVIDERS; start += 15) {
    const results = await Promise.all(
      Array.from({ length: Math.min(15, PROVIDERS - start + 1) }, (_, k) =>
        server.backend.bus.dispatch(
          {
            type: 'ListProvider',
            details: {
              name: nameOf(start + k),
              websiteUrl: `https://paged-${start + k}.example`,
              states: ['OH'],
              medications: ['Semaglutide'],
              featured: true,
            },
          },
          actor,
        ),
      ),
    );
    last = results.reduce((max, r) => (BigInt(r.position) > BigInt(max) ? r.position : max), last);
  }
  if (!(await server.backend.waitForProjections(last))) {
    throw new Error('read models did not catch up after listing the providers');
  }
  await registerAdmin(server.backend, 'editor@vialcompare.example', 'a long enough passphrase 42');
  session = await signIn(server.base, 'editor@vialcompare.example', 'a long enough passphrase 42');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
  // React separates text parts with comments; a visitor reads them as one sentence.
  return { response, html: (await response.text()).replace(/<!-- -->/g, '') };
};
/** The distinct provider names a page shows. */
const namesIn = (html: string) => new Set(html.match(/Paged Clinic \d{3}/g) ?? []);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const locationOf = (response: Response) =>
  new URL(response.headers.get('location') ?? '', server.base).href.slice(server.base.length);

describe('Given 105 featured providers serving Ohio, the home page', () => {
  it('lists the top 10, says of how many, and links to the full list', async () => {
    const { response, html } = await get('/');
    expect(response.status).toBe(200);
    expect([...namesIn(html)].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => nameOf(i + 1)).sort(),
    );
    expect(html).toContain('Showing the top 10 of 105.');
    expect(html).toMatch(/<a[^>]*href="\/providers"[^>]*>See every provider, A to Z/);
  });

  it('with a state, lists that state’s top 10 and links to its page', async () => {
    const { html } = await get('/?state=OH');
    expect(namesIn(html).size).toBe(10);
    expect(html).toMatch(/<a[^>]*href="\/near\/state\/oh"[^>]*>See all providers serving Ohio/);
  });

  it('sorts the whole ranking before the cut, and says so when a filter leaves nothing', async () => {
    const { html } = await get('/?sort=states');
    expect(namesIn(html).size).toBe(10);
    const none = await get('/?medication=tirzepatide');
    expect(none.response.status).toBe(200);
    expect(namesIn(none.html).size).toBe(0);
    expect(none.html).toContain('None of these providers lists Tirzepatide.');
  });

  it('When an administrator sets home_top_providers to 3, Then it lists 3; a non-number is refused naming the key', async () => {
    const refused = await request(server.base, SITE_CONTENT_PATHS.adminRow('home_top_providers'), {
      method: 'PUT',
      json: { content: 'abc', active: true },
      session,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      'home_top_providers must be a whole number from 1 to 50: it is \\"abc\\".',
    );
    const saved = await request(server.base, SITE_CONTENT_PATHS.adminRow('home_top_providers'), {
      method: 'PUT',
      json: { content: '3', active: true },
      session,
    });
    expect(saved.status).toBe(200);
    const { html } = await get('/');
    expect(namesIn(html).size).toBe(3);
    expect(html).toContain('Showing the top 3 of 105.');
    // Back to the default for the other tests.
    await request(server.base, SITE_CONTENT_PATHS.adminRow('home_top_providers'), {
      method: 'PUT',
      json: { content: '3', active: false },
      session,
    });
    expect(namesIn((await get('/')).html).size).toBe(10);
  });
});

describe('the paged lists', () => {
  it.each([
    // path, names shown (first, last, count), 'Page x of y', canonical, previous, next
    ['/providers', [1, 100, 100], 'Page 1 of 2', '/providers', null, '/providers?page=2'],
    ['/providers?page=2', [101, 105, 5], 'Page 2 of 2', '/providers?page=2', '/providers', null],
    [
      '/near/columbus-oh',
      [1, 15, 15],
      'Page 1 of 7',
      '/near/columbus-oh',
      null,
      '/near/columbus-oh?page=2',
    ],
    [
      '/near/columbus-oh?page=2',
      [16, 30, 15],
      'Page 2 of 7',
      '/near/columbus-oh?page=2',
      '/near/columbus-oh',
      '/near/columbus-oh?page=3',
    ],
    [
      '/near/columbus-oh?page=7',
      [91, 105, 15],
      'Page 7 of 7',
      '/near/columbus-oh?page=7',
      '/near/columbus-oh?page=6',
      null,
    ],
    [
      '/near/state/oh?page=3',
      [31, 45, 15],
      'Page 3 of 7',
      '/near/state/oh?page=3',
      '/near/state/oh?page=2',
      '/near/state/oh?page=4',
    ],
  ] as const)(
    '%s shows providers %j, %s, its own canonical, and plain previous/next links',
    async (path, [first, last, count], pageText, canonical, previous, next) => {
      const { response, html } = await get(path);
      expect(response.status).toBe(200);
      const names = namesIn(html);
      expect(names.size).toBe(count);
      expect(names.has(nameOf(first))).toBe(true);
      expect(names.has(nameOf(last))).toBe(true);
      expect(html).toContain(pageText);
      expect(canonicalOf(html)).toBe(
        `${server.backend.config.publicUrl.replace(/\/$/, '')}${canonical}`,
      );
      const link = (name: string, href: string) =>
        new RegExp(`<a href="${href.replace(/[?]/g, '\\?')}"[^>]*aria-label="${name} page, page`);
      if (previous) expect(html).toMatch(link('Previous', previous));
      else expect(html).not.toContain('aria-label="Previous page');
      if (next) expect(html).toMatch(link('Next', next));
      else expect(html).not.toContain('aria-label="Next page');
    },
  );

  it('the state page counts the whole ranking, not the page', async () => {
    const { html } = await get('/near/state/oh?page=2');
    expect(html).toContain('105 featured providers serve Ohio, best first.');
  });

  it.each([
    // A value that is no page number: a permanent redirect to page 1.
    ['/providers?page=0', '/providers'],
    ['/providers?page=-1', '/providers'],
    ['/providers?page=abc', '/providers'],
    ['/providers?page=2.5', '/providers'],
    ['/providers?page=1', '/providers'],
    ['/providers?page=99999', '/providers'],
    // Read as the number it spells, then written the one way.
    ['/providers?page=02', '/providers?page=2'],
    ['/near/columbus-oh?page=abc', '/near/columbus-oh'],
    ['/near/state/oh?page=0', '/near/state/oh'],
    // The city's one address keeps the page asked for.
    ['/near/Columbus-OH?page=2', '/near/columbus-oh?page=2'],
    ['/near/state/OH?page=2', '/near/state/oh?page=2'],
  ])('%s redirects (301) to %s', async (from, to) => {
    const { response } = await get(from);
    expect(response.status).toBe(301);
    expect(locationOf(response)).toBe(to);
  });

  it.each([
    ['/providers?page=3', 'The provider list has 2 pages, not 3.'],
    ['/providers?page=1000', 'The provider list has 2 pages, not 1,000.'],
    // The router reads '1e3' as the number 1000 (a JSON value): page 1000, past the last.
    ['/providers?page=1e3', 'The provider list has 2 pages, not 1,000.'],
    ['/near/columbus-oh?page=8', "This city's list of providers has 7 pages, not 8."],
    ['/near/state/oh?page=9', "This state's list of providers has 7 pages, not 9."],
  ])(
    '%s is past the last page: 404, noindex, no canonical, saying how many',
    async (path, text) => {
      const { response, html } = await get(path);
      expect(response.status).toBe(404);
      expect(html.replace(/&#x27;/g, "'")).toContain(text);
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(canonicalOf(html)).toBeUndefined();
    },
  );
});

describe('the public reads behind the pages', () => {
  const json = async <T>(path: string) => {
    const response = await fetch(`${server.base}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  };

  it('answer one page with where it sits in the list', async () => {
    const index = await json<ProviderIndexView>(PROVIDER_PATHS.index(2));
    expect(index.body.links.map((l) => l.name)).toEqual(
      [101, 102, 103, 104, 105].map((i) => nameOf(i)),
    );
    expect(index.body.paging).toEqual({ page: 2, pageCount: 2, pageSize: 100, total: 105 });
    // A page past the last is empty (the page answers 404 for it).
    expect((await json<ProviderIndexView>(PROVIDER_PATHS.index(3))).body.links).toEqual([]);

    const top = await json<FeaturedRankingView>(PROVIDER_PATHS.ranking({ limit: 3 }));
    expect(top.body.providers.map((p) => p.rank)).toEqual([1, 2, 3]);
    expect(top.body.paging).toEqual({ page: 1, pageCount: 35, pageSize: 3, total: 105 });

    const city = await json<CityPageView>(CITY_PATHS.city('columbus-oh', { page: 2 }));
    expect(city.body.providers.map((p) => p.rank)).toEqual(
      Array.from({ length: 15 }, (_, i) => 16 + i),
    );
    expect(city.body.paging).toEqual({ page: 2, pageCount: 7, pageSize: 15, total: 105 });
  });

  it.each([
    [`${PROVIDER_PATHS.index()}?page=abc`, 'page', PAGE_MESSAGE],
    [`${PROVIDER_PATHS.index()}?page=0`, 'page', PAGE_MESSAGE],
    [`${PROVIDER_PATHS.ranking()}?limit=0`, 'limit', RANKED_LIST_MESSAGES.limit],
    [`${PROVIDER_PATHS.ranking()}?limit=51`, 'limit', RANKED_LIST_MESSAGES.limit],
    [`${PROVIDER_PATHS.ranking()}?sort=zzz`, 'sort', RANKED_LIST_MESSAGES.sort],
    [
      `${PROVIDER_PATHS.ranking()}?medication=aspirin`,
      'medication',
      RANKED_LIST_MESSAGES.medication,
    ],
    [`${CITY_PATHS.city('columbus-oh')}?page=-1`, 'page', PAGE_MESSAGE],
    [`${CITY_PATHS.state('oh')}?limit=ten`, 'limit', RANKED_LIST_MESSAGES.limit],
  ])('%s answers 400 naming %s', async (path, field, message) => {
    const { status, body } = await json<{ error: string; fields: Record<string, string> }>(path);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message, fields: { [field]: message } });
  });
});
