/**
 * The one place an SEO override meets a page's head: the tags the routes produced (the root's
 * defaults, then each page's own, the page winning) with the override's non-empty fields put
 * over them. Applied only to a found page (one with a canonical link): a 404 stays noindex.
 */
import type { RouterManagedTag } from '@tanstack/react-router';
import type { SeoOverrideView } from '../../../api/site-content/contracts';
import { pageTitle } from '../../lib/site';

type Attrs = Record<string, unknown>;

/** The override of a path ('/blog/' is '/blog'), if any. */
export function seoOverrideFor(
  overrides: readonly SeoOverrideView[],
  pathname: string,
): SeoOverrideView | undefined {
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  return overrides.find((o) => o.path === path);
}

const attrsOf = (tag: RouterManagedTag): Attrs => (tag.attrs ?? {}) as Attrs;
const metaKey = (tag: RouterManagedTag) =>
  tag.tag === 'meta'
    ? ((attrsOf(tag).name ?? attrsOf(tag).property) as string | undefined)
    : undefined;

export function applySeoOverride(
  tags: readonly RouterManagedTag[],
  override: SeoOverrideView | undefined,
): RouterManagedTag[] {
  if (!override) return [...tags];
  const isFound = tags.some((t) => t.tag === 'link' && attrsOf(t).rel === 'canonical');
  if (!isFound) return [...tags];

  const title = override.metaTitle ? pageTitle(override.metaTitle) : '';
  /** meta name/property -> [attribute, new content]. */
  const metas: Record<string, [attribute: 'name' | 'property', content: string]> = {};
  if (title) {
    metas['og:title'] = ['property', title];
  }
  if (override.metaDescription) {
    metas.description = ['name', override.metaDescription];
    metas['og:description'] = ['property', override.metaDescription];
  }
  if (override.metaKeywords) metas.keywords = ['name', override.metaKeywords];
  if (override.robotsDirective) metas.robots = ['name', override.robotsDirective];
  if (override.ogImageUrl) metas['og:image'] = ['property', override.ogImageUrl];
  if (override.canonicalUrl) metas['og:url'] = ['property', override.canonicalUrl];

  const seen = new Set<string>();
  const out = tags.map((tag): RouterManagedTag => {
    if (tag.tag === 'title' && title) return { ...tag, children: title };
    const key = metaKey(tag);
    const replacement = key ? metas[key] : undefined;
    if (key && replacement) {
      seen.add(key);
      return { ...tag, attrs: { ...attrsOf(tag), content: replacement[1] } };
    }
    if (tag.tag === 'link' && attrsOf(tag).rel === 'canonical' && override.canonicalUrl) {
      return { ...tag, attrs: { ...attrsOf(tag), href: override.canonicalUrl } };
    }
    return tag;
  });
  // Fields the page had no tag for (keywords, robots...) join after the last meta tag.
  const missing = Object.entries(metas)
    .filter(([key]) => !seen.has(key))
    .map(([key, [attribute, content]]): RouterManagedTag => ({
      tag: 'meta',
      attrs: { [attribute]: key, content },
    }));
  const lastMeta = out.map((t) => t.tag).lastIndexOf('meta');
  out.splice(lastMeta + 1, 0, ...missing);
  return out;
}
