/**
 * Site content and SEO overrides over HTTP, with the real server-rendered pages and the
 * production page cache: bad input answers 400 naming the key or field (never 5xx), a saved
 * hero title is on / in the very next GET (read-your-writes, the cached page renders anew),
 * inactive rows fall back to the built-in text, every change is in the audit log with its
 * before and after, and an SEO override changes /blog's head.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { HERO_DEFAULTS } from '../../../web/features/home/components/home-page';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

let server: TestServer;
let session: AdminSession;

beforeAll(async () => {
  server = await startTestServer({
    ssrPages: true,
    pageCache: true,
    prefix: 'vial-content-',
    env: { CONTACT_EMAIL: 'config@vialcompare.example' },
  });
  await registerAdmin(server.backend, 'editor@vialcompare.example', 'a long enough passphrase 42');
  session = await signIn(server.base, 'editor@vialcompare.example', 'a long enough passphrase 42');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const put = (key: string, json: unknown) =>
  request(server.base, SITE_CONTENT_PATHS.adminRow(key), { method: 'PUT', json, session });
const page = async (path: string) => (await fetch(`${server.base}${path}`)).text();
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('editing site content', () => {
  it('Given the built-in hero, When the hero title is saved, Then the next GET / shows it (cache renewed)', async () => {
    expect(h1Of(await page('/'))).toBe(HERO_DEFAULTS.hero_title);
    expect(h1Of(await page('/'))).toBe(HERO_DEFAULTS.hero_title); // now from the page cache
    const res = await put('hero_title', { content: '  Find your GLP-1 provider  ', active: true });
    expect(res.status).toBe(200);
    expect(h1Of(await page('/'))).toBe('Find your GLP-1 provider');
  });

  it('an inactive row is not read: the page falls back to the built-in text', async () => {
    await put('hero_title', { content: 'Find your GLP-1 provider', active: false });
    expect(h1Of(await page('/'))).toBe(HERO_DEFAULTS.hero_title);
    const publicRead = (await (
      await fetch(`${server.base}${SITE_CONTENT_PATHS.all}`)
    ).json()) as Record<string, string>;
    expect(publicRead.hero_title).toBeUndefined();
  });

  it('the benefits block and the about texts come from their keys', async () => {
    const benefits = [
      { title: 'Checked prices', text: 'We date every price.' },
      { title: 'Plain scores', text: 'One public formula.' },
    ];
    expect((await put('benefits', { content: JSON.stringify(benefits) })).status).toBe(200);
    const home = await page('/');
    expect(home).toContain('Checked prices');
    expect(home).toContain('One public formula.');
    await put('about_mission', { content: 'Our mission, edited.' });
    await put('about_values', { content: JSON.stringify([{ title: 'Honest', text: 'Always.' }]) });
    const about = await page('/about');
    expect(about).toContain('Our mission, edited.');
    expect(about).toContain('Honest');
  });

  it('the contact page shows the contact_email key, else CONTACT_EMAIL', async () => {
    expect(await page('/contact')).toContain('config@vialcompare.example');
    await put('contact_email', { content: 'Team@VialCompare.example' });
    expect(await page('/contact')).toContain('team@vialcompare.example');
  });

  it.each([
    ['benefits', { content: '{"title":"x"}' }, 'content', /^benefits must be a JSON array/],
    ['benefits', { content: 'not json' }, 'content', /benefits .*not valid JSON/],
    ['benefits', { content: '[{"title":"x"}]' }, 'content', /item 1 has no "text"/],
    ['about_values', { content: '[]' }, 'content', /^about_values must be a JSON array/],
    ['contact_email', { content: 'nobody' }, 'content', /^contact_email must be an e-mail/],
    ['hero_title', { content: '   ' }, 'content', /^hero_title must be text/],
    ['hero_title', { content: 42 }, 'content', /^hero_title must be text/],
    ['hero_title', { content: 'x', active: 'yes' }, 'active', /active must be true or false/],
    ['no_such_key', { content: 'x' }, 'key', /key must be one of hero_title/],
  ])('PUT %s %j answers 400 naming %s', async (key, body, field, message) => {
    const res = await put(key, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.fields[field]).toMatch(message);
    expect(answer.error).toMatch(message);
  });

  it("the sitemap dates /about by its content's last change", async () => {
    const xml = await (await fetch(`${server.base}/sitemap.xml`)).text();
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toMatch(new RegExp(`<loc>${server.base}/about</loc><lastmod>${today}T`));
  });

  it('without a session a change is refused (401), never recorded', async () => {
    const res = await request(server.base, SITE_CONTENT_PATHS.adminRow('hero_title'), {
      method: 'PUT',
      json: { content: 'Sneaky' },
    });
    expect(res.status).toBe(401);
  });

  it('every change is in the audit log with the key as its subject, before -> after', async () => {
    const res = await request(server.base, '/api/admin/audit?subjectId=hero_title', { session });
    const entries = (await res.json()) as {
      eventType: string;
      changes?: { field: string; before?: unknown; after?: unknown }[];
    }[];
    expect(entries.map((e) => e.eventType)).toEqual(['SiteContentChanged', 'SiteContentCreated']);
    expect(entries[0]?.changes).toEqual([{ field: 'active', before: true, after: false }]);
    const rows = (await (
      await request(server.base, SITE_CONTENT_PATHS.adminRows, { session })
    ).json()) as { key: string; active: boolean }[];
    expect(rows.find((r) => r.key === 'hero_title')).toMatchObject({ active: false });
  });
});

describe('SEO overrides', () => {
  const save = (json: unknown) =>
    request(server.base, SITE_CONTENT_PATHS.adminSeo, { method: 'PUT', json, session });

  it("Given /blog's defaults, When an override is saved for page 'blog', Then /blog's head has it", async () => {
    const before = await page('/blog');
    expect(titleOf(before)).not.toBe('GLP-1 articles, checked');
    const res = await save({
      pageType: 'page',
      pageSlug: 'blog',
      metaTitle: 'GLP-1 articles, checked',
      metaDescription: 'Articles about GLP-1 medications.',
      metaKeywords: 'glp-1, semaglutide',
      canonicalUrl: 'https://vialcompare.example/blog',
      ogImageUrl: 'https://vialcompare.example/og/blog.png',
      robotsDirective: 'noindex, follow',
    });
    expect(res.status).toBe(200);
    const html = await page('/blog');
    expect(titleOf(html)).toBe('GLP-1 articles, checked');
    expect(html).toContain('<meta name="description" content="Articles about GLP-1 medications."');
    expect(html).toContain('<meta name="keywords" content="glp-1, semaglutide"');
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).toContain(
      '<meta property="og:image" content="https://vialcompare.example/og/blog.png"',
    );
    expect(html).toContain('<link rel="canonical" href="https://vialcompare.example/blog"');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
  });

  it('an override named by its path applies to that page; removing it restores the defaults', async () => {
    expect((await save({ path: '/about', metaTitle: 'About us, edited' })).status).toBe(200);
    expect(titleOf(await page('/about'))).toBe('About us, edited');
    const removed = await request(server.base, SITE_CONTENT_PATHS.adminSeoOne('page', 'about'), {
      method: 'DELETE',
      session,
    });
    expect(removed.status).toBe(200);
    expect(titleOf(await page('/about'))).not.toBe('About us, edited');
    const again = await request(server.base, SITE_CONTENT_PATHS.adminSeoOne('page', 'about'), {
      method: 'DELETE',
      session,
    });
    expect(again.status).toBe(404);
  });

  it.each([
    [{ path: '/blog', canonicalUrl: 'ftp://x.example/blog' }, 'canonicalUrl'],
    [{ path: '/blog', canonicalUrl: '/blog' }, 'canonicalUrl'],
    [{ path: '/blog', ogImageUrl: 'javascript:alert(1)' }, 'ogImageUrl'],
    [{ path: '/blog', robotsDirective: 'none' }, 'robotsDirective'],
    [{ path: '/blog', metaTitle: 'x'.repeat(121) }, 'metaTitle'],
    [{ path: '/admin/login', metaTitle: 'x' }, 'path'],
    [{ pageType: 'post', pageSlug: 'blog', metaTitle: 'x' }, 'pageType'],
    [{ pageType: 'page', pageSlug: 'Bad Slug', metaTitle: 'x' }, 'pageSlug'],
    [{ path: '/blog' }, 'metaTitle'],
  ])('PUT %j answers 400 naming %s', async (body, field) => {
    const res = await save(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(answer.fields)).toContain(field);
  });
});
