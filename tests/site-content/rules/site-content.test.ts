/**
 * The per-key content rules and the SEO override rules as tables: what each key accepts (and
 * how it is stored), the message naming the key when it refuses, canonical and image URLs,
 * robots directives, the pages a path names, and the preview's cuts.
 */
import { describe, expect, it } from 'vitest';
import {
  SITE_CONTENT_KEY_LIST,
  readContentCards,
  validateSiteContent,
  type SiteContentKey,
} from '../../../domain/site-content/keys';
import { SITE_CONTENT_DEFAULTS } from '../../../domain/site-content/key-defaults';
import {
  cutForPreview,
  isAbsoluteHttpUrl,
  seoPageRefFromPath,
  seoPath,
  validateSeoOverride,
} from '../../../domain/site-content/seo';

const card = { title: 'Checked prices', text: 'Every price is dated.' };

describe('content accepted per key, and how it is stored', () => {
  it.each<[SiteContentKey, unknown, string]>([
    ['hero_title', '  Compare GLP-1 providers  ', 'Compare GLP-1 providers'],
    ['hero_subtitle', 'x'.repeat(300), 'x'.repeat(300)],
    ['about_mission', 'Our mission.', 'Our mission.'],
    ['contact_email', ' Team@VialCompare.Example ', 'team@vialcompare.example'],
    ['benefits', JSON.stringify([card]), JSON.stringify([card])],
    [
      'benefits',
      `[\n  {"title": " Checked prices ", "text": "Every price is dated.", "x": 1}\n]`,
      JSON.stringify([card]),
    ],
    ['about_values', JSON.stringify(Array(8).fill(card)), JSON.stringify(Array(8).fill(card))],
  ])('%s accepts %j', (key, raw, stored) => {
    expect(validateSiteContent(key, raw)).toEqual({ ok: true, content: stored });
  });
});

describe('content refused per key, with a message naming the key', () => {
  it.each<[SiteContentKey, unknown, RegExp]>([
    ['hero_title', '', /^hero_title must be text of 1 to 120 characters: it is empty\.$/],
    ['hero_title', 'x'.repeat(121), /^hero_title must be text .*: it has 121 characters\.$/],
    ['hero_title', 42, /^hero_title must be text of 1 to 120 characters\.$/],
    ['contact_email', 'not an address', /^contact_email must be an e-mail address/],
    [
      'benefits',
      'not json',
      /^benefits must be a JSON array of 1 to 6 items .*: this is not valid JSON\.$/,
    ],
    [
      'benefits',
      '{"title":"x","text":"y"}',
      /^benefits must be a JSON array.*: this is not an array\.$/,
    ],
    ['benefits', '[]', /^benefits must be a JSON array.*: it has 0 items\.$/],
    ['benefits', JSON.stringify(Array(7).fill(card)), /: it has 7 items\.$/],
    ['benefits', '["text"]', /: item 1 is not an object\.$/],
    ['benefits', JSON.stringify([card, { title: 'x' }]), /: item 2 has no "text" text\.$/],
    [
      'about_values',
      JSON.stringify([{ title: ' ', text: 'y' }]),
      /^about_values .*item 1 has no "title" text\.$/,
    ],
    [
      'about_values',
      JSON.stringify([{ title: 'x'.repeat(61), text: 'y' }]),
      /item 1 has a "title" longer than 60 characters\.$/,
    ],
  ])('%s refuses %j', (key, raw, message) => {
    const check = validateSiteContent(key, raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });

  it("every key's built-in text passes its own rule (a new row starts valid)", () => {
    for (const key of SITE_CONTENT_KEY_LIST) {
      const builtIn = SITE_CONTENT_DEFAULTS[key];
      if (builtIn !== undefined) expect(validateSiteContent(key, builtIn).ok, key).toBe(true);
    }
  });

  it('reads the cards of a list key, and null when it is missing or not a list', () => {
    expect(readContentCards('benefits', JSON.stringify([card]))).toEqual([card]);
    expect(readContentCards('benefits', undefined)).toBeNull();
    expect(readContentCards('benefits', 'broken')).toBeNull();
  });
});

describe('canonical and image URLs', () => {
  it.each([
    ['https://vialcompare.example/blog', true],
    ['http://localhost:3000/', true],
    ['https://vialcompare.example/blog?page=2#top', true],
    ['/blog', false],
    ['vialcompare.example/blog', false],
    ['ftp://vialcompare.example/blog', false],
    ['javascript:alert(1)', false],
    ['https://user:pass@vialcompare.example/', false],
    ['https://vialcompare.example/a b', false],
    [`https://vialcompare.example/${'a'.repeat(500)}`, false],
    ['', false],
  ])('%s -> %s', (url, ok) => {
    expect(isAbsoluteHttpUrl(url)).toBe(ok);
  });
});

describe('the page an override names', () => {
  it.each([
    ['/', { pageType: 'page', pageSlug: 'home' }],
    ['/blog', { pageType: 'page', pageSlug: 'blog' }],
    ['/blog/', { pageType: 'page', pageSlug: 'blog' }],
    ['/about?x=1', { pageType: 'page', pageSlug: 'about' }],
    ['/near/columbus-oh', { pageType: 'near', pageSlug: 'columbus-oh' }],
    ['/near/state/oh', { pageType: 'near-state', pageSlug: 'oh' }],
    ['/admin', null],
    ['/api', null],
    ['/blog/a-post', null],
    ['/Blog', null],
    ['blog', null],
  ])('%s -> %j', (path, ref) => {
    expect(seoPageRefFromPath(path)).toEqual(ref);
    if (ref)
      expect(seoPath(ref as Parameters<typeof seoPath>[0])).toBe(
        path.split('?')[0]?.replace(/(.)\/$/, '$1'),
      );
  });
});

describe('an override checked field by field', () => {
  it('accepts a full override and names its page by type and slug', () => {
    const check = validateSeoOverride({
      pageType: 'page',
      pageSlug: 'blog',
      metaTitle: '  GLP-1   articles ',
      canonicalUrl: 'https://vialcompare.example/blog',
      robotsDirective: 'noindex, follow',
    });
    expect(check).toEqual({
      ok: true,
      value: {
        pageType: 'page',
        pageSlug: 'blog',
        path: '/blog',
        metaTitle: 'GLP-1 articles',
        metaDescription: '',
        metaKeywords: '',
        canonicalUrl: 'https://vialcompare.example/blog',
        ogImageUrl: '',
        robotsDirective: 'noindex, follow',
      },
    });
  });

  it.each([
    [{ path: '/blog', canonicalUrl: '/blog' }, ['canonicalUrl']],
    [{ path: '/blog', ogImageUrl: 'data:image/png;base64,AA' }, ['ogImageUrl']],
    [{ path: '/blog', robotsDirective: 'noindex' }, ['robotsDirective']],
    [{ path: '/blog', metaDescription: 'x'.repeat(321) }, ['metaDescription']],
    [{ path: '/blog', metaKeywords: 7 }, ['metaKeywords']],
    [{ path: '/nope/nope/nope', metaTitle: 'x', canonicalUrl: 'x' }, ['path', 'canonicalUrl']],
    [{ pageType: 'page', pageSlug: 'admin', metaTitle: 'x' }, ['pageSlug']],
    [{ path: '/blog' }, ['metaTitle']],
  ])('%j is refused naming %j', (input, fields) => {
    const check = validateSeoOverride(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.fields).sort()).toEqual([...fields].sort());
  });
});

describe("the search-result preview's cuts", () => {
  it.each([
    ['Short title', 60, 'Short title'],
    ['x'.repeat(60), 60, 'x'.repeat(60)],
    [
      'The best online GLP-1 providers compared by price and score in 2026',
      60,
      'The best online GLP-1 providers compared by price and score…',
    ],
    ['y'.repeat(200), 160, `${'y'.repeat(159)}…`],
  ])('%s cut at %i', (text, max, expected) => {
    const cut = cutForPreview(text, max);
    expect(cut).toBe(expected);
    expect(cut.length).toBeLessThanOrEqual(max);
  });
});
