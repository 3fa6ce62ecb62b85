/**
 * What a visitor reads about a provider's costs and terms, over HTTP with the real server-
 * rendered pages (issue 25). Given a provider whose offers, fees, exit terms and trust facts an
 * administrator entered through the command bus:
 * - its page shows the all-in totals for 3, 6 and 12 months with their items, the exit terms
 *   table, the care-and-trust facts, each group's source link and checked date, a stale check
 *   as 'not rechecked since', and the commission label;
 * - the compare table and the home page's card carry the totals, terms and 'from $X/mo all-in';
 * - /providers/{slug}/changes lists the changes, dated, without any administrator's name;
 * and a provider given no facts shows 'Not entered yet' and no invented value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PATHS, type ProviderChangesView } from '../../../api/providers/contracts';
import { dayWords } from '../../../domain/providers/fact-words';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;
const EDITOR = {
  actor: { kind: 'admin' as const, id: 'admin-editor-7', email: 'editor.name@example.com' },
  correlationId: 'provider-costs',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const FRESH = daysAgo(5);
const STALE = daysAgo(120);
const source = (url: string, kind = 'provider-page') => ({ url, kind });

async function run(command: Record<string, unknown>): Promise<string> {
  // Test input: the bus validates it.
  const result = await server.backend.bus.dispatch(command as never, EDITOR);
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error(`read models did not catch up after ${String(command.type)}`);
  }
  return result.id;
}

const tirzepatideVial = (prices: number[]) => ({
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: ['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg'].map((dose, i) => ({
    dose,
    monthly: prices[i],
  })),
  concentrationMgPerMl: 10,
  checked: { source: source('https://clear.example/pricing'), checkedOn: FRESH },
});

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-provider-costs-' });
  const id = await run({
    type: 'ListProvider',
    details: {
      name: 'Clear Costs',
      websiteUrl: 'https://clear.example',
      states: ['OH'],
      medications: ['Tirzepatide'],
      featured: true,
    },
  });
  await run({
    type: 'ChangeProviderOffers',
    providerId: id,
    offers: [tirzepatideVial([200, 250, 300, 350, 400, 440])],
  });
  // A correction: the top dose costs $450, not $440.
  await run({
    type: 'ChangeProviderOffers',
    providerId: id,
    offers: [tirzepatideVial([200, 250, 300, 350, 400, 450])],
  });
  await run({
    type: 'ChangeProviderFees',
    providerId: id,
    fees: {
      membership: { amount: { kind: 'amount', usd: 50 }, includesMedication: false },
      oneTime: [{ name: 'consult', amount: { kind: 'amount', usd: 30 } }],
      shippingPerOrder: { kind: 'included' },
      checked: { source: source('https://clear.example/checkout', 'checkout'), checkedOn: FRESH },
    },
  });
  await run({
    type: 'ChangeProviderTerms',
    providerId: id,
    terms: {
      minimumTermMonths: 3,
      autoRenew: true,
      cancellationNoticeDays: 30,
      onlineCancellation: false,
      checked: {
        source: source('https://clear.example/help', 'support-answer'),
        checkedOn: STALE,
      },
    },
  });
  await run({
    type: 'ChangeProviderTrustFacts',
    providerId: id,
    trust: {
      pharmacyName: 'Example Compounding Pharmacy',
      pharmacyType: '503A',
      medicalDirector: 'Dr. Jane Example',
      visitType: 'async-form',
      legitScript: { status: 'certified', recordUrl: 'https://legitscript.example/clear' },
      hsaFsaReceipts: true,
      cautions: [{ text: 'FDA warning letter, 2025', url: 'https://fda.example/letter' }],
      commission: true,
      checked: {
        source: source('https://legitscript.example/clear', 'third-party'),
        checkedOn: FRESH,
      },
    },
  });
  await run({
    type: 'ListProvider',
    details: { name: 'Bare Clinic', websiteUrl: 'https://bare.example', featured: true },
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** What the page shows (the <main> element), without the data sent for hydration. */
async function visible(path: string): Promise<string> {
  const response = await fetch(`${server.base}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

/** The text of some HTML, tags dropped and spaces folded. */
const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|&rsquo;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the provider page answers what it costs and whether one can leave', () => {
  it('shows the all-in totals for 3, 6 and 12 months, each with its items', async () => {
    const page = text(await visible('/providers/clear-costs'));
    expect(page).toContain('What it costs, all in');
    // 4 fills 200..350 + 3 x $50 + $30 consult; 7 fills; 13 fills.
    expect(page).toMatch(/3 months \$1,280/);
    expect(page).toMatch(/6 months \$2,730/);
    expect(page).toMatch(/12 months \$5,730/);
    expect(page).toMatch(/Membership fee .*\$150/);
    expect(page).toContain('Consult fee');
    expect(page).toContain('Shipping fee');
    expect(page).toContain('Included');
    expect(page).toContain('10 mg/ml');
  });

  it("shows the exit terms as a table, 'Unknown' where nothing was entered", async () => {
    const page = text(await visible('/providers/clear-costs'));
    expect(page).toContain('Can I leave?');
    expect(page).toMatch(/Minimum term 3 months/);
    expect(page).toMatch(/Cancellation notice 30 days/);
    expect(page).toMatch(/Cancel online No/);
    expect(page).toMatch(/Refund after shipping Unknown/);
    expect(page).toMatch(/Pause allowed Unknown/);
  });

  it('shows the care and trust facts with the LegitScript record and the caution linked', async () => {
    const html = await visible('/providers/clear-costs');
    const page = text(html);
    expect(page).toContain('Example Compounding Pharmacy');
    expect(page).toContain('503A compounding pharmacy');
    expect(page).toContain('Dr. Jane Example');
    expect(page).toContain('Online form, no live visit');
    expect(html).toContain('href="https://legitscript.example/clear"');
    expect(html).toContain('href="https://fda.example/letter"');
    expect(page).toContain("We earn a commission from this provider's link");
  });

  it("gives each group its source link and checked date; a check older than 90 days says 'not rechecked since'", async () => {
    const html = await visible('/providers/clear-costs');
    const page = text(html);
    expect(html).toContain('href="https://clear.example/pricing"');
    expect(html).toContain('href="https://clear.example/checkout"');
    expect(html).toContain('href="https://clear.example/help"');
    expect(page).toContain(`checked ${dayWords(FRESH)}`);
    expect(page).toContain(`not rechecked since ${dayWords(STALE)}`);
    expect(page).toContain('support answer');
    expect(page).toContain('Price and fact changes');
  });

  it('shows no invented value for a provider given no facts', async () => {
    const page = text(await visible('/providers/bare-clinic'));
    expect(page).toContain('Not entered yet');
    expect(page).toContain('Commission: unknown');
    expect(page).not.toMatch(/\$0\b/);
    expect(page).not.toMatch(/checked [A-Z][a-z]{2} \d/);
  });
});

describe('the compare table and the cards', () => {
  it('compare: all-in totals of the cheapest offer, membership, minimum term, notice, commission', async () => {
    const page = text(await visible('/compare?providers=clear-costs,bare-clinic'));
    expect(page).toMatch(/Tirzepatide, 3 months all in \$1,280 \(compounded vial\) Not offered/);
    expect(page).toMatch(/Membership fee \$50\/mo Not entered/);
    expect(page).toMatch(/Minimum term 3 months Not entered/);
    expect(page).toMatch(/Cancellation notice 30 days Not entered/);
    expect(page).toMatch(
      /Commission We earn a commission from this provider's link Commission: unknown/,
    );
  });

  it("the home page's card: 'from $X/mo all-in' when known, and the commission label", async () => {
    const page = text(await visible('/'));
    // $450 at 15 mg + $50 membership + shipping included.
    expect(page).toMatch(/from \$500 \/mo all-in at 15 mg/);
    expect(page.match(/all-in/g)?.length).toBe(1);
    expect(page).toContain("We earn a commission from this provider's link");
    expect(page).toContain('Commission: unknown');
  });
});

describe('the public change log', () => {
  it('lists the changes, newest first, dated, without who made them', async () => {
    const html = await visible('/providers/clear-costs/changes');
    const page = text(html);
    expect(page).toContain('Clear Costs: price and fact changes');
    const order = [
      'Care and trust facts entered',
      'Exit terms entered',
      'Fees entered',
      'Prices and offers changed',
      'Listed on the site',
    ].map((summary) => page.indexOf(summary));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toMatch(/Tirzepatide, compounded vial 15 mg: \$440\/mo → to \$450\/mo/);
    expect(page).toContain('Minimum term: Unknown → to 3 months');
    expect(page).not.toContain('editor.name');
    expect(page).not.toContain('admin-editor-7');
  });

  it('answers JSON with the same entries, 404 for an unknown provider, 400 naming page', async () => {
    const response = await fetch(`${server.base}${PROVIDER_PATHS.changes('clear-costs')}`);
    expect(response.status).toBe(200);
    const view = (await response.json()) as ProviderChangesView;
    expect(view.provider).toEqual({
      name: 'Clear Costs',
      slug: 'clear-costs',
      path: '/providers/clear-costs',
    });
    expect(view.total).toBe(view.entries.length);
    expect(JSON.stringify(view)).not.toContain('editor.name');

    const unknown = await fetch(`${server.base}${PROVIDER_PATHS.changes('nobody-here')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'Provider not found' });

    for (const page of ['abc', '0', '-1', '1.5']) {
      const bad = await fetch(
        `${server.base}/api/providers/pages/clear-costs/changes?page=${page}`,
      );
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain('page must be a whole number');
    }
  });

  it("a provider page links to its log; an unknown provider's log is 404", async () => {
    const html = await visible('/providers/clear-costs');
    expect(html).toContain('href="/providers/clear-costs/changes"');
    const response = await fetch(`${server.base}/providers/nobody-here/changes`);
    expect(response.status).toBe(404);
  });
});
