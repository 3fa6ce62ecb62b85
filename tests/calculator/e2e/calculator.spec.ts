/**
 * /calculator journeys: each calculator gives the spec's result after Calculate, a wrong value
 * shows its message beside the field, the BMI unit toggle, the tab in the URL, and results that
 * render from a plain GET link without JavaScript.
 *
 * Expected values come from the spec's formulas:
 *   dosage  0.25 mg / 2.5 mg/ml = 0.10 ml = 10 units; x 4 weekly injections = 0.40 ml; 1 vial of 2 ml
 *   cost    $299 a month / (2 ml x 2.5 mg/ml) = $59.80 per mg; x 0.25 mg = $14.95 per dose; x 12 = $3,588
 *   BMI     80 kg / 1.80 m² = 24.7 (Normal weight); 180 lb at 5 ft 10 in = 25.8 (Overweight)
 */
import { expect, test, type Page } from '@playwright/test';

/** A number input of the visible calculator by its label (the hidden tabs have their own). */
function field(page: Page, label: string) {
  return page.getByRole('spinbutton', { name: label, exact: true });
}

/** Opens a page and waits until React has hydrated it, so clicks go through the app. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const form = document.querySelector('form[action="/calculator"]');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__react'));
  });
}

test.describe('calculator page', () => {
  test('has its title, one h1 and the dosage tab selected by default', async ({ page }) => {
    await openHydrated(page, '/calculator');
    await expect(page).toHaveTitle('GLP-1 Dosage, Cost & BMI Calculators');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'Dosage' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/calculator$/);
    await expect(page.getByRole('note', { name: 'Not medical advice' })).toBeVisible();
  });

  test('the selected tab is in the URL, and an unknown tab falls back to dosage', async ({
    page,
  }) => {
    await openHydrated(page, '/calculator');
    await page.getByRole('tab', { name: 'Cost' }).click();
    await expect(page).toHaveURL(/[?&]tab=cost/);
    await expect(page.getByRole('tabpanel')).toContainText('Cost calculator');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Cost' })).toHaveAttribute('aria-selected', 'true');

    await openHydrated(page, '/calculator?tab=titration');
    await expect(page.getByRole('tab', { name: 'Dosage' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test.describe('dosage calculator', () => {
  test('shows nothing until Calculate, then the draw in ml and units, total volume and vials', async ({
    page,
  }) => {
    await openHydrated(page, '/calculator');
    const result = page.getByTestId('dosage-per-injection');
    await expect(result).toHaveCount(0);

    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(result).toHaveText('0.10 ml (10 units)');
    await expect(page.getByRole('heading', { name: 'Your dosage' })).toBeFocused();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('0.40 ml');
    await expect(panel).toContainText('4 injections in 4 weeks');
    await expect(panel).toContainText('1 vial');
    await expect(page).toHaveURL(
      /\?tab=dosage&dose=0\.25&concentration=2\.5&frequency=1&weeks=4&vial=2$/,
    );
  });

  test('warns when one draw is more than a U-100 syringe holds', async ({ page }) => {
    await openHydrated(page, '/calculator');
    await field(page, 'Dose per injection (mg)').fill('5');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByTestId('dosage-per-injection')).toHaveText('2.00 ml (200 units)');
    await expect(page.getByRole('alert').filter({ hasText: 'U-100 syringe' })).toContainText(
      'is more than a 1 ml U-100 syringe holds (100 units)',
    );
  });

  test('a wrong value shows its message beside the field, word for word', async ({ page }) => {
    await openHydrated(page, '/calculator');
    const dose = field(page, 'Dose per injection (mg)');
    await dose.fill('0');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(dose).toHaveAttribute('aria-invalid', 'true');
    await expect(dose).toHaveAccessibleDescription(/^Dosage must be greater than 0/);
    await expect(dose).toBeFocused();
    await expect(page.getByTestId('dosage-per-injection')).toHaveCount(0);

    // Fixing it and calculating again clears the message.
    await dose.fill('0.5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('dosage-per-injection')).toHaveText('0.20 ml (20 units)');
    await expect(dose).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('cost calculator', () => {
  test('gives cost per mg, per dose, monthly and annual after Calculate', async ({ page }) => {
    await openHydrated(page, '/calculator?tab=cost');
    await page.getByText('One month', { exact: true }).click();
    await field(page, 'Price per month ($)').fill('299');
    await field(page, 'Vial volume (ml)').fill('2');
    await field(page, 'Concentration (mg/ml)').fill('2.5');
    await field(page, 'Weekly dose (mg)').fill('0.25');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByTestId('cost-per-mg')).toHaveText('$59.80');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('$14.95');
    await expect(panel).toContainText('$299');
    await expect(panel).toContainText('$3,588');
    await expect(panel).toContainText('a year is 13 fills: $3,887');
    await expect(page).toHaveURL(
      /tab=cost&price=299&volume=2&strength=2\.5&weeklyDose=0\.25&per=month/,
    );
  });

  test('gives no result unless all four values are above 0, and says so', async ({ page }) => {
    await openHydrated(page, '/calculator?tab=cost');
    await field(page, 'Price per vial ($)').fill('299');
    await field(page, 'Vial volume (ml)').fill('0');
    await field(page, 'Concentration (mg/ml)').fill('2.5');
    await field(page, 'Weekly dose (mg)').fill('0.25');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByRole('status')).toContainText('No result');
    await expect(page.getByText('Vial volume must be greater than 0')).toBeVisible();
    await expect(page.getByTestId('cost-per-mg')).toHaveCount(0);
  });
});

test.describe('BMI calculator', () => {
  test('imperial by default, and the unit toggle switches to kg and cm', async ({ page }) => {
    await openHydrated(page, '/calculator?tab=bmi');
    await expect(page.getByRole('radio', { name: /Imperial/ })).toBeChecked();
    await field(page, 'Weight (lb)').fill('180');
    await field(page, 'Height (feet)').fill('5');
    await field(page, 'Inches').fill('10');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('bmi-value')).toHaveText('25.8');
    await expect(page.getByTestId('bmi-category')).toHaveText('Overweight');

    await page.getByText('Metric (kg, cm)').click();
    await expect(page.getByRole('radio', { name: /Metric/ })).toBeChecked();
    await expect(field(page, 'Height (feet)')).toBeHidden();
    await field(page, 'Weight (kg)').fill('80');
    await field(page, 'Height (cm)').fill('180');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByTestId('bmi-value')).toHaveText('24.7');
    await expect(page.getByTestId('bmi-category')).toHaveText('Normal weight');
    await expect(page.getByRole('tabpanel')).toContainText('A BMI below 27');
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('tab') === 'bmi' &&
        url.searchParams.get('units') === 'metric' &&
        url.searchParams.get('weight') === '80' &&
        url.searchParams.get('height') === '180' &&
        !url.searchParams.has('feet'),
    );
  });

  test("switching the units keeps the person's values, converted", async ({ page }) => {
    await openHydrated(page, '/calculator?tab=bmi');
    await field(page, 'Weight (lb)').fill('195');
    await field(page, 'Height (feet)').fill('5');
    await field(page, 'Inches').fill('10');
    await page.getByText('Metric (kg, cm)').click();
    await expect(field(page, 'Weight (kg)')).toHaveValue('88.5');
    await expect(field(page, 'Height (cm)')).toHaveValue('177.8');
    // Switching straight back restores what was typed, not 88.5 kg converted again (195.1).
    await page.getByText('Imperial (lb, ft)').click();
    await expect(field(page, 'Weight (lb)')).toHaveValue('195');
    await expect(field(page, 'Height (feet)')).toHaveValue('5');
    await expect(field(page, 'Inches')).toHaveValue('10');
  });

  test('inches above 11 show their message beside the field', async ({ page }) => {
    await openHydrated(page, '/calculator?tab=bmi');
    await field(page, 'Weight (lb)').fill('180');
    await field(page, 'Height (feet)').fill('5');
    const inches = field(page, 'Inches');
    await inches.fill('12');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(inches).toHaveAttribute('aria-invalid', 'true');
    await expect(inches).toHaveAccessibleDescription(/Inches must be between 0 and 11/);
    await expect(page.getByTestId('bmi-value')).toHaveCount(0);
  });
});

test.describe('results from a link, without JavaScript', () => {
  test('the server renders a BMI result from its GET link', async ({ page }) => {
    const response = await page.request.get(
      '/calculator?tab=bmi&units=metric&weight=80&height=180',
    );
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('24.7');
    expect(html).toContain('Normal weight');
  });

  test('the server renders a dosage result and the messages of invalid URL values', async ({
    page,
  }) => {
    const ok = await page.request.get(
      '/calculator?tab=dosage&dose=0.25&concentration=2.5&frequency=1&weeks=4&vial=2',
    );
    expect(await ok.text()).toContain('0.10 ml (10 units)');

    const bad = await page.request.get(
      '/calculator?tab=dosage&dose=-1&concentration=0&frequency=0&weeks=0&vial=0',
    );
    expect(bad.status()).toBe(200);
    const html = await bad.text();
    for (const message of [
      'Dosage must be greater than 0',
      'Concentration must be greater than 0',
      'Frequency must be greater than 0',
      'Duration must be greater than 0',
      'Vial size must be greater than 0',
    ])
      expect(html).toContain(message);

    const garbage = await page.request.get(
      '/calculator?tab=cost&price=%7B%22a%22%3A1%7D&volume=abc',
    );
    expect(garbage.status()).toBe(200);
    const garbageHtml = await garbage.text();
    expect(garbageHtml).toContain('Price must be a number');
    expect(garbageHtml).toContain('Vial volume must be a number');
  });

  test('the forms work as plain GET forms with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/calculator?tab=bmi');

    await page.getByText('Metric (kg, cm)').click();
    await field(page, 'Weight (kg)').fill('80');
    await field(page, 'Height (cm)').fill('180');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page).toHaveURL(/tab=bmi/);
    await expect(page).toHaveURL(/units=metric/);
    await expect(page.getByTestId('bmi-value')).toHaveText('24.7');

    // Tabs are links: they work without JavaScript too, and each is reachable by keyboard.
    await expect(page.getByRole('tab', { name: 'Cost' })).toHaveAttribute('tabindex', '0');
    await page.getByRole('tab', { name: 'Cost' }).click();
    await expect(page).toHaveURL(/tab=cost/);
    await expect(page.getByRole('heading', { name: 'Cost calculator' })).toBeVisible();
    await context.close();
  });
});
