/**
 * The blog's journey: an administrator drafts a post (through the back-office API: the editor
 * screen is not built yet), publishes, renames and unpublishes it; a visitor finds it featured
 * on /blog, reads it with its badges and read time, never sees the script or iframe that was
 * pasted into it, follows the old address's 301, and meets Post Not Found (404, noindex) once
 * it is unpublished.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../support/e2e/admin';

async function adminApi(request: APIRequestContext, baseURL: string) {
  const session = await request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: new URL(baseURL).origin };
  return {
    post: (path: string, data?: unknown) => request.post(path, { data, headers }),
    put: (path: string, data: unknown) => request.put(path, { data, headers }),
  };
}

test('an administrator publishes, renames and unpublishes a post; a visitor reads it safely', async ({
  browser,
  admin,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const context = await browser.newContext({ storageState: admin.storageState });
  const api = await adminApi(context.request, base);
  const unique = Date.now().toString(36);
  const title = `Tirzepatide dosing notes ${unique}`;
  const slug = `tirzepatide-dosing-notes-${unique}`;

  // Given a draft with a heading, a list, an image and pasted hostile HTML
  const created = await api.post('/api/admin/blog/posts', {
    title,
    content:
      '<h2>How doses step up</h2><ul><li>Start at 2.5 mg</li><li>Step up monthly</li></ul>' +
      '<img src="/icons/icon-512.png" alt="Pen">' +
      '<script>window.__hacked = true</script><iframe src="https://example.com"></iframe>' +
      '<p onclick="window.__hacked = true">Talk to your clinician.</p>',
    excerpt: 'What a typical tirzepatide schedule looks like.',
    authorName: 'Dana Editor',
    enableReviewsSchema: true,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A visitor cannot read a draft
  const visitor = await browser.newPage();
  const draft = await visitor.goto(`/blog/${slug}`);
  expect(draft?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();

  // When the administrator publishes it
  expect((await api.post(`/api/admin/blog/posts/${id}/publish`)).status()).toBe(200);

  // Then the visitor finds it featured on /blog and reads it
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1, name: 'GLP-1 Blog' })).toBeVisible();
  const featured = visitor.locator('article').filter({ hasText: 'Featured Article' });
  await expect(featured.getByRole('heading', { name: title })).toBeVisible();
  await featured.getByRole('link', { name: /Read Full Article/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Expert Review')).toBeVisible();
  await expect(visitor.getByText('1 min read')).toBeVisible();
  await expect(visitor.getByText('By Dana Editor', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'How doses step up' })).toBeVisible();
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Start at 2.5 mg' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'Pen' })).toBeVisible();
  // The script and the iframe were stripped; the handler too
  await expect(visitor.locator('.blog-content script, .blog-content iframe')).toHaveCount(0);
  await visitor.getByText('Talk to your clinician.').click();
  expect(await visitor.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined();
  // Its structured data is a BlogPosting with no invented rating
  const ld = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => text.includes('"BlogPosting"'))).toBe(true);
  expect(ld.join('')).not.toContain('AggregateRating');

  // When the administrator renames its slug, the old address answers 301 to the new one
  const renamed = await api.put(`/api/admin/blog/posts/${id}`, {
    previousSlug: slug,
    title,
    slug: `${slug}-v2`,
    content: '<p>Updated notes.</p>',
    publish: true,
  });
  expect(renamed.status()).toBe(200);
  const old = await context.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/${slug}-v2`);
  // Someone following the old link (a new visitor: the first one's browser may keep the page it
  // read for its max-age of 60 s, as the caching headers allow) lands on the new address.
  const follower = await browser.newPage();
  await follower.goto(`/blog/${slug}`);
  await expect(follower).toHaveURL(new RegExp(`/blog/${slug}-v2$`));
  await follower.close();

  // When it is unpublished, the post is a Post Not Found page: 404 and noindex
  expect((await api.post(`/api/admin/blog/posts/${id}/unpublish`)).status()).toBe(200);
  // (A fresh visitor: pages may be kept 60 s by the browser, by design of the page cache.)
  const later = await browser.newPage();
  const gone = await later.goto(`/blog/${slug}-v2`);
  expect(gone?.status()).toBe(404);
  await expect(later.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(later.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(later.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  await context.close();
});
