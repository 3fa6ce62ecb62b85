/**
 * The rich-text editor is what you see is what gets published (issue 27, "Writing"): headings,
 * lists and quotes are drawn in the editor with the public post's prose styles; links are
 * added in a dialog (Ctrl/Cmd+K, 'Add link', a new tab, sponsored or nofollow, which a link to
 * the site's own pages cannot be); an image pasted into the text is uploaded to the media
 * library, shown as 'Uploading image…' where it goes meanwhile, and inserted there with its
 * srcset; a refused file is announced with the server's sentence and the text stays. axe finds
 * nothing, the link dialog open included; at 390 px nothing scrolls sideways.
 */
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';
import { LINK_MESSAGES } from '../../../domain/blog/link-attributes';
import { MEDIA_MESSAGES } from '../../../domain/media/rules';

/** Pastes files into the editor as the browser does: a paste event carrying them. */
async function pasteFiles(body: Locator, files: { name: string; type: string; bytes: number[] }[]) {
  await body.evaluate((element, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    }
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, files);
}

const fontSize = (locator: Locator) =>
  locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));

/**
 * Two frames: the editor takes focus back on the next frame after a dialog closes (Tiptap's
 * focus command), writing its selection to the page; keys pressed before that would be undone.
 */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow ${what}`).toBeLessThanOrEqual(0);
}

test('the editor shows the post as published, adds links in a dialog and uploads pasted images', async ({
  openAdmin,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const page = await openAdmin('/admin/blog/new');
  await waitForHydration(page, 'form');
  const body = page.getByRole('textbox', { name: 'Content', exact: true });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await body.click();

  // Headings, lists and quotes are styled while editing, as on the public post.
  await toolbar.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Before the first dose');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A calm checklist.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Ask about side effects');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Quote' }).click();
  await page.keyboard.type('Start low, go slow.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  const heading = body.locator('h2');
  const paragraph = body.locator('p').filter({ hasText: 'A calm checklist.' });
  await expect(heading).toHaveText('Before the first dose');
  expect(await fontSize(heading)).toBeGreaterThan(await fontSize(paragraph));
  expect(await heading.evaluate((e) => getComputedStyle(e).fontWeight)).toBe('700');
  await expect(body.locator('ul')).toHaveCSS('list-style-type', 'disc');
  await expect(body.locator('blockquote')).toHaveCSS('border-left-width', '4px');
  await expect(body.locator('blockquote')).toHaveCSS('font-style', 'italic');

  // A new link: Ctrl+K opens the dialog, its main button is 'Add link' (no 'Remove link').
  await page.keyboard.type('Compare the ');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add a link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add link' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove link' })).toHaveCount(0);
  const address = dialog.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  await address.fill('clinic.example');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByText(LINK_MESSAGES.invalid)).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  // A page of this site: always followed, so sponsored and nofollow are disabled and why.
  await address.fill('/cost');
  await expect(
    dialog.getByRole('checkbox', { name: 'Sponsored (paid or affiliate)' }),
  ).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Nofollow' })).toBeDisabled();
  await expect(dialog.getByText(LINK_MESSAGES.internal)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Open in a new tab' })).toBeEnabled();
  expect(await axeViolations(page), 'axe with the link dialog open').toEqual([]);

  // An affiliate offer elsewhere: new tab and sponsored.
  await address.fill('https://clinic.example/offer');
  await dialog.getByRole('checkbox', { name: 'Open in a new tab' }).check();
  await dialog.getByRole('checkbox', { name: 'Sponsored (paid or affiliate)' }).check();
  await dialog.getByRole('textbox', { name: 'Text to show' }).fill('clinic offer');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog).toBeHidden();
  await expect(body).toBeFocused();
  const link = body.getByRole('link', { name: 'clinic offer' });
  await expect(link).toHaveAttribute('href', 'https://clinic.example/offer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
  await expect(link).toHaveCSS('text-decoration-line', 'underline');

  // The link again: 'Update link', with 'Remove link' beside it; Escape returns to the text.
  await link.click();
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit link' });
  await expect(edit.getByRole('textbox', { name: 'Link address' })).toHaveValue(
    'https://clinic.example/offer',
  );
  await expect(edit.getByRole('checkbox', { name: 'Sponsored (paid or affiliate)' })).toBeChecked();
  await expect(edit.getByRole('button', { name: 'Update link' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Remove link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(body).toBeFocused();

  // A pasted image: 'Uploading image…' where it goes, then the library image with its srcset.
  // (the caret put at the end of the link's line by a click there, then a new paragraph)
  const line = body.locator('p').filter({ hasText: 'Compare the' });
  const box = await line.boundingBox();
  await line.click({ position: { x: (box?.width ?? 8) - 4, y: (box?.height ?? 8) / 2 } });
  await nextFrames(page);
  await page.keyboard.press('Enter');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/media', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
  const fileName = `pasted-${unique}.png`;
  await pasteFiles(body, [{ name: fileName, type: 'image/png', bytes: [...png] }]);
  await expect(body.getByText('Uploading image…')).toBeVisible();
  await expect(page.getByText(`Uploading image ${fileName}…`)).toBeVisible();
  release();
  const image = body.locator('img[src*="/media/"]');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('srcset', /\/media\/[^/]+\/320\.webp 320w/);
  await expect(image).toHaveAttribute('width', /^\d+$/);
  await expect(body.getByText('Uploading image…')).toHaveCount(0);
  await expect(page.getByText(`Image ${fileName} inserted.`, { exact: false })).toBeVisible();
  await expect(body).toContainText('Compare the clinic offer');
  await page.unroute('**/api/admin/media');

  // Its alt text, from the toolbar once the image is selected.
  await image.click();
  await toolbar.getByRole('button', { name: 'Alt text' }).click();
  const altDialog = page.getByRole('dialog', { name: 'Alt text' });
  await altDialog
    .getByRole('textbox', { name: 'Alt text (what the image shows)' })
    .fill('Teal card');
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(body.getByRole('img', { name: 'Teal card' })).toBeVisible();

  // A refused file: the server's sentence, announced; the text is all still there.
  await paragraph.click();
  await pasteFiles(body, [
    {
      name: `drawing-${unique}.svg`,
      type: 'image/svg+xml',
      bytes: [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')],
    },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: MEDIA_MESSAGES.svg })).toContainText(
    `drawing-${unique}.svg`,
  );
  await expect(body).toContainText('Before the first dose');
  await expect(body).toContainText('A calm checklist.');
  await expect(body).toContainText('Compare the clinic offer');
  await expect(body.locator('img')).toHaveCount(1);
  expect(await axeViolations(page), 'axe on the editor').toEqual([]);

  // What the server keeps of it: the link's choices and the library image's srcset.
  await page.getByRole('button', { name: 'HTML source' }).click();
  const html = await page.getByRole('textbox', { name: 'Content', exact: true }).inputValue();
  const session = (await (await page.request.get('/api/admin/session')).json()) as {
    csrfToken: string;
  };
  const preview = await page.request.post('/api/admin/blog/preview', {
    data: { content: html },
    headers: { 'X-CSRF-Token': session.csrfToken, Origin: new URL(page.url()).origin },
  });
  expect(preview.status()).toBe(200);
  const saved = ((await preview.json()) as { html: string }).html;
  expect(saved).toContain(
    '<a href="https://clinic.example/offer" target="_blank" rel="noopener noreferrer sponsored">clinic offer</a>',
  );
  expect(saved).toMatch(
    /<img src="http[^"]+\/media\/[^"]+" alt="Teal card"[^>]* srcset="[^"]+320\.webp 320w/,
  );
  await page.getByRole('button', { name: 'Rich text' }).click();

  // The same at 390 px: nothing scrolls sideways, the dialog included.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page, 'on the editor at 390 px');
  await body.locator('h2').click();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Add a link' })).toBeVisible();
  await noSidewaysScroll(page, 'with the link dialog open at 390 px');
  await page.keyboard.press('Escape');
  await expect(body).toBeFocused();
});
