/**
 * 'blog_posts' (one PostDoc per post, deleted posts removed) and 'blog_slug_redirects' (old
 * slugs of renamed posts). Keyed by ids, so applying an event twice rewrites the same
 * documents.
 */
import { asBlogEvent } from '../../domain/blog/events';
import { excerptFor, readTimeMinutes } from '../../domain/blog/rules';
import type { Projector } from '../projector';
import { positionSortKey } from '../views';
import { BLOG_COLLECTIONS, type PostDoc, type SlugRedirectDoc } from './views';

export const blogProjector: Projector = {
  name: 'blog',
  collections: [BLOG_COLLECTIONS.posts, BLOG_COLLECTIONS.redirects],
  async handle(recorded, ctx) {
    const event = asBlogEvent(recorded);
    if (!event) return;
    const posts = ctx.collection<PostDoc>(BLOG_COLLECTIONS.posts);
    const redirects = ctx.collection<SlugRedirectDoc>(BLOG_COLLECTIONS.redirects);
    const at = recorded.metadata.occurredAt;
    const sortKey = positionSortKey(recorded.position);
    switch (event.type) {
      case 'PostCreated':
      case 'PostUpdated': {
        const { postId, publishedAt, ...fields } = event.data;
        const before = await posts.findOne({ _id: postId });
        await posts.upsert({
          _id: postId,
          ...fields,
          published: publishedAt !== null,
          publishedAt,
          scheduledFor: null,
          createdAt: before?.createdAt ?? at,
          updatedAt: at,
          readTimeMinutes: readTimeMinutes(fields.content),
          publicExcerpt: excerptFor(fields, 'public'),
          adminExcerpt: excerptFor(fields, 'admin'),
          searchText: `${fields.title} ${fields.slug}`.toLowerCase(),
          sortKey,
        });
        return;
      }
      case 'PostPublished':
        await posts.update(
          { _id: event.data.postId },
          {
            $set: {
              published: true,
              publishedAt: event.data.publishedAt,
              scheduledFor: null,
              updatedAt: at,
              sortKey,
            },
          },
        );
        return;
      case 'PostUnpublished':
        await posts.update(
          { _id: event.data.postId },
          { $set: { published: false, publishedAt: null, scheduledFor: null, updatedAt: at } },
        );
        return;
      case 'PostPublicationScheduled':
        await posts.update(
          { _id: event.data.postId },
          { $set: { scheduledFor: event.data.publishAt } },
        );
        return;
      case 'PostPublicationUnscheduled':
        await posts.update({ _id: event.data.postId }, { $set: { scheduledFor: null } });
        return;
      case 'PostDeleted':
        await posts.delete({ _id: event.data.postId });
        await redirects.delete({ postId: event.data.postId });
        return;
      case 'PostSlugReserved':
        // A slug in use again is the page of its new holder, not a redirect.
        await redirects.delete({ _id: event.data.slug });
        return;
      case 'PostSlugReleased':
        if (event.data.renamedTo === null) return;
        await redirects.upsert({ _id: event.data.slug, postId: event.data.postId });
        return;
    }
  },
};
