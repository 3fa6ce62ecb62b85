/**
 * 'blog_posts' (one PostDoc per post, deleted posts removed) and 'blog_slug_redirects' (old
 * slugs of renamed posts). Keyed by ids, so applying an event twice rewrites the same
 * documents.
 *
 * `handle` folds the events into the posts as they stand (kept per context until `flush`);
 * `flush` computes what is derived from the content (read time, excerpts: an HTML parse each)
 * once per post and writes it. A replay of a post saved fifty times parses its content once
 * per flush instead of three times per save.
 */
import { asBlogEvent, BLOG_EVENT_TYPES } from '../../domain/blog/events';
import { excerptFor, readTimeMinutes } from '../../domain/blog/rules';
import { perContext, type Projector } from '../projector';
import type { BulkOperation } from '../read-store/port';
import { positionSortKey } from '../views';
import { BLOG_COLLECTIONS, type PostDoc, type SlugRedirectDoc } from './views';

interface Pending {
  /** Posts as the events left them (null: deleted); `derive`: the content changed. */
  posts: Map<string, { doc: PostDoc | null; derive: boolean }>;
  /** Redirect writes, in event order. */
  redirects: BulkOperation<SlugRedirectDoc>[];
}

const pendingByContext = perContext<Pending>(() => ({ posts: new Map(), redirects: [] }));

export const blogProjector: Projector = {
  name: 'blog',
  version: 1,
  eventTypes: BLOG_EVENT_TYPES,
  collections: [BLOG_COLLECTIONS.posts, BLOG_COLLECTIONS.redirects],
  indexes: {
    [BLOG_COLLECTIONS.posts]: [
      // A post page by its slug (a slug belongs to one post at a time: reserved per stream).
      { fields: { slug: 1 }, unique: true },
      // The back office's list, newest first, and the public list of published posts.
      { fields: { createdAt: -1, _id: 1 } },
      { fields: { published: 1, publishedAt: -1 } },
    ],
    [BLOG_COLLECTIONS.redirects]: [{ fields: { postId: 1 } }],
  },
  async handle(recorded, ctx) {
    const event = asBlogEvent(recorded);
    if (!event) return;
    const pending = pendingByContext.of(ctx);
    const at = recorded.metadata.occurredAt;
    const sortKey = positionSortKey(recorded.position);
    const current = async (postId: string): Promise<PostDoc | null> => {
      const known = pending.posts.get(postId);
      if (known) return known.doc;
      return ctx.collection<PostDoc>(BLOG_COLLECTIONS.posts).findOne({ _id: postId });
    };
    /** Changes a post that exists (an event about a missing post changes nothing). */
    const change = async (postId: string, changes: Partial<PostDoc>) => {
      const before = await current(postId);
      if (!before) return;
      const derive = pending.posts.get(postId)?.derive ?? false;
      pending.posts.set(postId, {
        doc: { ...before, ...changes, revision: recorded.revision },
        derive,
      });
    };
    switch (event.type) {
      case 'PostCreated':
      case 'PostUpdated': {
        // A save's bookkeeping (changed fields, a revert's reference) is not the post's.
        const {
          postId,
          publishedAt,
          changedFields: _changed,
          reverts: _reverts,
          ...fields
        } = { changedFields: undefined, reverts: undefined, ...event.data };
        const before = await current(postId);
        pending.posts.set(postId, {
          doc: {
            _id: postId,
            ...fields,
            published: publishedAt !== null,
            publishedAt,
            scheduledFor: null,
            createdAt: before?.createdAt ?? at,
            updatedAt: at,
            // Derived from the content at flush.
            readTimeMinutes: 0,
            publicExcerpt: '',
            adminExcerpt: '',
            searchText: `${fields.title} ${fields.slug}`.toLowerCase(),
            sortKey,
            revision: recorded.revision,
          },
          derive: true,
        });
        return;
      }
      case 'PostPublished':
        await change(event.data.postId, {
          published: true,
          publishedAt: event.data.publishedAt,
          scheduledFor: null,
          updatedAt: at,
          sortKey,
        });
        return;
      case 'PostUnpublished':
        await change(event.data.postId, {
          published: false,
          publishedAt: null,
          scheduledFor: null,
          updatedAt: at,
        });
        return;
      case 'PostPublicationScheduled':
        await change(event.data.postId, { scheduledFor: event.data.publishAt });
        return;
      case 'PostPublicationUnscheduled':
        await change(event.data.postId, { scheduledFor: null });
        return;
      case 'PostDeleted':
        pending.posts.set(event.data.postId, { doc: null, derive: false });
        pending.redirects.push({ kind: 'delete', filter: { postId: event.data.postId } });
        return;
      case 'PostSlugReserved':
        // A slug in use again is the page of its new holder, not a redirect.
        pending.redirects.push({ kind: 'delete', filter: { _id: event.data.slug } });
        return;
      case 'PostSlugReleased':
        if (event.data.renamedTo === null) return;
        pending.redirects.push({
          kind: 'upsert',
          doc: { _id: event.data.slug, postId: event.data.postId },
        });
        return;
    }
  },
  async flush(ctx) {
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    const operations: BulkOperation<PostDoc>[] = [];
    for (const [postId, { doc, derive }] of pending.posts) {
      if (!doc) {
        operations.push({ kind: 'delete', filter: { _id: postId } });
        continue;
      }
      if (derive) {
        doc.readTimeMinutes = readTimeMinutes(doc.content);
        doc.publicExcerpt = excerptFor(doc, 'public');
        doc.adminExcerpt = excerptFor(doc, 'admin');
      }
      operations.push({ kind: 'upsert', doc });
    }
    if (operations.length > 0) {
      await ctx
        .collection<PostDoc>(BLOG_COLLECTIONS.posts)
        .bulkWrite(operations, { handOver: true });
    }
    if (pending.redirects.length > 0) {
      await ctx
        .collection<SlugRedirectDoc>(BLOG_COLLECTIONS.redirects)
        .bulkWrite(pending.redirects);
    }
  },
};
