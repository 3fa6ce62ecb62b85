/**
 * Blog events. A post lives in the stream `post-{postId}`; each slug in use is reserved in its
 * own stream `post-slug-{slug}` (appended at 'no stream' the first time), so two posts never
 * share a slug without any database constraint (docs/architecture.md, uniqueness).
 *
 * Every save carries the whole post as entered (trimmed, content sanitised): the spec's editor
 * saves all fields at once, and the audit log compares the saved fields with the previous ones.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { eventNarrower } from '../shared/decider';
import { revertedChangeSchema } from '../shared/reverted-change';

export const POST_STREAM_PREFIX = 'post-';
export const postStreamId = (postId: string): string => `${POST_STREAM_PREFIX}${postId}`;
export const SLUG_STREAM_PREFIX = 'post-slug-';
export const slugStreamId = (slug: string): string => `${SLUG_STREAM_PREFIX}${slug}`;

const isoDate = z.iso.datetime({ offset: true });
const nullableText = z.string().nullable();

/** Every field of the spec's blog post an administrator enters (section 3, Blog post). */
export const postFieldsSchema = z.object({
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** Sanitised HTML. */
  content: z.string().min(1),
  excerpt: nullableText,
  featuredImageUrl: nullableText,
  authorName: z.string().min(1),
  metaTitle: nullableText,
  metaDescription: nullableText,
  metaKeywords: nullableText,
  canonicalUrl: nullableText,
  ogImageOverride: nullableText,
  enableReviewsSchema: z.boolean(),
  robotsDirective: nullableText,
});
export type PostFields = z.infer<typeof postFieldsSchema>;

const postId = z.string().min(1);

export const postEventSchemas = {
  /** A new post saved in the editor: published now, or a draft. */
  PostCreated: postFieldsSchema.extend({ postId, publishedAt: isoDate.nullable() }),
  /** A save in the editor: published_at is now when published, otherwise cleared (restamp). */
  PostUpdated: postFieldsSchema.extend({
    postId,
    publishedAt: isoDate.nullable(),
    /** The fields this save changed (keys of PostFields); absent on older events. */
    changedFields: z.array(z.string()).optional(),
    /** Set by 'Revert this change': the change this save takes back (issue 27). */
    reverts: revertedChangeSchema.optional(),
  }),
  PostPublished: z.object({ postId, publishedAt: isoDate }),
  PostUnpublished: z.object({ postId }),
  /** A publication set for a future time; a delayed job publishes it then. */
  PostPublicationScheduled: z.object({ postId, publishAt: isoDate }),
  PostPublicationUnscheduled: z.object({ postId }),
  PostDeleted: z.object({ postId, title: z.string(), slug: z.string() }),
} as const;

export const slugEventSchemas = {
  PostSlugReserved: z.object({ slug: z.string().min(1), postId }),
  /** The slug is free again; its URL now redirects (301) to the post's new slug. */
  PostSlugReleased: z.object({ slug: z.string().min(1), postId, renamedTo: z.string().nullable() }),
} as const;

export const blogEventSchemas = { ...postEventSchemas, ...slugEventSchemas } as const;

type PostSchemas = typeof postEventSchemas;
type SlugSchemas = typeof slugEventSchemas;
export type PostEventType = keyof PostSchemas;
export type SlugEventType = keyof SlugSchemas;

export type PostEvent = {
  [T in PostEventType]: DomainEvent<T, z.infer<PostSchemas[T]>>;
}[PostEventType];
export type SlugEvent = {
  [T in SlugEventType]: DomainEvent<T, z.infer<SlugSchemas[T]>>;
}[SlugEventType];
export type BlogEvent = PostEvent | SlugEvent;

export const POST_EVENT_TYPES = Object.keys(postEventSchemas) as PostEventType[];
export const SLUG_EVENT_TYPES = Object.keys(slugEventSchemas) as SlugEventType[];
export const BLOG_EVENT_TYPES = [...POST_EVENT_TYPES, ...SLUG_EVENT_TYPES];

export const asBlogEvent = eventNarrower<typeof blogEventSchemas, BlogEvent>(blogEventSchemas);
export const asPostEvent = eventNarrower<PostSchemas, PostEvent>(postEventSchemas);
