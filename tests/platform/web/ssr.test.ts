import { describe, expect, it, vi } from 'vitest';
import { render, type RenderOptions } from '../../../web/entry-server';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { fakeApiClient, inMemoryApiClient } from '../../support/web-fixtures';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';

const NONCE = 'test-nonce-123';
const SITE_URL = 'https://vial.example';

async function renderPage(path: string, overrides: Partial<RenderOptions> = {}) {
  const response = await render({
    request: new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }),
    api: inMemoryApiClient(),
    nonce: NONCE,
    assets: { scripts: ['/assets/entry-client.js'], styles: ['/assets/entry-client.css'] },
    siteUrl: SITE_URL,
    ...overrides,
  });
  return { response, html: await response.text() };
}

/** Every <script> tag in the page, with its attributes and body. */
function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1] ?? '',
    body: m[2] ?? '',
  }));
}

describe('server render of the home page', () => {
  it('contains the featured providers, the title, the canonical link and the assets', async () => {
    const { response, html } = await renderPage('/');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('Evergreen Health');
    expect(html).toContain('Harbor Telemed');
    expect(html).toContain('<title>VialCompare: Compare GLP-1 Weight Loss Providers</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/"`);
    expect(html).toContain('href="/assets/entry-client.css"');
    expect(html).toContain('src="/assets/entry-client.js"');
    // Site search target (spec: search-engine metadata)
    expect(html).toContain(`${SITE_URL}/search?q={search_term_string}`);
    // Shared layout
    expect(html).not.toContain('Oops! Page not found');
    expect(html).toContain('© 2025');
    expect(html).toContain('Affiliate disclosure');
  });

  it('puts the CSP nonce on every executable inline script and on the module scripts', async () => {
    const { html } = await renderPage('/');
    const executable = scripts(html).filter((s) => !/type="application\/ld\+json"/.test(s.attrs));

    expect(executable.length).toBeGreaterThan(0);
    for (const script of executable) expect(script.attrs).toContain(`nonce="${NONCE}"`);
    expect(html).toContain(`<meta property="csp-nonce" content="${NONCE}"`);
  });

  it('in production, imports the entry from an inline script after the first paint instead of linking it', async () => {
    const { html } = await renderPage('/', {
      assets: {
        scripts: ['/assets/entry-client.js'],
        styles: ['/assets/entry-client.css'],
        scriptsAfterFirstPaint: true,
      },
    });
    const all = scripts(html);

    expect(all.filter((s) => /\bsrc=/.test(s.attrs))).toEqual([]);
    const loader = all.find((s) => s.body.includes('/assets/entry-client.js'));
    expect(loader?.body).toContain("'first-contentful-paint'");
    expect(loader?.body).toContain('import(u)');
    expect(loader?.attrs).toContain(`nonce="${NONCE}"`);
    // The stylesheet the first paint waits for is still linked in <head>.
    expect(html).toContain('href="/assets/entry-client.css"');
  });

  it.each([
    ['subscribed', NEWSLETTER_MESSAGES.success.replace("'", '&#x27;')],
    ['invalid', NEWSLETTER_MESSAGES.invalid],
    ['duplicate', NEWSLETTER_MESSAGES.duplicate],
    ['failed', NEWSLETTER_MESSAGES.failed],
  ])("shows how the signup form's plain post went (?newsletter=%s)", async (status, text) => {
    const { html } = await renderPage(`/?newsletter=${status}`);
    expect(html).toContain(text);
    expect(html).toContain('id="newsletter"');
  });

  it('renders the signup form so that it posts without JavaScript, and ignores an unknown ?newsletter=', async () => {
    // An unknown value is dropped: a permanent redirect to the address without it.
    const unknown = await renderPage('/?newsletter=hacked');
    expect(unknown.response.status).toBe(301);
    expect(unknown.response.headers.get('location')).toBe('/');
    const { html } = await renderPage('/');
    expect(html).toMatch(/<form[^>]*action="\/newsletter" method="post"/);
    for (const text of Object.values(NEWSLETTER_MESSAGES)) {
      expect(html).not.toContain(text.replace("'", '&#x27;'));
    }
  });

  it('uses the editable hero content when the site content has it', async () => {
    const { html } = await renderPage('/', {
      api: inMemoryApiClient(undefined, {
        hero_title: 'Find your GLP-1 provider',
        hero_subtitle: 'Side by side.',
      }),
    });

    expect(html).toContain('Find your GLP-1 provider');
    expect(html).toContain('Side by side.');
  });

  it('renders an empty list, not an error page, when the providers cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = fakeApiClient({
      [PROVIDER_PATHS.ranking({ limit: 10 })]: () => {
        throw new Error('read store down');
      },
      [SITE_CONTENT_PATHS.all]: {},
    });

    const { response, html } = await renderPage('/', { api: failing });

    expect(response.status).toBe(200);
    expect(html).not.toContain('Evergreen Health');
    expect(html).toContain('Top GLP-1 Providers');
    expect(error).toHaveBeenCalledWith('Failed to load featured providers', expect.any(Error));
    error.mockRestore();
  });

  it('sends provider links through /go/{slug}, the same HTML whatever the query', async () => {
    const { html } = await renderPage('/?utm_source=news&sort=price');

    // The server adds the affiliate tag when /go redirects (tests/clicks/http/clicks);
    // the browser adds the campaign parameters once hydrated (tests/clicks/e2e/clicks-calculators).
    expect(html).toContain('href="/go/evergreen-health"');
    expect(html).toContain('rel="sponsored noopener"');
    // The canonical link drops the query string.
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/"`);
  });
});

describe('server render of an unknown path', () => {
  it('answers 404 with the not-found page, marked noindex', async () => {
    const { response, html } = await renderPage('/no-such-page');

    expect(response.status).toBe(404);
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
  });
});
