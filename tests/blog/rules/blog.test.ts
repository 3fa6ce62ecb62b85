import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  excerptFor,
  formatAdminDateTime,
  formatLongDate,
  formatShortDate,
  metaDescription,
  pageTitle,
  readTimeMinutes,
  slugify,
  stripTags,
} from '../../../domain/blog/rules';

describe('slugify: lowercase, accents folded, each run of non-letters/digits one hyphen, trimmed', () => {
  it.each([
    ['Semaglutide vs Tirzepatide', 'semaglutide-vs-tirzepatide'],
    ['  GLP-1: What You Need to Know!  ', 'glp-1-what-you-need-to-know'],
    ['Qué Elegir — Ozempic® o Wegovy®?', 'que-elegir-ozempic-o-wegovy'],
    ['Crème brûlée & naïve café', 'creme-brulee-naive-cafe'],
    ['Straße Ærø', 'strasse-aero'],
    ['2025 Price Guide: $199/mo', '2025-price-guide-199-mo'],
    ['---', ''],
    ['', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always gives a URL-safe slug with no double or edge hyphens, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('stripTags', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['<script>alert(1)</script><p>Safe</p><style>p{}</style>', 'Safe'],
    ['Fish &amp; chips&nbsp;&lt;3 &#39;yes&#39; &#x2014;', "Fish & chips <3 'yes' —"],
    ['<!-- note --><br/>Text', 'Text'],
    ['plain text', 'plain text'],
  ])('%j -> %j', (html, text) => {
    expect(stripTags(html)).toBe(text);
  });
});

describe('readTimeMinutes: words / 200, rounded up, at least 1', () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`;
  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [1000, 5],
    [1001, 6],
  ])('%d words -> %d min', (n, minutes) => {
    expect(readTimeMinutes(words(n))).toBe(minutes);
  });
  it('does not count tags as words', () => {
    expect(readTimeMinutes(`<div class="a b c d">${'<span>x</span> '.repeat(200)}</div>`)).toBe(1);
  });
});

describe('excerptFor', () => {
  const long = `<p>${'a'.repeat(120)} ${'b'.repeat(120)}</p>`;
  const text = `${'a'.repeat(120)} ${'b'.repeat(120)}`;
  it.each([
    [
      'the excerpt when set',
      { content: long, excerpt: 'Short summary.' },
      'public',
      'Short summary.',
    ],
    [
      'public: 150 characters + ...',
      { content: long, excerpt: '' },
      'public',
      `${text.slice(0, 150)}...`,
    ],
    [
      'admin: 200 characters + ...',
      { content: long, excerpt: null },
      'admin',
      `${text.slice(0, 200)}...`,
    ],
    [
      'blank excerpt counts as none',
      { content: '<p>Tiny post.</p>', excerpt: '   ' },
      'public',
      'Tiny post.',
    ],
    [
      'short content is whole, no ellipsis',
      { content: '<p>Tiny post.</p>' },
      'admin',
      'Tiny post.',
    ],
  ] as const)('%s', (_case, post, audience, expected) => {
    expect(excerptFor(post, audience)).toBe(expected);
  });
  it('defaults to the public length', () => {
    expect(excerptFor({ content: long })).toHaveLength(153);
  });
});

describe('metaDescription: the excerpt, else the first 160 characters of the content', () => {
  it.each([
    [{ content: '<p>Body</p>', excerpt: 'The excerpt' }, 'The excerpt'],
    [{ content: `<p>${'x'.repeat(300)}</p>` }, 'x'.repeat(160)],
    [{ content: '<h1>Title</h1><p>Body text.</p>', excerpt: '' }, 'Title Body text.'],
  ])('%j -> %j', (post, expected) => {
    expect(metaDescription(post)).toBe(expected);
  });
});

describe('pageTitle: capped near 60 characters at a word boundary', () => {
  it.each([
    ['Blog', 'VialCompare', 'Blog | VialCompare'],
    ['Semaglutide vs Tirzepatide', undefined, 'Semaglutide vs Tirzepatide'],
    [
      'Semaglutide vs Tirzepatide: Which GLP-1 Is Right for Your Weight Loss?',
      'VialCompare',
      'Semaglutide vs Tirzepatide: Which GLP-1 Is... | VialCompare',
    ],
    [
      'Semaglutide vs Tirzepatide: Which GLP-1 Is Right for Your Weight Loss Journey in 2025?',
      undefined,
      'Semaglutide vs Tirzepatide: Which GLP-1 Is Right for Your...',
    ],
    ['A'.repeat(70), undefined, `${'A'.repeat(57)}...`],
  ])('%j + %j -> %j', (title, suffix, expected) => {
    const result = pageTitle(title, suffix);
    expect(result).toBe(expected);
    expect(result.length).toBeLessThanOrEqual(60);
  });

  it('never exceeds 60 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        (t, s) => {
          expect(pageTitle(t, s).length).toBeLessThanOrEqual(60);
        },
      ),
    );
  });
});

describe('date formats (UTC, no date library)', () => {
  it.each([
    ['2025-01-05T10:00:00.000Z', 'Jan 05, 2025', 'January 05, 2025', 'Jan 05, 2025 10:00'],
    ['2025-12-31T23:59:59Z', 'Dec 31, 2025', 'December 31, 2025', 'Dec 31, 2025 23:59'],
    ['2024-02-29T00:07:00+00:00', 'Feb 29, 2024', 'February 29, 2024', 'Feb 29, 2024 00:07'],
    ['2025-06-30T22:30:00-05:00', 'Jul 01, 2025', 'July 01, 2025', 'Jul 01, 2025 03:30'],
    ['not a date', '', '', ''],
    ['', '', '', ''],
  ])('%s -> %s / %s / %s', (iso, short, long, admin) => {
    expect(formatShortDate(iso)).toBe(short);
    expect(formatLongDate(iso)).toBe(long);
    expect(formatAdminDateTime(iso)).toBe(admin);
  });
});
