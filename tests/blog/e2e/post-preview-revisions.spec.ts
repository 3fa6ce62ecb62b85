/**
 * The post editor's issue 27 journeys, in Chromium on the built app:
 * - a new post is previewed before its first save: the live preview, beside the form at
 *   1280 px and in the form's place at 390 px, follows the typing with the public article's
 *   look, the body sanitised as the server does, and nothing is saved;
 * - choosing a revision shows it against the editor's text word by word; Restore asks, then
 *   puts it in the form as unsaved changes (saved only by Update Post);
 * - two windows edit different fields of one post and both saves land; the same field in
 *   both asks, showing both values, with the other window's other change already in the form.
 * axe finds nothing with the preview, the comparison and each dialog open.
 */
import type { Page } from '@playwright/test';
import type { AdminPostView } from '../../../api/blog/contracts';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

/** The signed-in page's headers for a state-changing API call. */
async function apiHeaders(page: Page) {
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin };
}

async function createPost(page: Page, data: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/admin/blog/posts', {
    data,
    headers: await apiHeaders(page),
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function adminPost(page: Page, id: string): Promise<AdminPostView> {
  return (await (await page.request.get(`/api/admin/blog/posts/${id}`)).json()) as AdminPostView;
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/blog/edit/${id}`);
  await waitForHydration(page, 'form');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Details' })).toBeVisible();
}

test('a new post is previewed as its page will show it before it is ever saved', async ({
  openAdmin,
}) => {
  const unique = Date.now().toString(36);
  const title = `Preview before saving ${unique}`;
  const page = await openAdmin('/admin/blog/new');
  await waitForHydration(page, 'form');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && /\/api\/admin\/blog\/posts/.test(request.url())) {
      writes.push(`${request.method()} ${request.url()}`);
    }
  });

  const toggle = page.getByRole('button', { name: 'Live preview' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Untitled post' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('What the preview shows.');
  await page.getByRole('button', { name: 'HTML source' }).click();
  await page
    .getByRole('textbox', { name: 'Content', exact: true })
    .fill(
      '<h1>Week one</h1><p>Start at 0.25 mg.</p><p onclick="alert(1)">Then step up.</p><script>window.hacked = 1</script>',
    );

  // The public article's look: its title, the excerpt box, the body sanitised (h1 -> h2).
  await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(preview.getByText('What the preview shows.')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Week one' })).toBeVisible();
  await expect(preview.getByText('Start at 0.25 mg.')).toBeVisible();
  await expect(preview.getByText('1 min read')).toBeVisible();
  expect(await preview.locator('script, [onclick]').count()).toBe(0);
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);

  // It follows the typing.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (edited)`);
  await expect(preview.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();

  // At 1280 px it sits beside the form.
  const form = await page.getByRole('heading', { level: 1, name: 'Post Details' }).boundingBox();
  const side = await preview.boundingBox();
  expect(side && form && side.x > form.x + form.width / 2).toBe(true);
  await expect(page.getByText('Unsaved changes: choose Create Post to save them.')).toBeVisible();
  expect(await axeViolations(page), 'axe with the preview open').toEqual([]);
  expect(writes, 'nothing saved').toEqual([]);
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  // At 390 px the preview takes the form's place, and gives it back.
  const phone = await openAdmin('/admin/blog/new', 390);
  await waitForHydration(phone, 'form');
  await phone.getByRole('textbox', { name: 'Title', exact: true }).fill('On a phone');
  await phone.getByRole('button', { name: 'Live preview' }).click();
  const small = phone.getByRole('region', { name: 'Live preview' });
  await expect(small.getByRole('heading', { name: 'On a phone' })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: 'Title', exact: true })).toBeHidden();
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow at 390 px').toBeLessThanOrEqual(0);
  await phone.getByRole('button', { name: 'Live preview' }).click();
  await expect(phone.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'On a phone',
  );
});

test('a revision is compared word by word, then restored after asking, as unsaved changes', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/blog');
  const unique = Date.now().toString(36);
  const title = `Compare revisions ${unique}`;
  const id = await createPost(page, { title, content: '<p>The first wording of it.</p>' });
  const saved = await page.request.put(`/api/admin/blog/posts/${id}`, {
    data: {
      previousSlug: `compare-revisions-${unique}`,
      title,
      content: '<p>A second wording of it.</p>',
    },
    headers: await apiHeaders(page),
  });
  expect(saved.status()).toBe(200);

  await openEditor(page, id);
  const history = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const first = history.getByRole('listitem').last();
  await first.getByRole('button', { name: /^Compare/ }).click();
  const compared = page.getByRole('region', { name: /compared with the editor$/ });
  await expect(compared).toBeVisible();
  await expect(compared.locator('del')).toHaveText(['[removed: A second]']);
  await expect(compared.locator('ins')).toHaveText(['[added: The first]']);
  await expect(
    compared.getByText(
      'Restoring this version would remove 2 words from the editor and bring back 2 words.',
    ),
  ).toBeVisible();
  await expect(compared.getByText('Struck through')).toBeVisible();
  expect(await axeViolations(page), 'axe with a comparison open').toEqual([]);

  await compared.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Nothing is saved until you choose Update Post.');
  expect(await axeViolations(page), 'axe with the restore question open').toEqual([]);
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(/is in the editor\. Check it.*unsaved changes/)).toBeVisible();
  await expect(page.getByText('Unsaved changes: choose Update Post to save them.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toContainText(
    'The first wording of it.',
  );
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeEnabled();
  // Nothing saved yet: still two versions.
  const before = await page.request.get(`/api/admin/blog/posts/${id}/revisions`);
  expect((await before.json()) as unknown[]).toHaveLength(2);
  expect((await adminPost(page, id)).content).toBe('<p>A second wording of it.</p>');

  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Post updated successfully')).toBeVisible();
  expect((await adminPost(page, id)).content).toBe('<p>The first wording of it.</p>');
});

test('two windows edit one post: different fields both land; the same field asks with both values', async ({
  openAdmin,
}) => {
  // Five windows in one journey: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const first = await openAdmin('/admin/blog');
  const unique = Date.now().toString(36);
  const id = await createPost(first, {
    title: `Two editors ${unique}`,
    content: '<p>Shared body.</p>',
    excerpt: 'Shared excerpt.',
  });

  const ann = await openAdmin('/admin/blog');
  const bob = await openAdmin('/admin/blog');
  await openEditor(ann, id);
  await openEditor(bob, id);
  await ann.getByRole('textbox', { name: 'Excerpt' }).fill('Ann’s excerpt.');
  await ann.getByRole('button', { name: 'Update Post' }).click();
  await expect(ann.getByText('Post updated successfully')).toBeVisible();
  await bob.getByRole('textbox', { name: 'Author name' }).fill('Bob Writer');
  await bob.getByRole('button', { name: 'Update Post' }).click();
  await expect(bob.getByText('Post updated successfully')).toBeVisible();
  expect(await adminPost(first, id)).toMatchObject({
    excerpt: 'Ann’s excerpt.',
    authorName: 'Bob Writer',
  });

  // The same field from two windows opened on the same version.
  const one = await openAdmin('/admin/blog');
  const two = await openAdmin('/admin/blog');
  await openEditor(one, id);
  await openEditor(two, id);
  await one.getByRole('textbox', { name: 'Excerpt' }).fill('FIRST');
  await one.getByRole('textbox', { name: 'Meta keywords' }).fill('semaglutide, cost');
  await one.getByRole('button', { name: 'Update Post' }).click();
  await expect(one.getByText('Post updated successfully')).toBeVisible();
  await two.getByRole('textbox', { name: 'Excerpt' }).fill('SECOND');
  await two.getByRole('button', { name: 'Update Post' }).click();

  const dialog = two.getByRole('alertdialog', { name: 'Someone else changed the same fields' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Keep mine: SECOND')).toBeVisible();
  await expect(dialog.getByText('Take theirs: FIRST')).toBeVisible();
  // Behind the question, the form already holds the other window's other change.
  await expect(
    two.getByRole('textbox', { name: 'Meta keywords', includeHidden: true }),
  ).toHaveValue('semaglutide, cost');
  expect(await axeViolations(two), 'axe with the conflict open').toEqual([]);
  await dialog.getByRole('radio', { name: /Take theirs: FIRST/ }).check();
  await dialog.getByRole('button', { name: 'Save again' }).click();
  await expect(two.getByText('Post updated successfully')).toBeVisible();
  expect(await adminPost(first, id)).toMatchObject({
    excerpt: 'FIRST',
    metaKeywords: 'semaglutide, cost',
    authorName: 'Bob Writer',
  });
});
