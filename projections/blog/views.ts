import type { PostFields } from '../../domain/blog/events';
import type { Document } from '../read-store/port';

export const BLOG_COLLECTIONS = {
  posts: 'blog_posts',
  redirects: 'blog_slug_redirects',
} as const;

/**
 * One post as the pages and the back office read it. Dates are the events' occurredAt (who
 * saved when), never invented: createdAt is the first save, updatedAt the last change.
 */
export type PostDoc = Document &
  PostFields & {
    published: boolean;
    publishedAt: string | null;
    /** A future publication time a delayed job will publish at (null: none). */
    scheduledFor: string | null;
    createdAt: string;
    updatedAt: string;
    /** Computed from the content: words / 200, rounded up (spec section 9). */
    readTimeMinutes: number;
    /** The excerpt, else the stripped content cut at 150 characters (public cards). */
    publicExcerpt: string;
    /** The excerpt, else the stripped content cut at 200 characters (admin cards). */
    adminExcerpt: string;
    /** Lowercase title + slug, for the back office's search. */
    searchText: string;
    /** positionSortKey of the last save: breaks ties in log order. */
    sortKey: string;
    /** The post stream's revision: a save made on it is merged onto later ones (issue 27). */
    revision?: number;
  };

/** An old slug of a renamed post: its URL answers 301 to the post's current slug. */
export type SlugRedirectDoc = Document & { postId: string };

/** What a public card shows (no content). */
export type PostSummary = Pick<
  PostDoc,
  | '_id'
  | 'title'
  | 'slug'
  | 'featuredImageUrl'
  | 'authorName'
  | 'publishedAt'
  | 'publicExcerpt'
  | 'readTimeMinutes'
>;
