/**
 * 'Revert this change' and the merge of concurrent edits (issue 27), in Chromium on the built
 * app: an administrator changes a provider's description, reverts it from the audit log and
 * sees the value back; two browser windows edit different fields of one provider and both
 * saves land; the same field in both asks, showing both values. On the demo provider
 * 'Fictional Metabolic Clinic' (no other journey edits it).
 */
import type { Locator, Page } from '@playwright/test';
import type { AdminProviderView } from '../../../api/providers/contracts';
import { axeViolations } from '../../support/e2e/axe';
import { expect, test } from '../../support/e2e/admin';

const PROVIDER = 'Fictional Metabolic Clinic';

async function providerId(page: Page): Promise<string> {
  const response = await page.request.get('/api/admin/providers');
  const list = (await response.json()) as AdminProviderView[];
  const found = list.find((p) => p.name === PROVIDER);
  if (!found) throw new Error(`${PROVIDER} is not listed`);
  return found._id;
}

async function adminProvider(page: Page, id: string): Promise<AdminProviderView> {
  const response = await page.request.get(`/api/admin/providers/${id}`);
  return (await response.json()) as AdminProviderView;
}

async function saveField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await page.getByRole('button', { name: 'Update Provider' }).click();
}

test.describe('revert and merge', () => {
  test('a description changed, then reverted from the audit log, is back', async ({
    openAdmin,
  }) => {
    const first = await openAdmin('/admin/providers');
    const id = await providerId(first);
    const edit = await openAdmin(`/admin/providers/${id}/edit`);
    const before = await edit.getByLabel('Description', { exact: true }).inputValue();
    await saveField(edit, 'Description', 'Changed for the revert journey.');
    await expect(edit.getByText('Provider updated successfully')).toBeVisible();

    const audit = await openAdmin(`/admin/audit?subjectId=${id}`);
    // At 1280 px the log fits without sideways scrolling, and 'Who' keeps a width of its own.
    const table = audit.getByRole('table');
    await expect(table).toBeVisible();
    const frame = table.locator('xpath=..');
    expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const who = await audit.getByRole('columnheader', { name: 'Who' }).boundingBox();
    expect(who?.width ?? 0).toBeGreaterThanOrEqual(128);
    await audit.screenshot({ path: 'test-results/audit-1280.png', fullPage: false });
    const row = audit
      .getByRole('row')
      .filter({ hasText: 'Changed for the revert journey.' })
      .first();
    await row.getByRole('button', { name: 'Revert this change to Description' }).click();
    const dialog = audit.getByRole('alertdialog', { name: 'Revert this change?' });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(audit)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(audit.getByText(/^Reverted "Description" \(change of /).first()).toBeVisible();

    const again = await openAdmin(`/admin/providers/${id}/edit`);
    await expect(again.getByLabel('Description', { exact: true })).toHaveValue(before);

    // On a phone each entry is a block: what happened and the change are on screen, not in
    // columns past its right edge, and the revert is still offered in the entry's row.
    const phone = await openAdmin(`/admin/audit?subjectId=${id}`, 390);
    const entry = phone
      .getByRole('row')
      .filter({ hasText: 'Changed for the revert journey.' })
      .first();
    const withinScreenWidth = async (item: Locator) => {
      const box = await item.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 390;
    };
    const change = entry.getByRole('cell').filter({ hasText: 'Changed for the revert journey.' });
    expect(await withinScreenWidth(change)).toBe(true);
    await expect(entry.getByRole('cell', { name: /@example\.com$/ }).first()).toBeVisible();
    const revert = entry.getByRole('button', { name: 'Revert this change to Description' });
    expect(await withinScreenWidth(revert)).toBe(true);
    expect(
      await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await axeViolations(phone)).toEqual([]);
  });

  test('two administrators edit different fields: both saves land; the same field asks', async ({
    openAdmin,
  }) => {
    // Six windows in one journey: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const first = await openAdmin('/admin/providers');
    const id = await providerId(first);
    const ann = await openAdmin(`/admin/providers/${id}/edit`);
    const bob = await openAdmin(`/admin/providers/${id}/edit`);
    await saveField(ann, 'Discount code', 'ANNS');
    await expect(ann.getByText('Provider updated successfully')).toBeVisible();
    await saveField(bob, 'Affiliate tag', 'bobs-tag');
    await expect(bob.getByText('Provider updated successfully')).toBeVisible();
    expect(await adminProvider(first, id)).toMatchObject({
      discountCode: 'ANNS',
      affiliateTag: 'bobs-tag',
    });

    // The same field from two windows opened on the same version.
    const one = await openAdmin(`/admin/providers/${id}/edit`);
    const two = await openAdmin(`/admin/providers/${id}/edit`);
    await saveField(one, 'Discount code', 'FIRST');
    await expect(one.getByText('Provider updated successfully')).toBeVisible();
    await saveField(two, 'Discount code', 'SECOND');
    const dialog = two.getByRole('alertdialog', { name: 'Someone else changed the same fields' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Keep mine: SECOND')).toBeVisible();
    await expect(dialog.getByText('Take theirs: FIRST')).toBeVisible();
    expect(await axeViolations(two)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save again' }).click();
    await expect(two.getByText('Provider updated successfully')).toBeVisible();
    expect((await adminProvider(first, id)).discountCode).toBe('SECOND');
  });
});
