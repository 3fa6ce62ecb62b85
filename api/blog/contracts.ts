/**
 * The blog's HTTP shapes, one definition for the pages, the back office and the routes.
 *
 * Public (JSON, also read in process by the SSR loaders):
 *   GET /api/blog/posts?page=N        published posts, newest first, 12 a page
 *   GET /api/blog/posts/:slug         { status: 'found', post } | { status: 'moved', slug }
 *                                     | { status: 'missing', slug }
 * Back office (/api/admin, CSRF):
 *   GET    /api/admin/blog/posts?q&status&page   the list (server-side search and paging)
 *   GET    /api/admin/blog/posts/:id             one post (the editor)
 *   POST   /api/admin/blog/posts                 create: 201 { id }; 400 { error, fields }
 *   PUT    /api/admin/blog/posts/:id             save: { previousSlug, expectedRevision?,
 *                                                 keepMine?, ...fields }; a stale save merges,
 *                                                 or answers 409 { conflicts, revision }
 *   POST   /api/admin/blog/posts/:id/publish     and /unpublish
 *   DELETE /api/admin/blog/posts/:id?slug=...
 *   POST   /api/admin/blog/preview { content, excerpt? }   PostPreviewView: the unsaved body
 *                                                 as the page would show it (live preview)
 *   POST   /api/admin/blog/posts/:id/preview-link  a signed draft-preview address (1 hour)
 *   GET    /api/admin/blog/posts/:id/revisions   earlier versions, from the post's events
 * Site (not JSON):
 *   GET /blog/rss.xml                 RSS 2.0 of the newest published posts
 *   GET /blog/preview/:token          a draft as its page would show it (noindex, no-store)
 */
import type { PostFields } from '../../domain/blog/events';

/** The refusals' messages (the editor puts 'slug taken' on the slug field). */
export { BLOG_ERROR_MESSAGES } from '../../domain/blog/decider';

export {
  BLOG_VALIDATION,
  BLOG_FIELD_LIMITS,
  formatAdminDateTime,
  formatLongDate,
  formatShortDate,
  pageTitle,
  slugify,
} from '../../domain/blog/format';

export const BLOG_PATHS = {
  posts: '/api/blog/posts',
  post: '/api/blog/posts/:slug',
  adminPosts: '/api/admin/blog/posts',
  adminPost: '/api/admin/blog/posts/:id',
  adminPublish: '/api/admin/blog/posts/:id/publish',
  adminUnpublish: '/api/admin/blog/posts/:id/unpublish',
  adminPreview: '/api/admin/blog/preview',
  adminPreviewLink: '/api/admin/blog/posts/:id/preview-link',
  adminRevisions: '/api/admin/blog/posts/:id/revisions',
  /** POST RevertChangeBody: one field of one save set back (issue 27). */
  adminRevert: '/api/admin/blog/posts/:id/revert',
} as const;

/** The blog's RSS 2.0 feed (linked from the head of /blog and /blog/{slug}). */
export const BLOG_FEED_PATH = '/blog/rss.xml';
export const BLOG_FEED_TITLE = 'VialCompare Blog';
export const BLOG_FEED_DESCRIPTION =
  'Articles about GLP-1 weight-loss medications (semaglutide, tirzepatide) and online providers.';
export const previewPath = (token: string) => `/blog/preview/${token}`;

/** An admin path with its ':id' filled in. */
export const adminPostPath = (path: string, id: string) =>
  path.replace(':id', encodeURIComponent(id));

/** Page sizes of the back office's list. */
export const ADMIN_BLOG_PAGE_SIZES = [10, 20, 50] as const;

/** A signed preview address of a post as it is saved now. */
export interface PreviewLinkView {
  path: string;
  expiresAt: string;
}

/** One earlier version of a post, read from its stream (newest first in the list). */
export interface PostRevisionView {
  /** The event's revision in the post's stream. */
  revision: number;
  /** The event's global position: what 'Revert this change' names. */
  position: string;
  kind: 'created' | 'saved' | 'published' | 'unpublished' | 'scheduled' | 'unscheduled';
  at: string;
  /** Who: the administrator's e-mail, or 'System' for jobs. */
  by: string;
  /** Labels of the fields this save changed (empty for the first save and status changes). */
  changedFields: string[];
  /** The whole post as this save left it (saves only): what Restore loads into the editor. */
  fields: PostFields | null;
  publishedAt: string | null;
}

/** The editor's unsaved body as the public page would show it (POST adminPreview). */
export interface PostPreviewView {
  /** Sanitised with the one allowlist the server saves and renders with. */
  html: string;
  readTimeMinutes: number;
  /** The excerpt, else the text cut as the public page cuts it. */
  publicExcerpt: string;
}

export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** The spec's toasts and messages (section 8), word for word. */
export const BLOG_MESSAGES = {
  listFailed: 'Failed to load blog posts',
  statusFailed: 'Failed to update post status',
  published: 'Post published',
  unpublished: 'Post unpublished',
  deleteFailed: 'Failed to delete post',
  deleted: 'Post deleted successfully',
  loadFailed: (message: string) => `Failed to load post: ${message}`,
  updateFailed: (message: string) => `Failed to update post: ${message}`,
  createFailed: (message: string) => `Failed to create post: ${message}`,
  saveFailed: (message?: string) => `Failed to save post: ${message || 'Unknown error'}`,
  updated: 'Post updated successfully',
  created: 'Post created successfully',
  emptyPublic: 'No blog posts available yet',
  emptyPublicHint: 'Check back soon...',
  emptyAdmin: 'No blog posts yet',
  createFirst: 'Create Your First Post',
  notFound: 'Post Not Found',
} as const;

/** A card on /blog. */
export interface PostSummaryView {
  _id: string;
  title: string;
  slug: string;
  featuredImageUrl: string | null;
  authorName: string;
  publishedAt: string | null;
  publicExcerpt: string;
  readTimeMinutes: number;
}

export interface PostListView {
  posts: PostSummaryView[];
  total: number;
  page: number;
  pageCount: number;
}

/** A published post as its page shows it (content sanitised again when read). */
export type PostView = PostFields & {
  _id: string;
  publishedAt: string | null;
  updatedAt: string;
  createdAt: string;
  readTimeMinutes: number;
  publicExcerpt: string;
  /** metaDescription, else the excerpt, else the first 160 characters of the text. */
  description: string;
};

export type PostLookupView =
  | { status: 'found'; post: PostView }
  | { status: 'moved'; slug: string }
  | { status: 'missing'; slug: string };

/** One post in the back office. */
export type AdminPostView = PostFields & {
  _id: string;
  published: boolean;
  publishedAt: string | null;
  scheduledFor: string | null;
  createdAt: string;
  updatedAt: string;
  adminExcerpt: string;
  /** The post stream's revision the editor opened (sent back as expectedRevision). */
  revision?: number;
};

export interface AdminPostListView {
  posts: Omit<AdminPostView, 'content'>[];
  total: number;
  page: number;
  pageCount: number;
}

export const ADMIN_POST_STATUSES = ['all', 'published', 'draft', 'scheduled'] as const;
export type AdminPostStatusFilter = (typeof ADMIN_POST_STATUSES)[number];

/** What the editor sends (every text trimmed on the server; blank optional fields become null). */
export interface PostBody {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImageUrl: string;
  authorName: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  canonicalUrl: string;
  ogImageOverride: string;
  enableReviewsSchema: boolean;
  robotsDirective: string;
  publish: boolean;
  /** ISO time to publish at instead of now (empty: none). */
  publishAt: string | null;
}

export interface UpdatePostBody extends PostBody {
  previousSlug: string;
  /** The post's revision the editor opened: a stale save merges (or answers its conflicts). */
  expectedRevision?: number;
  /** After a conflict: the fields ('title') whose value this save keeps over the other's. */
  keepMine?: string[];
}
