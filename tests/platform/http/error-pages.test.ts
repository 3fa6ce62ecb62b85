/**
 * Refusals a browser shows as a page: a request outside /api that prefers HTML (a navigation, a
 * form post without JavaScript) gets the refusal's status and message as a small page with a
 * way back, not the API's JSON text. The API, fetch() and curl keep the JSON they read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPageHtml } from '../../../api/http/error-page';
import {
  BODY_TOO_LARGE_MESSAGE,
  bodyTooLargeMessage,
  TOO_MANY_FIELDS_MESSAGE,
} from '../../../api/http/errors';
import { FORM_BODY_BYTES, FORM_FIELDS_MAX } from '../../../api/http/json-body';
import { CROSS_SITE_MESSAGE } from '../../../api/http/origin-csrf';
import { INVALID_PATH_MESSAGE } from '../../../api/http/request-hygiene';
import { CONTACT_LIMITS } from '../../../domain/contact/rules';
import { US_STATES } from '../../../domain/shared/reference/states';
import { startTestServer, type TestServer } from '../../support/http-server';

/** What Chromium sends with a navigation or a form post. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const FORM = 'application/x-www-form-urlencoded';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ prefix: 'vial-error-pages-' });
});
afterAll(async () => {
  await server.close();
});

interface Row {
  when: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  status: number;
  message: string;
  /** The page or the JSON. */
  answer: 'page' | 'json';
}

const fields = (count: number) => Array.from({ length: count }, (_, i) => `field${i}=x`).join('&');

const ROWS: Row[] = [
  {
    when: 'a browser follows a link with a broken escape',
    path: '/near/%E0%A4%A',
    headers: { Accept: BROWSER_ACCEPT },
    status: 400,
    message: INVALID_PATH_MESSAGE,
    answer: 'page',
  },
  {
    when: 'fetch() asks the same address (Accept */*)',
    path: '/near/%E0%A4%A',
    headers: { Accept: '*/*' },
    status: 400,
    message: INVALID_PATH_MESSAGE,
    answer: 'json',
  },
  {
    when: 'a browser asks a broken API address',
    path: '/api/providers/%ZZ',
    headers: { Accept: BROWSER_ACCEPT },
    status: 400,
    message: INVALID_PATH_MESSAGE,
    answer: 'json',
  },
  {
    when: 'a form without JavaScript posts 140 kB (forms take 128 kB)',
    path: '/contact',
    method: 'POST',
    headers: { Accept: BROWSER_ACCEPT, 'Content-Type': FORM },
    body: `name=a&message=${'x'.repeat(140_000)}`,
    status: 413,
    message: bodyTooLargeMessage(FORM_BODY_BYTES),
    answer: 'page',
  },
  {
    when: 'a form posts more fields than any form has',
    path: '/contact',
    method: 'POST',
    headers: { Accept: BROWSER_ACCEPT, 'Content-Type': FORM },
    body: fields(FORM_FIELDS_MAX + 1),
    status: 413,
    message: TOO_MANY_FIELDS_MESSAGE,
    answer: 'page',
  },
  {
    when: 'a form is posted from another site',
    path: '/contact',
    method: 'POST',
    headers: { Accept: BROWSER_ACCEPT, 'Content-Type': FORM, Origin: 'https://evil.example' },
    body: 'name=a',
    status: 403,
    message: CROSS_SITE_MESSAGE,
    answer: 'page',
  },
  {
    when: 'the API is sent 120 kB of JSON',
    path: '/api/contact-messages',
    method: 'POST',
    headers: { Accept: BROWSER_ACCEPT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: 'x'.repeat(120_000) }),
    status: 413,
    message: BODY_TOO_LARGE_MESSAGE,
    answer: 'json',
  },
];

describe('a refusal, by who asked', () => {
  it.each(ROWS)('$when: $status as $answer', async (row) => {
    const res = await fetch(`${server.base}${row.path}`, {
      method: row.method ?? 'GET',
      headers: { Origin: server.base, ...row.headers },
      ...(row.body !== undefined ? { body: row.body } : {}),
      redirect: 'manual',
    });
    expect(res.status).toBe(row.status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    if (row.answer === 'json') {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toMatchObject({ error: row.message });
      return;
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // Loads and runs nothing, whether or not the site's own headers were set yet.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // A cache between keeps the page and the JSON apart.
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(text).toContain(`<p class="eyebrow">Error ${row.status}</p>`);
    expect(text).toContain(`<p>${row.message.replace(/'/g, '&apos;')}</p>`);
    expect(text).toContain('<a href="/">Go to the VialCompare home page</a>');
    if (row.method === 'POST') expect(text).toContain('Back button returns to the form');
  });
});

describe('the page', () => {
  it('escapes the message it shows', () => {
    const html = errorPageHtml(400, '<script>alert(1)</script> & "more"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
  });

  it.each([
    [400, 'This address or form could not be read'],
    [413, 'Too much was sent'],
    [429, 'Too many tries'],
    [500, 'Something went wrong'],
    [418, 'This request was refused'],
  ])('titles a %i "%s"', (status, heading) => {
    const html = errorPageHtml(status, 'm');
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(`<title>${heading} · VialCompare</title>`);
  });
});

describe('the form limits fit the forms', () => {
  const post = (path: string, body: URLSearchParams) =>
    fetch(`${server.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.base, Accept: BROWSER_ACCEPT, 'Content-Type': FORM },
      body,
    });

  it('a provider submission without JavaScript that excludes 49 states is received', async () => {
    const body = new URLSearchParams({
      providerName: 'Island Only Clinic',
      website: 'https://island.example',
      contactEmail: 'hi@island.example',
      agreedToTerms: 'on',
      startedAt: String(Date.now() - 60_000),
    });
    body.append('medications', 'Semaglutide');
    body.append('medications', 'Tirzepatide');
    for (const code of US_STATES.map((s) => s.code).filter((c) => c !== 'HI')) {
      body.append('excludedStates', code);
    }
    const sent = await post('/add-provider', body);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/add-provider?status=sent#submission-form');
  });

  it('a contact message of 5,000 Chinese characters (the field allows 5,000) is received', async () => {
    const body = new URLSearchParams({
      name: '王小明',
      email: 'wang@example.com',
      topic: 'other',
      message: '我想了解更多关于司美格鲁肽的信息。'.repeat(300).slice(0, CONTACT_LIMITS.message),
    });
    // 9 bytes a character once percent-encoded: about 45 kB, over the former 20 kB.
    expect(body.toString().length).toBeGreaterThan(40_000);
    const sent = await post('/contact', body);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact?status=sent#contact-form');
  });
});
