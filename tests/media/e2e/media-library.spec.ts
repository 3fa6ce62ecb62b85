/**
 * The media library as an administrator uses it: an SVG is refused with the message beside the
 * upload, a PNG uploaded through the file input shows with its size, dimensions and 'No alt
 * text', a JPEG dropped onto the page is uploaded too, the alt text is edited in place and found by the search, the image is chosen in the
 * blog editor's picker for the featured image, then deleted behind a confirmation (its files
 * gone). axe finds nothing, the delete dialog and the picker open included; at 390 px nothing
 * scrolls sideways.
 */
import sharp from 'sharp';
import { expect, test } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

const SVG_MESSAGE = 'SVG images are not accepted: upload a PNG, JPEG, WebP, AVIF or GIF.';

test('an administrator uploads, describes, finds, picks and deletes an image', async ({
  openAdmin,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const fileName = `harbour-${tag}.png`;
  const png = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 4,
      background: { r: 20, g: 90, b: 160, alpha: 1 },
    },
  })
    .png()
    .toBuffer();

  const page = await openAdmin('/admin/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Media', exact: true }).first()).toBeVisible();
  const fileInput = page.locator('input[type="file"]');

  // An SVG, whatever it claims to be, is refused beside the upload button.
  await fileInput.setInputFiles({
    name: `drawing-${tag}.svg`,
    mimeType: 'image/png',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ),
  });
  await expect(page.getByRole('alert').filter({ hasText: SVG_MESSAGE })).toContainText(
    `drawing-${tag}.svg`,
  );
  expect(await axeViolations(page), 'axe with an upload refused').toEqual([]);

  // A PNG through the file input: in the library with its facts, marked 'No alt text'.
  await fileInput.setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png });
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: fileName }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('640 × 480 px');
  await expect(card).toContainText('No alt text');
  await expect(page.getByRole('alert').filter({ hasText: SVG_MESSAGE })).toHaveCount(0);
  // Its alt text is empty until it is described: a decorative img, not in the accessibility tree.
  const image = card.locator('img');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute(
    'srcset',
    /\/media\/[^/]+\/320\.webp 320w, \/media\/[^/]+\/640\.webp 640w/,
  );
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/media\/[^/]+\/640\.png$/);
  const served = await page.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/png');

  // A JPEG dropped onto the page is uploaded too.
  const dropped = `dropped-${tag}.jpg`;
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
      return transfer;
    },
    { bytes: [...jpeg], name: dropped },
  );
  const heading = page.getByRole('heading', { name: 'Media', level: 1 });
  await heading.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop the images to upload them.')).toBeVisible();
  await heading.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('heading', { name: dropped })).toBeVisible();
  await expect(page.getByText('Drop the images to upload them.')).toBeHidden();

  // The alt text, edited in place and saved; the search finds the image by it.
  const alt = `Boats in the harbour ${tag}`;
  await card.getByRole('textbox', { name: 'Alt text' }).fill(alt);
  await card.getByRole('button', { name: `Save the alt text of ${fileName}` }).click();
  await expect(page.getByText(`Saved the alt text of ${fileName}`)).toBeVisible();
  await expect(card).not.toContainText('No alt text');
  await page.getByRole('searchbox', { name: 'Search images' }).fill(`harbour ${tag}`);
  await expect(page).toHaveURL(/q=harbour/);
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await axeViolations(page), 'axe on the library').toEqual([]);
  await page.getByRole('searchbox', { name: 'Search images' }).fill(`nothing-${tag}`);
  await expect(page.getByText('No images match this search.')).toBeVisible();

  // The blog editor's featured image: chosen from the library with its alt text.
  const editor = await openAdmin('/admin/blog/new');
  await editor.getByRole('button', { name: 'Choose image for the featured image' }).click();
  const picker = editor.getByRole('dialog', { name: 'Choose an image' });
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox', { name: 'Search the media library' }).fill(tag);
  await picker.getByRole('button', { name: new RegExp(fileName) }).click();
  await expect(picker.getByRole('textbox', { name: `Alt text for ${fileName}` })).toHaveValue(alt);
  expect(await axeViolations(editor), 'axe with the picker open').toEqual([]);
  await picker.getByRole('button', { name: 'Use this image' }).click();
  await expect(picker).toBeHidden();
  await expect(editor.getByRole('textbox', { name: 'Featured image URL' })).toHaveValue(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+${src?.replace(/\./g, '\\.')}$`),
  );

  // Deleted behind the confirmation: gone from the library, its files answer 404. The alt
  // text's toast has gone first: axe measured its title half-faded (a colour-contrast
  // failure of the fade, not of the toast) when its exit coincided with the dialog's check.
  await expect(page.getByText(`Saved the alt text of ${fileName}`)).toBeHidden({
    timeout: 10_000,
  });
  await page.getByRole('searchbox', { name: 'Search images' }).fill(`harbour ${tag}`);
  await page.getByRole('button', { name: `Delete ${fileName}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${fileName}?`);
  expect(await axeViolations(page), 'axe with the delete dialog open').toEqual([]);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted ${fileName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: fileName })).toHaveCount(0);
  expect((await page.request.get(src ?? '')).status()).toBe(404);

  // At 390 px: nothing scrolls sideways.
  const phone = await openAdmin('/admin/media', 390);
  await expect(phone.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal scroll on /admin/media at 390 px').toBeLessThanOrEqual(0);
  expect(await axeViolations(phone), 'axe at 390 px').toEqual([]);
});
