/**
 * The one place an SEO override meets the page head: non-empty fields replace the page's tags
 * (title, description, Open Graph, canonical), add the ones it has none for (keywords,
 * robots), and a not-found page (no canonical) is left alone.
 */
import type { RouterManagedTag } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { SeoOverrideView } from '../../../api/site-content/contracts';
import { applySeoOverride, seoOverrideFor } from '../../../web/features/site-content/seo-head';

const tags: RouterManagedTag[] = [
  { tag: 'meta', attrs: { charSet: 'utf-8' } },
  { tag: 'meta', attrs: { name: 'description', content: 'The blog.' } },
  { tag: 'meta', attrs: { property: 'og:title', content: 'Blog' } },
  { tag: 'meta', attrs: { property: 'og:url', content: 'https://site.example/blog' } },
  { tag: 'title', children: 'Blog' },
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://site.example/blog' } },
];

const override: SeoOverrideView = {
  pageType: 'page',
  pageSlug: 'blog',
  path: '/blog',
  metaTitle: 'GLP-1 articles',
  metaDescription: '',
  metaKeywords: 'glp-1',
  canonicalUrl: 'https://other.example/blog',
  ogImageUrl: '',
  robotsDirective: 'noindex, follow',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const find = (list: RouterManagedTag[], key: string) =>
  list.find((t) => t.attrs?.name === key || t.attrs?.property === key);

describe('applySeoOverride', () => {
  it('puts the non-empty fields over the page tags and keeps the rest', () => {
    const out = applySeoOverride(tags, override);
    expect(out.find((t) => t.tag === 'title')?.children).toBe('GLP-1 articles');
    expect(find(out, 'og:title')?.attrs?.content).toBe('GLP-1 articles');
    expect(find(out, 'description')?.attrs?.content).toBe('The blog.');
    expect(find(out, 'keywords')?.attrs?.content).toBe('glp-1');
    expect(find(out, 'robots')?.attrs?.content).toBe('noindex, follow');
    expect(find(out, 'og:url')?.attrs?.content).toBe('https://other.example/blog');
    expect(out.filter((t) => t.attrs?.rel === 'canonical')).toEqual([
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://other.example/blog' } },
    ]);
  });

  it('cuts an overlong title to about 60 characters, as every page title is', () => {
    const out = applySeoOverride(tags, { ...override, metaTitle: `${'word '.repeat(20)}end` });
    expect(out.find((t) => t.tag === 'title')?.children.length).toBeLessThanOrEqual(60);
  });

  it('leaves a not-found page (no canonical) and a page without an override alone', () => {
    const notFound = tags.filter((t) => t.tag !== 'link');
    expect(applySeoOverride(notFound, override)).toEqual(notFound);
    expect(applySeoOverride(tags, undefined)).toEqual(tags);
  });

  it('finds the override of a path with or without its trailing slash', () => {
    expect(seoOverrideFor([override], '/blog/')).toBe(override);
    expect(seoOverrideFor([override], '/blog')).toBe(override);
    expect(seoOverrideFor([override], '/about')).toBeUndefined();
  });
});
