import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMonthYear, formatScore, formatUsd } from '../../../web/lib/format';
import { canonicalUrl, pageTitle, websiteJsonLd } from '../../../web/lib/site';
import { isCurrentPath } from '../../../web/components/layout/site-nav';
import { subscribe, subscriptionError } from '../../../web/features/newsletter/api/subscribe';
import { NEWSLETTER_MESSAGES } from '../../../api/newsletter/contracts';

describe('display formats', () => {
  it.each([
    [249, '$249'],
    [249.5, '$249.50'],
    [1299, '$1,299'],
  ])('price %d reads %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });

  it.each([
    [4.56, '4.6'],
    [5, '5.0'],
    [3, '3.0'],
  ])('score %d reads %s', (score, expected) => {
    expect(formatScore(score)).toBe(expected);
  });

  it.each([
    ['2026-11-03T00:00:00Z', 'Nov 2026'],
    ['2025-01-31T23:59:59Z', 'Jan 2025'],
    ['not a date', null],
    [null, null],
    [undefined, null],
  ])('prices-checked date %j reads %j', (iso, expected) => {
    expect(formatMonthYear(iso)).toBe(expected);
  });
});

describe('page metadata', () => {
  it.each([
    ['https://vial.example', '/', 'https://vial.example/'],
    ['https://vial.example/', '/about/', 'https://vial.example/about'],
    ['http://localhost:3000', '/near/austin-tx', 'http://localhost:3000/near/austin-tx'],
  ])('canonical of %s + %s is %s', (site, path, expected) => {
    expect(canonicalUrl(site, path)).toBe(expected);
  });

  it('keeps titles of up to 60 characters and cuts longer ones at a word', () => {
    const short = 'Compare GLP-1 Providers';
    const long = 'Top GLP-1 Weight Loss Providers near Winston-Salem, North Carolina';

    expect(pageTitle(short)).toBe(short);
    expect(pageTitle(long).length).toBeLessThanOrEqual(60);
    expect(pageTitle(long)).toBe('Top GLP-1 Weight Loss Providers near Winston-Salem, North…');
  });

  it('declares the site search target /search?q={term}', () => {
    expect(websiteJsonLd('https://vial.example').potentialAction.target.urlTemplate).toBe(
      'https://vial.example/search?q={search_term_string}',
    );
  });
});

describe('current link in the top bar', () => {
  it.each([
    ['/', '/', true],
    ['/', '/about', false],
    ['/about', '/about', true],
    ['/about', '/about/', true],
    ['/calculator', '/calculator/bmi', true],
    ['/about', '/about-us', false],
  ])('link %s on page %s is current: %s', (to, pathname, expected) => {
    expect(isCurrentPath(to, pathname)).toBe(expected);
  });
});

describe('newsletter signup failure message', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [409, {}, NEWSLETTER_MESSAGES.duplicate],
    [
      400,
      { error: 'Invalid body', fields: { email: 'The server says no.' } },
      'The server says no.',
    ],
    [400, {}, NEWSLETTER_MESSAGES.invalid],
    [500, {}, NEWSLETTER_MESSAGES.failed],
    [429, {}, NEWSLETTER_MESSAGES.failed],
    [
      429,
      { error: 'Too many requests. Try again in 12 minutes.' },
      'Too many requests. Try again in 12 minutes.',
    ],
  ])('a %i response shows its message', async (status, body, expected) => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
    const error = await subscribe({ email: 'ann@example.com' }).catch((e: unknown) => e);
    expect(subscriptionError(error)).toBe(expected);
  });
});
