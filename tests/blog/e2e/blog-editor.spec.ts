/**
 * The blog editor's journey, in the screens: an administrator writes a post in the rich-text
 * editor (a heading, a list, an image with its alt text), previews the draft at its signed
 * noindex address, publishes it from /admin/blog; a visitor finds it featured on /blog, opens
 * it (read time, badges), the feed lists it; the administrator renames its slug (the old
 * address answers 301), unpublishes it (Post Not Found, 404, noindex) and deletes it after the
 * confirmation naming its title. Every toast is the spec's, word for word; axe finds nothing on
 * the new screens, the delete dialog open included.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

/** The list filtered to one post (server-side search), and its row. */
async function findInList(page: Page, title: string) {
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await waitForHydration(page, 'main');
  const table = page.getByRole('table', { name: 'Blog posts' });
  return table.getByRole('row').filter({ hasText: title });
}

test('an administrator writes, previews, publishes, renames, unpublishes and deletes a post in the editor', async ({
  openAdmin,
  browser,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const title = `Semaglutide week by week ${unique}`;
  const slug = `semaglutide-week-by-week-${unique}`;
  const page = await openAdmin('/admin/dashboard');

  // The list is in the admin navigation
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
  expect(await axeViolations(page), 'axe on /admin/blog').toEqual([]);

  // New Post: the editor with 'Back to Blog' and 'Post Details'
  await page.getByRole('button', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Post Details' })).toBeVisible();
  await waitForHydration(page, 'form');

  // The slug follows the title
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);

  // The rich-text editor (loaded on demand): a heading, a list and an image with alt text
  const body = page.getByRole('textbox', { name: 'Content', exact: true });
  await expect(body).toBeVisible();
  await body.click();
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('What the first month looks like');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Start at 0.25 mg');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Step up after four weeks');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ask your clinician before changing a dose.');
  // The Image button opens the media picker: an image uploaded there, described, inserted
  await toolbar.getByRole('button', { name: 'Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert an image' });
  const icon = await page.request.get('/icons/icon-512.png');
  await picker.locator('input[type="file"]').setInputFiles({
    name: `pen-${unique}.png`,
    mimeType: 'image/png',
    buffer: await icon.body(),
  });
  await picker.getByRole('textbox', { name: `Alt text for pen-${unique}.png` }).fill('Dosing pen');
  await picker.getByRole('button', { name: 'Use this image' }).click();
  await expect(picker).toBeHidden();
  await expect(body.locator('h2')).toHaveText('What the first month looks like');
  await expect(body.locator('ul li')).toHaveCount(2);
  await expect(body.getByRole('img', { name: 'Dosing pen' })).toBeVisible();

  // The HTML source view shows the same content
  await page.getByRole('button', { name: 'HTML source' }).click();
  const source = page.getByRole('textbox', { name: 'Content', exact: true });
  await expect(source).toHaveValue(/<h2>What the first month looks like<\/h2><ul>/);
  await expect(source).toHaveValue(/<img [^>]*alt="Dosing pen"/);
  await page.getByRole('button', { name: 'Rich text' }).click();

  await page.getByRole('textbox', { name: 'Excerpt' }).fill('A calm, week-by-week guide.');
  await page.getByRole('textbox', { name: 'Author name' }).fill('Dana Editor');
  // The SEO panel previews the search result
  await expect(page.getByText('Search result preview')).toBeVisible();
  await expect(page.getByText(`/blog/${slug}`).first()).toBeVisible();
  expect(await axeViolations(page), 'axe on /admin/blog/new').toEqual([]);

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // The card: title, Draft, author, /blog/{slug}, excerpt
  let row = await findInList(page, title);
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('Dana Editor');
  await expect(row).toContainText(`/blog/${slug}`);
  await expect(row).toContainText('A calm, week-by-week guide.');
  await expect(row).toContainText(/Created \w{3} \d{2}, \d{4} \d{2}:\d{2}/);

  // The status filter: a draft is among Drafts, not among Published, and the choice is in the URL
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'Published' });
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByRole('main')).not.toContainText(title);
  await status.selectOption({ label: 'Drafts' });
  await expect(page).toHaveURL(/status=draft/);
  await expect(row).toContainText('Draft');
  await status.selectOption({ label: 'All posts' });
  await expect(page).not.toHaveURL(/status=/);

  // Edit: preview the draft at its signed address (noindex)
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\//);
  const editUrl = page.url();
  await waitForHydration(page, 'form');
  await expect(page.getByRole('heading', { name: 'Revision history' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview draft' }).click();
  const previewHref = await page.getByRole('link', { name: /Open preview/ }).getAttribute('href');
  expect(previewHref).toMatch(/^\/blog\/preview\//);
  const preview = await page.context().request.get(previewHref ?? '');
  expect(preview.status()).toBe(200);
  expect(preview.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const previewHtml = await preview.text();
  expect(previewHtml).toContain('<h2>What the first month looks like</h2>');
  expect(previewHtml).toContain('alt="Dosing pen"');
  const forged = await page.context().request.get(`${previewHref ?? ''}x`);
  expect(forged.status()).toBe(403);
  expect(await axeViolations(page), 'axe on /admin/blog/edit').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // Publish from the list
  row = await findInList(page, title);
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(page.getByText('Post published', { exact: true })).toBeVisible();
  await expect(row).toContainText('Published');

  // A visitor finds it featured, reads it, and the feed lists it
  const visitor = await browser.newPage();
  const scripts: string[] = [];
  visitor.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await visitor.goto('/blog');
  const featured = visitor.locator('article').filter({ hasText: 'Featured Article' });
  await expect(featured.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    visitor.locator('link[rel="alternate"][type="application/rss+xml"]'),
  ).toHaveAttribute('href', /\/blog\/rss\.xml$/);
  await featured.getByRole('link', { name: /Read Full Article/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('1 min read')).toBeVisible();
  await expect(visitor.getByText('GLP-1 Article', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Health & Medicine', { exact: true })).toBeVisible();
  await expect(
    visitor.getByRole('heading', { level: 2, name: 'What the first month looks like' }),
  ).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'Dosing pen' })).toBeVisible();
  await expect(visitor.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(1);
  // The editor's Tiptap chunk never loads on the public pages
  expect(scripts.some((url) => url.includes('rich-text-editor'))).toBe(false);
  const feed = await (await visitor.request.get('/blog/rss.xml')).text();
  expect(feed).toContain(`<title>${title}</title>`);
  expect(feed).toContain(`/blog/${slug}</link>`);

  // Renaming the slug in the editor: the old address answers 301 to the new one
  await page.goto(editUrl);
  await waitForHydration(page, 'form');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(`${slug}-v2`);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Post updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const old = await page.context().request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/${slug}-v2`);

  // Unpublish: the post is Post Not Found (404, noindex)
  row = await findInList(page, title);
  await row.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(page.getByText('Post unpublished', { exact: true })).toBeVisible();
  const later = await browser.newPage();
  const gone = await later.goto(`/blog/${slug}-v2`);
  expect(gone?.status()).toBe(404);
  await expect(later.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(later.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // Delete, after the confirmation naming the title (axe with the dialog open)
  row = await findInList(page, title);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${title}?`);
  expect(await axeViolations(page), 'axe with the delete dialog open').toEqual([]);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  await expect(page.getByText('No posts match these filters.')).toBeVisible();
  await page.context().close();
});

test('the editor asks before leaving with unsaved changes and refuses an empty post with the spec message', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/blog/new');
  await waitForHydration(page, 'form');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Title and content are required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Unsaved thoughts');
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // The list and the editor fit a 390 px phone without horizontal scrolling
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/admin/blog', '/admin/blog/new']) {
    await page.goto(url);
    await waitForHydration(page, 'main');
    await expect(page.locator('main h1')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${url}`).toBeLessThanOrEqual(0);
  }
  await page.context().close();
});

test('an earlier version is restored from the revision history as a new, audited edit', async ({
  openAdmin,
  admin,
}) => {
  const page = await openAdmin('/admin/blog');
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin };
  const unique = Date.now().toString(36);
  const title = `Revision notes ${unique}`;
  const slug = `revision-notes-${unique}`;
  const created = await page.request.post('/api/admin/blog/posts', {
    data: { title, content: '<p>The first wording.</p>' },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const saved = await page.request.put(`/api/admin/blog/posts/${id}`, {
    data: { previousSlug: slug, title, content: '<p>A second wording.</p>' },
    headers,
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/admin/blog/edit/${id}`);
  await waitForHydration(page, 'form');
  const history = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Changed: content');
  await expect(history.getByRole('listitem').first()).toContainText(`by ${admin.email}`);
  await history
    .getByRole('listitem')
    .last()
    .getByRole('button', { name: /^Compare/ })
    .click();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(page.getByText(/is in the editor\. Check it/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toContainText(
    'The first wording.',
  );
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Post updated successfully')).toBeVisible();

  const revisions = (await (
    await page.request.get(`/api/admin/blog/posts/${id}/revisions`)
  ).json()) as { kind: string; changedFields: string[]; fields: { content: string } | null }[];
  expect(revisions).toHaveLength(3);
  expect(revisions[0]).toMatchObject({ kind: 'saved', changedFields: ['content'] });
  expect(revisions[0]?.fields?.content).toContain('The first wording.');

  // A new post asking for the same slug: refused on the slug field, with the spec's toast
  await page.goto('/admin/blog/new');
  await waitForHydration(page, 'form');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'HTML source' }).click();
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('<p>Copy</p>');
  await page.getByRole('button', { name: 'Create Post' }).click();
  const taken = 'This slug is already used by another post. Choose another slug.';
  await expect(page.getByText(`Failed to create post: ${taken}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.context().close();
});
