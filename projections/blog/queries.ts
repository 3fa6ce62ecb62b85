import type { ReadStore } from '../read-store/port';
import { BLOG_COLLECTIONS, type PostDoc, type PostSummary, type SlugRedirectDoc } from './views';

/** Public list pages hold 12 cards (spec: pagination once there are more than 12). */
export const BLOG_PAGE_SIZE = 12;
export const ADMIN_BLOG_PAGE_SIZE = 20;
/** The page sizes the back office's list offers. */
export const ADMIN_BLOG_PAGE_SIZES = [10, 20, 50] as const;
/** Items in /blog/rss.xml (the newest published posts). */
export const FEED_SIZE = 20;

export type AdminPostStatus = 'all' | 'published' | 'draft' | 'scheduled';

const SUMMARY = {
  _id: 1,
  title: 1,
  slug: 1,
  featuredImageUrl: 1,
  authorName: 1,
  publishedAt: 1,
  publicExcerpt: 1,
  readTimeMinutes: 1,
} as const;

const NEWEST_PUBLISHED = { publishedAt: -1, sortKey: -1 } as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function blogQueries(store: ReadStore) {
  const posts = () => store.collection<PostDoc>(BLOG_COLLECTIONS.posts);
  const redirects = () => store.collection<SlugRedirectDoc>(BLOG_COLLECTIONS.redirects);
  const pageOf = (page: number, total: number, size: number) => {
    const pageCount = Math.max(1, Math.ceil(total / size));
    return { page: Math.min(Math.max(1, Math.floor(page) || 1), pageCount), pageCount };
  };
  return {
    /** Published posts, newest first (published_at descending), one page of 12. */
    async publishedPosts(
      requestedPage = 1,
    ): Promise<{ posts: PostSummary[]; total: number; page: number; pageCount: number }> {
      const total = await posts().count({ published: true });
      const { page, pageCount } = pageOf(requestedPage, total, BLOG_PAGE_SIZE);
      const list = await posts().find(
        { published: true },
        {
          sort: NEWEST_PUBLISHED,
          skip: (page - 1) * BLOG_PAGE_SIZE,
          limit: BLOG_PAGE_SIZE,
          projection: SUMMARY,
        },
      );
      return { posts: list, total, page, pageCount };
    },

    /**
     * The published post with this slug; else, when the slug is an old one of a renamed
     * published post, where it moved; else nothing (Post Not Found).
     */
    async publishedPostBySlug(
      slug: string,
    ): Promise<{ post: PostDoc } | { movedTo: string } | null> {
      const post = await posts().findOne({ slug, published: true });
      if (post) return { post };
      const redirect = await redirects().findOne({ _id: slug });
      if (!redirect) return null;
      const target = await posts().findOne({ _id: redirect.postId, published: true });
      return target && target.slug !== slug ? { movedTo: target.slug } : null;
    },

    /** Every published post's address and last change, for the sitemap. */
    publishedPostUrls(): Promise<Pick<PostDoc, '_id' | 'slug' | 'updatedAt'>[]> {
      return posts().find(
        { published: true },
        { sort: NEWEST_PUBLISHED, projection: { _id: 1, slug: 1, updatedAt: 1 } },
      );
    },

    /** The newest published posts for the RSS feed, newest first. */
    feedPosts(
      limit = FEED_SIZE,
    ): Promise<
      Pick<
        PostDoc,
        '_id' | 'title' | 'slug' | 'authorName' | 'publishedAt' | 'updatedAt' | 'publicExcerpt'
      >[]
    > {
      return posts().find(
        { published: true },
        {
          sort: NEWEST_PUBLISHED,
          limit,
          projection: {
            _id: 1,
            title: 1,
            slug: 1,
            authorName: 1,
            publishedAt: 1,
            updatedAt: 1,
            publicExcerpt: 1,
          },
        },
      );
    },

    /** Posts waiting for a scheduled publication (the job re-queues them on start). */
    scheduledPosts(): Promise<Pick<PostDoc, '_id' | 'scheduledFor'>[]> {
      return posts().find(
        { scheduledFor: { $ne: null } },
        { projection: { _id: 1, scheduledFor: 1 } },
      );
    },

    /**
     * The back office's list: newest created first, searched by title or slug, filtered by
     * status, one page at a time (indexed fields only: stays fast with 10,000 posts).
     */
    async adminPosts(options: {
      q?: string;
      status?: AdminPostStatus;
      page?: number;
      pageSize?: number;
    }): Promise<{ posts: PostDoc[]; total: number; page: number; pageCount: number }> {
      const size = options.pageSize ?? ADMIN_BLOG_PAGE_SIZE;
      const filter: Record<string, unknown> = {};
      const q = options.q?.trim().toLowerCase();
      if (q) filter.searchText = { $regex: escapeRegex(q) };
      if (options.status === 'published') filter.published = true;
      if (options.status === 'draft') filter.published = false;
      if (options.status === 'scheduled') filter.scheduledFor = { $ne: null };
      const total = await posts().count(filter);
      const { page, pageCount } = pageOf(options.page ?? 1, total, size);
      const list = await posts().find(filter, {
        sort: { createdAt: -1, _id: 1 },
        skip: (page - 1) * size,
        limit: size,
        projection: { content: 0, searchText: 0, sortKey: 0 },
      });
      return { posts: list, total, page, pageCount };
    },

    adminPost(postId: string): Promise<PostDoc | null> {
      return posts().findOne({ _id: postId });
    },
  };
}

export type BlogQueries = ReturnType<typeof blogQueries>;
