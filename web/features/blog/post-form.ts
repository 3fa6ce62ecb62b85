/**
 * The blog editor's values and rules, free of React: what the form holds, how a saved post
 * fills it, what it sends, and the checks it mirrors from the server (spec section 5).
 */
import {
  BLOG_VALIDATION,
  PAGE_TITLE_MAX,
  META_DESCRIPTION_LENGTH,
  ELLIPSIS,
  slugify,
} from '../../../domain/blog/format';
import type { AdminPostView, PostBody, PostRevisionView } from '../../../api/blog/contracts';
import type { PostFields } from '../../../domain/blog/events';

export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  featuredImageUrl: string;
  authorName: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  canonicalUrl: string;
  ogImageOverride: string;
  robotsDirective: string;
  enableReviewsSchema: boolean;
  /** 'Publish immediately'. */
  publish: boolean;
  /** A datetime-local value (the administrator's time zone), '' for none. */
  publishAt: string;
}

export const REQUIRED_MESSAGE = BLOG_VALIDATION.required;

export function emptyPostForm(): PostFormValues {
  return {
    title: '',
    slug: '',
    excerpt: '',
    featuredImageUrl: '',
    authorName: 'Admin',
    content: '',
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    canonicalUrl: '',
    ogImageOverride: '',
    robotsDirective: '',
    enableReviewsSchema: false,
    publish: false,
    publishAt: '',
  };
}

/** '2026-11-23T18:05:00.000Z' -> '2026-11-23T19:05' in the browser's zone (datetime-local). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A saved post's fields (or a revision's) as form values. */
export function fieldsToForm(fields: PostFields): Omit<PostFormValues, 'publish' | 'publishAt'> {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt ?? '',
    featuredImageUrl: fields.featuredImageUrl ?? '',
    authorName: fields.authorName,
    content: fields.content,
    metaTitle: fields.metaTitle ?? '',
    metaDescription: fields.metaDescription ?? '',
    metaKeywords: fields.metaKeywords ?? '',
    canonicalUrl: fields.canonicalUrl ?? '',
    ogImageOverride: fields.ogImageOverride ?? '',
    robotsDirective: fields.robotsDirective ?? '',
    enableReviewsSchema: fields.enableReviewsSchema,
  };
}

export function postToForm(post: AdminPostView): PostFormValues {
  return {
    ...fieldsToForm(post),
    publish: post.published,
    publishAt: toLocalInput(post.scheduledFor),
  };
}

/** A revision's fields loaded into the editor, keeping the current publication choice. */
export function revisionToForm(revision: PostRevisionView, current: PostFormValues) {
  if (!revision.fields) return current;
  return {
    ...current,
    ...fieldsToForm(revision.fields),
  };
}

/** What the editor sends: the server trims, nulls blanks and checks everything again. */
export function formToBody(values: PostFormValues): PostBody {
  const at = values.publishAt ? new Date(values.publishAt) : null;
  return {
    title: values.title,
    slug: values.slug.trim() || slugify(values.title),
    excerpt: values.excerpt,
    featuredImageUrl: values.featuredImageUrl,
    authorName: values.authorName,
    content: values.content,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    metaKeywords: values.metaKeywords,
    canonicalUrl: values.canonicalUrl,
    ogImageOverride: values.ogImageOverride,
    robotsDirective: values.robotsDirective,
    enableReviewsSchema: values.enableReviewsSchema,
    publish: values.publishAt ? false : values.publish,
    publishAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
  };
}

/** Elements that end a run of words: text on either side of them is two words, not one. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'UL',
  'OL',
  'BLOCKQUOTE',
  'FIGURE',
  'FIGCAPTION',
  'PRE',
  'TABLE',
  'CAPTION',
  'TR',
  'TH',
  'TD',
  'IMG',
]);

/**
 * The text of an HTML fragment as the browser reads it, blocks apart ('<p>a</p><p>b</p>' is
 * 'a b', '<b>co</b>st' is 'cost'), spaces collapsed: what the revision diff compares. Without a
 * DOM (the server render) tags are read as spaces.
 */
export function postText(html: string): string {
  if (typeof DOMParser === 'undefined') {
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  const chunks: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      chunks.push(node.textContent ?? '');
      return;
    }
    const block = node instanceof Element && BLOCKS.has(node.tagName);
    if (block) chunks.push(' ');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) chunks.push(' ');
  };
  walk(new DOMParser().parseFromString(html, 'text/html').body);
  return chunks.join('').replace(/\s+/g, ' ').trim();
}

const textOf = postText;

const URL_FIELDS = [
  ['featuredImageUrl', 'Featured image URL'],
  ['canonicalUrl', 'Canonical URL'],
  ['ogImageOverride', 'Social image URL'],
] as const;

/** The browser's mirror of the server's checks, by field. */
export function validatePostForm(values: PostFormValues, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = REQUIRED_MESSAGE;
  if (!textOf(values.content) && !/<img\b/i.test(values.content)) {
    errors.content = REQUIRED_MESSAGE;
  }
  if (values.title.trim() && !slugify(values.slug.trim() || values.title)) {
    errors.slug = BLOG_VALIDATION.slug;
  }
  for (const [name, label] of URL_FIELDS) {
    const value = values[name].trim();
    if (value && !(/^https?:\/\/\S+$/i.test(value) && URL.canParse(value))) {
      errors[name] = `${label} must be a full http(s) address`;
    }
  }
  if (values.publishAt) {
    const at = new Date(values.publishAt);
    if (Number.isNaN(at.getTime())) errors.publishAt = 'Publish time must be a date and time';
    else if (at.getTime() <= now.getTime()) {
      errors.publishAt = 'The scheduled publication time must be in the future.';
    } else if (values.publish) errors.publishAt = BLOG_VALIDATION.publishBoth;
  }
  return errors;
}

/** Cut as a search result shows it: at most `max` characters, '...' when cut. */
export function cutForPreview(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max - ELLIPSIS.length);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}${ELLIPSIS}`;
}

/** What a search result would show for these values: title, address, description. */
export function searchPreview(values: PostFormValues, origin: string) {
  const slug = values.slug.trim() || slugify(values.title) || 'your-post';
  const description =
    values.metaDescription.trim() ||
    values.excerpt.trim() ||
    textOf(values.content).slice(0, META_DESCRIPTION_LENGTH);
  return {
    title: cutForPreview(
      values.metaTitle.trim() || values.title.trim() || 'Post title',
      PAGE_TITLE_MAX,
    ),
    url: values.canonicalUrl.trim() || `${origin.replace(/\/+$/, '')}/blog/${slug}`,
    description: cutForPreview(description, META_DESCRIPTION_LENGTH),
    image: values.ogImageOverride.trim() || values.featuredImageUrl.trim() || null,
  };
}

/** The form's fields a merge is about (everything but the publication choice). */
type MergedName = Exclude<keyof PostFormValues, 'publish' | 'publishAt'>;

/**
 * After another administrator saved meanwhile (issue 27): the form rebased onto the latest
 * version. Each value the administrator changed since `opened` stays as typed; every other
 * one (the publication choice included) becomes the latest version's.
 */
export function rebaseForm(
  opened: PostFormValues,
  latest: PostFormValues,
  current: PostFormValues,
): PostFormValues {
  const next = { ...latest };
  for (const name of Object.keys(current) as (keyof PostFormValues)[]) {
    if (current[name] !== opened[name]) (next as Record<string, unknown>)[name] = current[name];
  }
  return next;
}

/** 'Take theirs' applied: each named field (a post field: 'title') set to the latest value. */
export function takeTheirs(
  values: PostFormValues,
  latest: PostFormValues,
  fields: readonly string[],
): PostFormValues {
  const next = { ...values };
  for (const field of fields) {
    if (!Object.hasOwn(latest, field) || field === 'publish' || field === 'publishAt') continue;
    const name = field as MergedName;
    (next as Record<string, unknown>)[name] = latest[name];
  }
  return next;
}
