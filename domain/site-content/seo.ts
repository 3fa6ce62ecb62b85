/**
 * SEO overrides (specification section 3, table seo_metadata: page_type, page_slug,
 * meta_title, meta_description, meta_keywords, canonical_url, og_image_url, robots_directive)
 * for any public page. A page is named by its type and slug ('page' + 'blog' is /blog, the
 * specification's blog list record) or by its path; both name the same record. An empty field
 * keeps the page's own default. Data-free and browser-safe (the admin screen validates with it).
 */
import { textProblem } from '../shared/text';

export const SEO_PAGE_TYPES = ['page', 'near', 'near-state'] as const;
export type SeoPageType = (typeof SEO_PAGE_TYPES)[number];

export const SEO_PAGE_TYPE_LABELS: Record<SeoPageType, string> = {
  page: 'Page (/{slug}; the home page is "home")',
  near: 'City page (/near/{slug})',
  'near-state': 'State page (/near/state/{slug})',
};

/** The robots directives an override may set (empty: the page's default). */
export const ROBOTS_DIRECTIVES = [
  'index, follow',
  'noindex, follow',
  'index, nofollow',
  'noindex, nofollow',
] as const;
export type RobotsDirective = (typeof ROBOTS_DIRECTIVES)[number];

export const SEO_LIMITS = {
  slug: 100,
  metaTitle: 120,
  metaDescription: 320,
  metaKeywords: 300,
  url: 500,
} as const;

/** Search results show about this much of a title and a description (the preview's cuts). */
export const SERP_TITLE_CHARS = 60;
export const SERP_DESCRIPTION_CHARS = 160;

export interface SeoPageRef {
  pageType: SeoPageType;
  pageSlug: string;
}

export interface SeoFields {
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  canonicalUrl: string;
  ogImageUrl: string;
  /** '' (the page's default) or one of ROBOTS_DIRECTIVES. */
  robotsDirective: '' | RobotsDirective;
}

export type SeoOverride = SeoPageRef & SeoFields & { path: string };

export const SEO_FIELD_NAMES = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'canonicalUrl',
  'ogImageUrl',
  'robotsDirective',
] as const satisfies readonly (keyof SeoFields)[];

export const SEO_MESSAGES = {
  pageType: `pageType must be one of ${SEO_PAGE_TYPES.join(', ')}`,
  pageSlug: `pageSlug must be lowercase letters, digits and hyphens (at most ${SEO_LIMITS.slug} characters)`,
  path: 'path must be a public page such as /blog, /about, /near/{city} or /near/state/{state}',
  metaTitle: `metaTitle must be at most ${SEO_LIMITS.metaTitle} characters`,
  metaDescription: `metaDescription must be at most ${SEO_LIMITS.metaDescription} characters`,
  metaKeywords: `metaKeywords must be at most ${SEO_LIMITS.metaKeywords} characters`,
  canonicalUrl:
    'canonicalUrl must be an absolute http:// or https:// URL such as https://example.com/blog',
  ogImageUrl: 'ogImageUrl must be an absolute http:// or https:// URL of an image',
  robotsDirective: `robotsDirective must be empty or one of: ${ROBOTS_DIRECTIVES.join('; ')}`,
  empty: 'Fill in at least one field (to go back to the page defaults, remove the override).',
  invalid: 'Please correct the highlighted fields.',
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** First path segments that are never public pages. */
const NOT_PUBLIC = new Set(['admin', 'api']);

/** The public path a page type and slug name. */
export function seoPath({ pageType, pageSlug }: SeoPageRef): string {
  switch (pageType) {
    case 'page':
      return pageSlug === 'home' ? '/' : `/${pageSlug}`;
    case 'near':
      return `/near/${pageSlug}`;
    case 'near-state':
      return `/near/state/${pageSlug}`;
  }
}

/** The record a path names, or null when it names no page an override can apply to. */
export function seoPageRefFromPath(path: string): SeoPageRef | null {
  const clean = path.split(/[?#]/)[0] ?? '';
  if (clean === '/' || clean === '') return { pageType: 'page', pageSlug: 'home' };
  const segments = clean.replace(/\/+$/, '').split('/').slice(1);
  const valid = (slug: string | undefined) =>
    slug !== undefined && slug.length <= SEO_LIMITS.slug && SLUG.test(slug);
  const [first, second, third] = segments;
  if (segments.length === 1 && valid(first) && !NOT_PUBLIC.has(first as string)) {
    return { pageType: 'page', pageSlug: first as string };
  }
  if (first === 'near' && segments.length === 2 && second !== 'state' && valid(second)) {
    return { pageType: 'near', pageSlug: second as string };
  }
  if (first === 'near' && second === 'state' && segments.length === 3 && valid(third)) {
    return { pageType: 'near-state', pageSlug: third as string };
  }
  return null;
}

/** A canonical or image URL: absolute, http or https, no credentials, no spaces. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (value.length > SEO_LIMITS.url || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

export type SeoField = keyof SeoFields | 'pageType' | 'pageSlug' | 'path';

export type SeoCheck =
  | { ok: true; value: SeoOverride }
  | { ok: false; message: string; fields: Partial<Record<SeoField, string>> };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The typed fields of an override: each is one line (the robots directive is a fixed list). */
const SEO_TEXT_FIELDS = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'canonicalUrl',
  'ogImageUrl',
] as const satisfies readonly (keyof SeoFields)[];

/** The page an input names: its pageType and pageSlug, else its path. */
export function seoPageRefOf(
  input: Record<string, unknown>,
): { ok: true; ref: SeoPageRef } | { ok: false; fields: Partial<Record<SeoField, string>> } {
  if (input.pageType === undefined && input.pageSlug === undefined) {
    const ref = seoPageRefFromPath(text(input.path));
    return ref ? { ok: true, ref } : { ok: false, fields: { path: SEO_MESSAGES.path } };
  }
  const fields: Partial<Record<SeoField, string>> = {};
  const pageType = text(input.pageType);
  const pageSlug = text(input.pageSlug).toLowerCase();
  if (!(SEO_PAGE_TYPES as readonly string[]).includes(pageType)) {
    fields.pageType = SEO_MESSAGES.pageType;
  }
  if (!SLUG.test(pageSlug) || pageSlug.length > SEO_LIMITS.slug) {
    fields.pageSlug = SEO_MESSAGES.pageSlug;
  } else if (pageType === 'page' && NOT_PUBLIC.has(pageSlug)) {
    fields.pageSlug = SEO_MESSAGES.path;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, ref: { pageType: pageType as SeoPageType, pageSlug } };
}

/** Every field checked; all problems reported at once, each naming its field. */
export function validateSeoOverride(input: Record<string, unknown>): SeoCheck {
  const page = seoPageRefOf(input);
  const fields: Partial<Record<SeoField, string>> = page.ok ? {} : { ...page.fields };
  const robots = text(input.robotsDirective);
  const value: SeoFields = {
    metaTitle: text(input.metaTitle).replace(/\s+/g, ' '),
    metaDescription: text(input.metaDescription).replace(/\s+/g, ' '),
    metaKeywords: text(input.metaKeywords).replace(/\s+/g, ' '),
    canonicalUrl: text(input.canonicalUrl),
    ogImageUrl: text(input.ogImageUrl),
    robotsDirective: (ROBOTS_DIRECTIVES as readonly string[]).includes(robots)
      ? (robots as RobotsDirective)
      : '',
  };
  for (const name of ['metaTitle', 'metaDescription', 'metaKeywords'] as const) {
    const given = input[name];
    if (given !== undefined && typeof given !== 'string') fields[name] = SEO_MESSAGES[name];
    else if (value[name].length > SEO_LIMITS[name]) fields[name] = SEO_MESSAGES[name];
  }
  for (const name of ['canonicalUrl', 'ogImageUrl'] as const) {
    if (value[name] !== '' && !isAbsoluteHttpUrl(value[name])) fields[name] = SEO_MESSAGES[name];
  }
  // Control characters and line breaks, on the text as typed (before spaces are folded).
  for (const name of SEO_TEXT_FIELDS) {
    const problem = textProblem(text(input[name]), name, 'single');
    if (problem) fields[name] = problem;
  }
  if (robots !== '' && value.robotsDirective === '') {
    fields.robotsDirective = SEO_MESSAGES.robotsDirective;
  }
  if (Object.keys(fields).length > 0) {
    return { ok: false, message: SEO_MESSAGES.invalid, fields };
  }
  if (SEO_FIELD_NAMES.every((name) => value[name] === '')) {
    return { ok: false, message: SEO_MESSAGES.empty, fields: { metaTitle: SEO_MESSAGES.empty } };
  }
  const ref = (page as { ok: true; ref: SeoPageRef }).ref;
  return { ok: true, value: { ...ref, path: seoPath(ref), ...value } };
}

/** A text cut for a search-result preview: at most `max` characters, then an ellipsis. */
export function cutForPreview(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  // The cut ends a word when the next character is a space: keep that word.
  if (value[max - 1] === ' ') return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
