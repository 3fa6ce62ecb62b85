/**
 * The blog's server-rendered heads: the RSS feed linked from /blog and /blog/{slug}; one
 * canonical link, the post's override when it has one, the page's own address from page 2 of
 * the list; the post's robots directive; Open Graph and Twitter tags from the excerpt and the
 * image; the Post Not Found page noindex without a canonical.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../web/entry-server';
import type { PostListView, PostLookupView, PostView } from '../../../api/blog/contracts';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { fakeApiClient } from '../../support/web-fixtures';

const SITE_URL = 'https://vial.example';

const post: PostView = {
  _id: 'p1',
  title: 'Tirzepatide & you',
  slug: 'tirzepatide-and-you',
  content: '<p>Body</p>',
  excerpt: 'A short excerpt.',
  featuredImageUrl: 'https://img.example/cover.png',
  authorName: 'Dana',
  metaTitle: null,
  metaDescription: null,
  metaKeywords: null,
  canonicalUrl: null,
  ogImageOverride: null,
  enableReviewsSchema: false,
  robotsDirective: null,
  publishedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
  readTimeMinutes: 1,
  publicExcerpt: 'A short excerpt.',
  description: 'A short excerpt.',
};

const list = (page: number): PostListView => ({
  posts: [{ ...post, publicExcerpt: post.publicExcerpt }],
  total: 13,
  page,
  pageCount: 2,
});

async function renderPage(path: string, answers: Record<string, unknown>) {
  const response = await render({
    request: new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }),
    api: fakeApiClient({ [PROVIDER_PATHS.featured]: [], [SITE_CONTENT_PATHS.all]: {}, ...answers }),
    nonce: 'n',
    assets: { scripts: ['/assets/entry-client.js'], styles: [] },
    siteUrl: SITE_URL,
  });
  return { status: response.status, html: await response.text() };
}

const canonicals = (html: string) =>
  [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
const FEED = `<link rel="alternate" type="application/rss+xml" title="VialCompare Blog" href="${SITE_URL}/blog/rss.xml"`;

describe('the blog list', () => {
  it('links the feed and is its own canonical address, page 2 included', async () => {
    const first = await renderPage('/blog', { '/api/blog/posts': list(1) });
    expect(first.status).toBe(200);
    expect(first.html).toContain(FEED);
    expect(canonicals(first.html)).toEqual([`${SITE_URL}/blog`]);
    expect(first.html).toContain('Featured Article');

    const second = await renderPage('/blog?page=2', { '/api/blog/posts?page=2': list(2) });
    expect(second.status).toBe(200);
    expect(canonicals(second.html)).toEqual([`${SITE_URL}/blog?page=2`]);
    expect(second.html.replace(/<!-- -->/g, '')).toContain('Page 2 of 2');
    expect(second.html).not.toContain('Featured Article');
  });

  it('shows the empty state when there is no post', async () => {
    const { html } = await renderPage('/blog', {
      '/api/blog/posts': { posts: [], total: 0, page: 1, pageCount: 1 },
    });
    expect(html).toContain('No blog posts available yet');
    expect(html).toContain('Check back soon...');
  });
});

describe('a post', () => {
  const found = (p: PostView): PostLookupView => ({ status: 'found', post: p });

  it('links the feed; Open Graph and Twitter use the excerpt and the image; one canonical', async () => {
    const { html } = await renderPage('/blog/tirzepatide-and-you', {
      '/api/blog/posts/tirzepatide-and-you': found(post),
    });
    expect(html).toContain(FEED);
    expect(canonicals(html)).toEqual([`${SITE_URL}/blog/tirzepatide-and-you`]);
    expect(html).toContain('<meta property="og:description" content="A short excerpt."');
    expect(html).toContain('<meta property="og:image" content="https://img.example/cover.png"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('<meta name="twitter:image" content="https://img.example/cover.png"');
    expect(html).not.toContain('name="robots"');
  });

  it('respects its canonical override and robots directive', async () => {
    const { html } = await renderPage('/blog/tirzepatide-and-you', {
      '/api/blog/posts/tirzepatide-and-you': found({
        ...post,
        canonicalUrl: 'https://original.example/article',
        robotsDirective: 'noindex, follow',
        ogImageOverride: 'https://img.example/og.png',
      }),
    });
    expect(canonicals(html)).toEqual(['https://original.example/article']);
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).toContain('<meta property="og:image" content="https://img.example/og.png"');
    expect(html.match(/name="robots"/g)).toHaveLength(1);
  });

  it('is Post Not Found (404, noindex, no canonical) when missing', async () => {
    const { status, html } = await renderPage('/blog/nope', {
      '/api/blog/posts/nope': { status: 'missing', slug: 'nope' },
    });
    expect(status).toBe(404);
    expect(html).toContain('Post Not Found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(canonicals(html)).toEqual([]);
  });
});
