/**
 * Provider pages and the comparison as a visitor and a search engine meet them, over HTTP:
 * every listed provider's page answers 200, server-rendered, with parseable JSON-LD
 * (Organization with its offers, BreadcrumbList) and no invented rating; an unknown slug answers
 * 404 'Provider not found', noindex; /compare answers 200 for two to four known providers and
 * 400 / 404 with a message naming the problem otherwise (never 5xx); the sitemap lists the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;
const actor = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'provider-pages' };

async function list(details: Record<string, unknown>, prices?: Record<string, unknown>) {
  const result = await server.backend.bus.dispatch(
    { type: 'ListProvider', details, ...(prices ? { prices } : {}) } as never, // test input: the bus validates it
    actor,
  );
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error('read models did not catch up after ListProvider');
  }
}

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-provider-pages-' });
  await list(
    {
      name: 'Acme Weight Care',
      websiteUrl: 'https://acme.example',
      states: ['OH', 'TX', 'CA'],
      medications: ['Semaglutide', 'Tirzepatide'],
      featured: true,
      trustpilotScore: 4.4,
      trustpilotReviewCount: 1200,
      discountCode: 'ACME10',
      card: { features: ['Cancel any time'] },
    },
    {
      semaglutide: { '0.25mg': 199, '0.5mg': 249, '1mg': 299, '1.7mg': 349, '2.4mg': 399 },
      tirzepatide: { '2.5mg': 299 },
    },
  );
  await list({ name: 'Bare Clinic', websiteUrl: 'https://bare.example' });
  await list({
    name: 'Zed Health',
    websiteUrl: 'https://zed.example',
    states: ['NY'],
    medications: ['Tirzepatide'],
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** What the page shows (the <main> element), without the data the router sends for hydration. */
function visible(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

describe('provider pages', () => {
  it.each([
    ['acme-weight-care', 'Acme Weight Care'],
    ['bare-clinic', 'Bare Clinic'],
    ['zed-health', 'Zed Health'],
  ])('/providers/%s answers 200 with parseable JSON-LD', async (slug, name) => {
    const response = await fetch(`${server.base}/providers/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const blocks = jsonLd(html);
    const business = blocks.find((b) => b['@type'] === 'Organization' && b.name === name);
    expect(business).toBeDefined();
    // One trail, with the provider's name (the root adds none from the path's segments).
    const trails = blocks.filter((b) => b['@type'] === 'BreadcrumbList');
    expect(trails).toHaveLength(1);
    expect(JSON.stringify(trails[0])).toContain(`"name":"${name}"`);
    // No rating was entered with a vote count: none is published.
    expect(business).not.toHaveProperty('aggregateRating');
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${name}</h1>`);
    expect(html).toMatch(/<title>[^<]{1,60}<\/title>/);
    expect(html).toContain(`rel="canonical" href="${server.base}/providers/${slug}"`);
    expect(html).not.toContain('noindex');
  });

  it('shows the entered prices, the all-in cost with what is unknown, and where prices stop', async () => {
    const html = await (await fetch(`${server.base}/providers/acme-weight-care`)).text();
    const text = visible(html)
      .replace(/<!--.*?-->|<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    // Semaglutide 3 months: 0.25, 0.5, 1, 1.7 mg fills = 199 + 249 + 299 + 349; no fees were
    // entered, so the total is that known part plus unknown fees.
    expect(text).toContain('known part $1,096');
    expect(text).toContain('no price for 5 mg');
    // One answer per question: the medication-only titration table is gone from the page.
    expect(text).not.toContain('Cost of the first 3, 6 and 12 months');
    expect(html).toContain('Prices checked');
    expect(html).toContain('1,200 Trustpilot reviews');
    const offers = jsonLd(html).find((b) => b.name === 'Acme Weight Care')?.makesOffer;
    expect(Array.isArray(offers) && offers.length).toBe(6);
  });

  it('shows nothing invented for a provider entered with nothing', async () => {
    const html = visible(await (await fetch(`${server.base}/providers/bare-clinic`)).text());
    expect(html).toContain('See prices on Bare Clinic&#x27;s site');
    for (const text of ['Outstanding', '$299', 'votes', '2-Minute Quiz', '48 Hours']) {
      expect(html).not.toContain(text);
    }
  });

  it('answers an unknown slug with 404 Provider not found, noindex', async () => {
    const response = await fetch(`${server.base}/providers/no-such-clinic`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Provider not found');
    expect(html).toContain('name="robots" content="noindex"');
    const api = await fetch(`${server.base}${PROVIDER_PATHS.page('no-such-clinic')}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Provider not found' });
  });

  it('lists every provider page in the sitemap', async () => {
    const xml = await (await fetch(`${server.base}/sitemap.xml`)).text();
    for (const slug of ['acme-weight-care', 'bare-clinic', 'zed-health']) {
      expect(xml).toContain(`${server.base}/providers/${slug}</loc>`);
    }
  });
});

describe('/compare', () => {
  it('answers two to four known providers with 200, side by side', async () => {
    const response = await fetch(
      `${server.base}/compare?providers=acme-weight-care,bare-clinic,zed-health&state=NY`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ['Acme Weight Care', 'Bare Clinic', 'Zed Health'])
      expect(html).toContain(name);
    expect(html).toContain('Serves New York');
  });

  it('answers /compare with nothing chosen (the footer links it) with 200 and how to choose', async () => {
    for (const url of ['/compare', '/compare?providers=', '/compare?providers=,,']) {
      const response = await fetch(`${server.base}${url}`);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain('Choose two to four providers to compare.');
      expect(html, url).toContain('Compare selected');
      // Guidance, not an error: no alert.
      expect(html, url).not.toContain('role="alert"');
    }
  });

  it.each([
    ['acme-weight-care', 400, 'Choose at least 2 providers to compare: only 1 was chosen.'],
    ['a,b,c,d,e', 400, 'Choose at most 4 providers to compare: 5 were chosen.'],
    [
      'acme-weight-care,nope,gone',
      404,
      'No listed providers at &quot;nope&quot; and &quot;gone&quot;.',
    ],
  ])('?providers=%s answers %i with its message', async (providers, status, message) => {
    const response = await fetch(`${server.base}/compare?providers=${providers}`);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
  });

  it('answers the JSON read with the same statuses and messages', async () => {
    const tooFew = await fetch(`${server.base}${PROVIDER_PATHS.compare('acme-weight-care')}`);
    expect(tooFew.status).toBe(400);
    const unknown = await fetch(`${server.base}${PROVIDER_PATHS.compare('acme-weight-care,nope')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No listed provider at "nope".' });
    const badState = await fetch(
      `${server.base}${PROVIDER_PATHS.compare('acme-weight-care,zed-health', 'ZZ')}`,
    );
    expect(badState.status).toBe(400);
    expect(await badState.json()).toEqual({ error: 'Unknown US state "ZZ"' });
  });

  it('turns the repeated form of a plain GET form into the shareable comma form', async () => {
    const response = await fetch(
      `${server.base}/compare?providers=acme-weight-care&providers=zed-health`,
      { redirect: 'manual' },
    );
    expect([301, 302, 307, 308]).toContain(response.status);
    expect(decodeURIComponent(response.headers.get('location') ?? '')).toContain(
      'providers=acme-weight-care,zed-health',
    );
  });
});
