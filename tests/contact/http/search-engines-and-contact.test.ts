/**
 * What search engines and visitors get from the server without a browser: robots.txt, the
 * sitemap (every capability's URLs, dates from the events), the old cookie address, the icons,
 * the contact form (JSON and plain HTML post) and the site search over the demo providers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    prefix: 'vial-site-',
    env: { SEED_DEMO: 'true', CONTACT_EMAIL: 'hello@vialcompare.example' },
  });
  // The demo providers, as at first start (api/main.ts does the same).
  const { prepareFirstStart } = await import('../../../api/first-start');
  await prepareFirstStart(server.backend);
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) =>
  fetch(`${server.base}${path}`, { redirect: 'manual', ...init });

describe('robots.txt and the sitemap', () => {
  it('Given the site, robots.txt allows it, keeps crawlers out of /admin and /api and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api');
    expect(text).toContain(`Sitemap: ${server.base}/sitemap.xml`);
  });

  it('lists the static pages and the pages providers change, with dates from the events', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    for (const path of [
      '/',
      '/about',
      '/contact',
      '/vial-score',
      '/privacy-policy',
      '/cookie-policy',
    ]) {
      expect(xml).toContain(`<loc>${server.base}${path}</loc>`);
    }
    expect(xml).not.toContain('/search<');
    expect(xml).not.toContain('/admin');
    expect(xml).toContain(`<loc>${server.base}/privacy-policy</loc><lastmod>2025-01</lastmod>`);
    // The demo providers were listed just now: the home page's date is today's.
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toMatch(new RegExp(`<loc>${server.base}/</loc><lastmod>${today}T`));
  });
});

describe('old addresses and icons', () => {
  it.each([['/cookies', 301, '/cookie-policy']])(
    '%s answers %i to %s',
    async (path, status, location) => {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(res.headers.get('location')).toBe(location);
    },
  );

  it.each([
    ['/favicon.ico', 'image/x-icon'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/icons/icon-192.png', 'image/png'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ])('%s is served as %s', async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
  });
});

describe('the contact form', () => {
  const valid = {
    name: 'Ann Visitor',
    email: 'Ann@Example.com ',
    topic: 'issue',
    message: 'The price for 0.5 mg looks out of date.',
  };
  const post = (body: unknown) =>
    get('/api/contact-messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.base },
      body: JSON.stringify(body),
    });

  it('records a valid message, which administrators then read (e-mail normalised)', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const messages = await server.backend.queries.contactMessages();
    expect(messages[0]).toMatchObject({
      name: 'Ann Visitor',
      email: 'ann@example.com',
      topic: 'issue',
    });
  });

  it('refuses every invalid field at once, each with its own message', async () => {
    const res = await post({ name: '', email: 'nope', topic: 'gossip', message: 'hi' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      name: 'Please enter your name (at most 100 characters).',
      email: 'Please enter a valid email address.',
      topic: 'Please choose what your message is about.',
      message: 'Please write a message of at least 10 characters.',
    });
  });

  it('answers a filled honeypot as sent and records nothing', async () => {
    const before = (await server.backend.queries.contactMessages()).length;
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await server.backend.queries.contactMessages()).toHaveLength(before);
  });

  it('works without JavaScript: a url-encoded post redirects back with the outcome', async () => {
    const form = (fields: Record<string, string>) =>
      get('/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.base },
        body: new URLSearchParams(fields).toString(),
      });
    const sent = await form({ ...valid, name: 'Form Poster' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact?status=sent#contact-form');
    const invalid = await form({ ...valid, email: 'x' });
    expect(invalid.headers.get('location')).toBe(
      '/contact?status=invalid&fields=email#contact-form',
    );
  });

  it('refuses a post from another site', async () => {
    const res = await get('/contact', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
      },
      body: new URLSearchParams(valid).toString(),
    });
    expect(res.status).toBe(403);
  });

  it('limits messages per address: the sixth within the hour is refused with 429', async () => {
    const fresh = await startTestServer({ prefix: 'vial-contact-limit-' });
    try {
      const send = () =>
        fetch(`${fresh.base}/api/contact-messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: fresh.base },
          body: JSON.stringify(valid),
        });
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many messages/);
    } finally {
      await fresh.close();
    }
  });
});

describe('site search', () => {
  const search = async (q: string) =>
    (await (await get(`/api/search?q=${encodeURIComponent(q)}`)).json()) as {
      total: number;
      groups: { kind: string; hits: { url: string; title: { text: string }[] }[] }[];
    };

  it('finds pages by a misspelled word and groups results by kind', async () => {
    const answer = await search('privcy polcy');
    const pages = answer.groups.find((g) => g.kind === 'page');
    expect(pages?.hits.map((h) => h.url)).toContain('/privacy-policy');
  });

  it('finds featured providers by a misspelled medication', async () => {
    for (const q of ['semaglutid', 'tirzepatid']) {
      const answer = await search(q);
      expect(answer.groups.find((g) => g.kind === 'provider')?.hits.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('answers an empty query with no results, not an error', async () => {
    expect(await search('   ')).toMatchObject({ total: 0, groups: [] });
  });
});
