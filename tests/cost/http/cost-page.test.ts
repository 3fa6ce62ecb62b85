/**
 * /cost and the open price data as a visitor, a script and a search engine meet them, over
 * HTTP: the page without a state shows the form and says a state is needed; with one, the
 * providers serving it ranked by the all-in total (unknown fees and early-stopping prices
 * after the known ones); a wrong value answers 400 naming the field (page and data), never a
 * 5xx whatever is sent; /data/prices.csv escapes cells and neutralises formulas; the JSON
 * carries its credit; the sitemap lists /cost; the dosage calculator's presets list the vials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATOR_PATHS } from '../../../api/calculator/contracts';
import { COST_PATHS, OPEN_DATA_CREDIT, type OpenPriceData } from '../../../api/cost/contracts';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;
const actor = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'cost-page' };
const source = { url: 'https://example.com/pricing', kind: 'provider-page' as const };
const checked = { source, checkedOn: '2026-11-01' };

async function dispatch(command: Record<string, unknown>) {
  const result = await server.backend.bus.dispatch(command as never, actor); // test input: the bus validates it
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error(`read models did not catch up after ${String(command.type)}`);
  }
}

const TIRZ = [
  { dose: '2.5 mg', monthly: 249 },
  { dose: '5 mg', monthly: 299 },
  { dose: '7.5 mg', monthly: 349 },
  { dose: '10 mg', monthly: 399 },
  { dose: '12.5 mg', monthly: 449 },
  { dose: '15 mg', monthly: 499 },
];
const vial = (overrides: Record<string, unknown> = {}) => ({
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: TIRZ,
  concentrationMgPerMl: 10,
  checked,
  ...overrides,
});
const allIncluded = {
  membership: { amount: { kind: 'included' }, includesMedication: false },
  oneTime: [],
  shippingPerOrder: { kind: 'included' },
  checked,
};

/** A listed provider with offers, and fees, terms and trust facts when given. */
async function provider(
  id: string,
  name: string,
  states: string[],
  facts: { offers: unknown[]; fees?: unknown; terms?: unknown; commission?: boolean },
) {
  await dispatch({
    type: 'ListProvider',
    providerId: id,
    details: { name, websiteUrl: `https://${id}.example`, states, medications: ['Tirzepatide'] },
  });
  await dispatch({ type: 'ChangeProviderOffers', providerId: id, offers: facts.offers });
  if (facts.fees) await dispatch({ type: 'ChangeProviderFees', providerId: id, fees: facts.fees });
  if (facts.terms) {
    await dispatch({ type: 'ChangeProviderTerms', providerId: id, terms: facts.terms });
  }
  if (facts.commission !== undefined) {
    await dispatch({
      type: 'ChangeProviderTrustFacts',
      providerId: id,
      trust: { commission: facts.commission, checked },
    });
  }
}

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-cost-page-' });
  await provider('known-dear', 'Dear Clinic', ['OH'], {
    offers: [vial()],
    fees: {
      ...allIncluded,
      membership: { amount: { kind: 'amount', usd: 99 }, includesMedication: false },
    },
    terms: { minimumTermMonths: 3, cancellationNoticeDays: 7, checked },
    commission: true,
  });
  await provider('known-cheap', 'Cheap Clinic', ['OH', 'TX'], {
    offers: [vial({ plans: [{ months: 6, total: 1500 }] })],
    fees: allIncluded,
    commission: false,
  });
  await provider('no-fees', 'Quiet Clinic', ['OH'], { offers: [vial()] });
  await provider('stops', 'Short Clinic', ['OH'], {
    offers: [vial({ prices: TIRZ.slice(0, 2) })],
    fees: allIncluded,
  });
  await provider('texas', 'Texas Only', ['TX'], { offers: [vial()], fees: allIncluded });
  await provider('hostile', '=HYPERLINK("https://evil.example") "Care", Inc', ['TX'], {
    offers: [vial({ id: 'pen', form: 'brand-pen', concentrationMgPerMl: null })],
    fees: {
      ...allIncluded,
      oneTime: [{ name: 'other', label: '+1 intake, "rush"', amount: { kind: 'amount', usd: 20 } }],
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** What the page shows (the <main> element), without the data the router sends for hydration. */
function visible(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}
const text = (html: string) =>
  visible(html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('/cost as a visitor uses it', () => {
  it('Given no state, the page shows the form, what it ranks by, and asks for a state', async () => {
    const response = await fetch(`${server.base}/cost`);
    expect(response.status).toBe(200);
    const page = text(await response.text());
    expect(page).toContain('What GLP-1 treatment really costs, all in');
    expect(page).toContain('never affects the order');
    expect(page).toContain('Choose your state (or enter your ZIP code)');
    expect(page).toContain('Prices as CSV');
    expect(page).toContain(OPEN_DATA_CREDIT.replace(/"/g, '"'));
  });

  it('Given Ohio and 6 months of compounded tirzepatide, the known totals come first, then unknown fees, then prices that stop', async () => {
    const response = await fetch(
      `${server.base}/cost?medication=tirzepatide&form=compounded&months=6&state=OH`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = text(html);
    const order = ['Cheap Clinic', 'Dear Clinic', 'Quiet Clinic', 'Short Clinic'].map((name) =>
      page.indexOf(name),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).not.toContain('Texas Only');
    // Cheap: the 6-month plan; Dear: 2,743 on the path + 6 x 99 membership.
    expect(page).toContain('$1,500');
    expect(page).toContain('$3,337');
    expect(page).toContain('Includes unknown fees: Membership fee, One-time fees, Shipping fee');
    expect(page).toContain('No price for 7.5 mg');
    expect(page).toContain('Commission: yes');
    expect(page).toContain('Commission: no');
    expect(page).toContain('Commission: unknown');
    expect(page).toContain('minimum term 3 months, 7 days cancellation notice');
    expect(page).toContain('checked 2026-11-01');
    expect(html).toContain('<details');
    expect(html).toContain('href="/providers/cheap-clinic"');
    expect(html).toContain(
      `rel="canonical" href="${server.base}/cost?medication=tirzepatide&amp;form=compounded&amp;months=6&amp;state=OH"`,
    );
  });

  it('Given a ZIP code, the page ranks for its state', async () => {
    const page = text(await (await fetch(`${server.base}/cost?zip=43004`)).text());
    expect(page).toContain('Your ZIP code is in Ohio');
    expect(page).toContain('Cheap Clinic');
  });

  it('Given a wrong value, the page answers 400 with the form and the message naming the field', async () => {
    const response = await fetch(`${server.base}/cost?months=constructor&state=OH`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(text(html)).toContain('Months must be a whole number from 1 to 12');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('action="/cost"');
    expect(html).toContain('name="robots" content="noindex"');
  });
});

describe('the page data', () => {
  it('answers the ranking as JSON', async () => {
    const response = await fetch(
      `${server.base}${COST_PATHS.pageFor({ state: 'OH', months: '3' })}`,
    );
    expect(response.status).toBe(200);
    const view = (await response.json()) as {
      ranking: { rows: { name: string; place: number }[] };
    };
    expect(view.ranking.rows.map((r) => r.place)).toEqual([1, 2, 3, 4]);
  });

  it('answers a wrong value with 400 and a message per field', async () => {
    const response = await fetch(`${server.base}/api/cost?months=constructor&state=XX`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some choices are not valid: see the fields named',
      fields: {
        months: 'Months must be a whole number from 1 to 12',
        state: 'State must be a two-letter US state code, like OH',
      },
    });
  });

  it.each([
    'months=constructor',
    'months=__proto__',
    'state=__proto__',
    'medication=toString',
    'medication[]=x&form[]=y',
    'page=-1',
    'page=constructor',
    'dose=%00',
    'zip=%F0%9F%92%A5',
    'months=(5,000 nines)',
    'state=OH&page=99999',
    '__proto__=x&constructor=y&state=OH',
  ])('never a 5xx for ?%s', async (label) => {
    const query = label.replace('(5,000 nines)', '9'.repeat(5000));
    const [page, data] = await Promise.all([
      fetch(`${server.base}/cost?${query}`),
      fetch(`${server.base}/api/cost?${query}`),
    ]);
    expect(page.status).toBeLessThan(500);
    expect(data.status).toBeLessThan(500);
    expect([200, 400]).toContain(data.status);
  });
});

describe('open price data', () => {
  it('/data/prices.csv is CSV with the header first, cells escaped and formulas neutralised', async () => {
    const response = await fetch(`${server.base}${COST_PATHS.pricesCsv}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('link')).toContain('rel="license"');
    const csv = await response.text();
    const lines = csv.split('\r\n');
    expect(
      lines[0]?.startsWith('provider,provider_page,commission,offer_id,medication,form,dose'),
    ).toBe(true);
    // The name starts with '=': quoted (it holds quotes and a comma), prefixed with '.
    expect(csv).toContain('"\'=HYPERLINK(""https://evil.example"") ""Care"", Inc"');
    // A one-time fee's label starting with '+' too.
    expect(csv).toContain('"\'+1 intake, ""rush"": 20"');
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    // Every provider's every dose: 6 doses x 4 full offers + 2 + 6 (the pen).
    expect(lines.filter((line) => line !== '')).toHaveLength(1 + 6 * 5 + 2);
    expect(csv).toContain('Quiet Clinic');
    expect(csv).toContain(',unknown,unknown,unknown,unknown,unknown,');
  });

  it('after an event the CSV holds the changed provider as it is now, and the others as they were', async () => {
    const csv = async () => (await fetch(`${server.base}${COST_PATHS.pricesCsv}`)).text();
    const before = await csv();
    await provider('late', 'Late Clinic', ['WY'], { offers: [vial()], fees: allIncluded });
    const listed = await csv();
    expect(listed).toContain('Late Clinic');
    const rowsOf = (text: string, name: string) =>
      text.split('\r\n').filter((line) => line.startsWith(name));
    expect(rowsOf(listed, 'Late Clinic').some((line) => line.includes(',249,'))).toBe(true);
    await dispatch({
      type: 'ChangeProviderOffers',
      providerId: 'late',
      offers: [vial({ prices: [{ dose: '2.5 mg', monthly: 199 }] })],
    });
    const changed = await csv();
    expect(rowsOf(changed, 'Late Clinic')).toHaveLength(1);
    expect(rowsOf(changed, 'Late Clinic')[0]).toContain(',199,');
    expect(rowsOf(changed, 'Dear Clinic')).toEqual(rowsOf(before, 'Dear Clinic'));
    await dispatch({ type: 'RemoveProvider', providerId: 'late' });
    expect(await csv()).toBe(before);
  });

  it('/data/prices.json carries the credit, the licence and every offer with its check', async () => {
    const response = await fetch(`${server.base}${COST_PATHS.pricesJson}`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as OpenPriceData;
    expect(data.credit).toBe(OPEN_DATA_CREDIT);
    expect(data.licence.name).toBe('CC BY 4.0');
    expect(data.providers.map((p) => p.name)).toContain('Dear Clinic');
    const dear = data.providers.find((p) => p.name === 'Dear Clinic');
    expect(dear?.commission).toBe(true);
    expect(dear?.offers[0]?.prices[0]).toEqual({ dose: '2.5 mg', doseMg: 2.5, monthlyUsd: 249 });
    expect(dear?.offers[0]?.checked).toEqual({
      checkedOn: '2026-11-01',
      label: '2026-11-01',
      source,
    });
    expect(dear?.fees?.membershipPerMonth).toBe(99);
    const quiet = data.providers.find((p) => p.name === 'Quiet Clinic');
    expect(quiet?.fees).toBeNull();
    expect(quiet?.terms).toBeNull();
    expect(quiet?.commission).toBeNull();
  });
});

describe('search engines and the calculator', () => {
  it('the sitemap lists /cost and its common paths', async () => {
    const xml = await (await fetch(`${server.base}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${server.base}/cost</loc>`);
    expect(xml).toContain(
      `${server.base}/cost?medication=tirzepatide&amp;form=compounded&amp;months=6`,
    );
  });

  it.each([
    '/cost?medication=tirzepatide&form=compounded&months=6',
    '/cost?medication=tirzepatide&form=compounded&months=6&state=OH',
    '/cost?medication=semaglutide&form=either&months=12&state=OH&dose=1.7',
    '/cost?zip=43004',
    '/cost?zip=02134',
  ])('%s answers itself, without a redirect to another spelling', async (path) => {
    const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBeNull();
    expect(response.status).toBe(200);
  });

  it('the dosage calculator presets list the vials with a concentration', async () => {
    const response = await fetch(`${server.base}${CALCULATOR_PATHS.concentrationPresets}`);
    const presets = (await response.json()) as { name: string; concentrationMgPerMl: number }[];
    expect(presets.map((p) => `${p.name}, ${p.concentrationMgPerMl} mg/ml`)).toContain(
      'Cheap Clinic, 10 mg/ml',
    );
    expect(presets.map((p) => p.name)).not.toContain(
      '=HYPERLINK("https://evil.example") "Care", Inc',
    );
  });
});
