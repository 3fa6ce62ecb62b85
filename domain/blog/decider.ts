/**
 * The blog's deciders: the post (`post-{id}`) and the slug reservation (`post-slug-{slug}`).
 *
 * Post lifecycle (spec section 4, Blog post lifecycle):
 * - Publish: a draft becomes published with published_at = now.
 * - Unpublish: a published post becomes a draft and published_at is cleared.
 * - Save in the editor: published_at = now when 'Publish immediately' is on, otherwise cleared;
 *   re-saving a published post therefore restamps it.
 * - A save may instead set a future publication time (scheduled publishing): the post stays a
 *   draft until the job publishes it at that time. Saving again, publishing or unpublishing
 *   replaces the schedule.
 *
 * Commands arrive validated and normalised (commands/): the deciders check only the history.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import { reservation, type ReservationCommand, type ReservationState } from '../shared/reservation';
import type { PostEvent, PostFields, SlugEvent } from './events';

export const BLOG_MESSAGES = {
  required: 'Title and content are required',
  notFound: 'Post not found',
  slugTaken: 'This slug is already used by another post. Choose another slug.',
  changed: 'This post was changed elsewhere. Reload it and try again.',
  publishAtPast: 'The scheduled publication time must be in the future.',
} as const;

export const blogErrors = decisionErrors({
  post_not_found: BLOG_MESSAGES.notFound,
  post_exists: 'A post with this id already exists.',
  slug_taken: BLOG_MESSAGES.slugTaken,
  post_changed: BLOG_MESSAGES.changed,
  publish_at_past: BLOG_MESSAGES.publishAtPast,
});
export type BlogErrorCode = keyof typeof blogErrors.messages;
export const BLOG_ERROR_MESSAGES = blogErrors.messages;

export type PostState =
  | { status: 'absent' }
  | { status: 'deleted'; postId: string }
  | {
      status: 'active';
      postId: string;
      fields: PostFields;
      publishedAt: string | null;
      scheduledFor: string | null;
    };

export const initialPostState: PostState = { status: 'absent' };

export type SaveMode =
  | { kind: 'draft' }
  /** Publication left as it is (a revert changes a field, not whether the post is live). */
  | { kind: 'keep' }
  | { kind: 'publish' }
  | {
      kind: 'schedule';
      /** ISO time, in the future when decided. */
      publishAt: string;
    };

export type PostCommand =
  | { type: 'CreatePost'; postId: string; fields: PostFields; mode: SaveMode }
  | {
      type: 'UpdatePost';
      postId: string;
      fields: PostFields;
      mode: SaveMode;
      /** The slug the editor loaded: a mismatch means someone renamed the post meanwhile. */
      previousSlug: string;
    }
  | { type: 'PublishPost'; postId: string }
  | { type: 'UnpublishPost'; postId: string }
  | { type: 'PublishScheduledPost'; postId: string; publishAt: string }
  | { type: 'DeletePost'; postId: string; slug: string };

export function evolvePost(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostCreated':
    case 'PostUpdated': {
      const { postId, publishedAt, ...data } = event.data;
      const fields = postFields(data);
      return { status: 'active', postId, fields, publishedAt, scheduledFor: null };
    }
    case 'PostPublished':
      return state.status === 'active'
        ? { ...state, publishedAt: event.data.publishedAt, scheduledFor: null }
        : state;
    case 'PostUnpublished':
      return state.status === 'active'
        ? { ...state, publishedAt: null, scheduledFor: null }
        : state;
    case 'PostPublicationScheduled':
      return state.status === 'active' ? { ...state, scheduledFor: event.data.publishAt } : state;
    case 'PostPublicationUnscheduled':
      return state.status === 'active' ? { ...state, scheduledFor: null } : state;
    case 'PostDeleted':
      return { status: 'deleted', postId: event.data.postId };
  }
}

/** Every field of a post an administrator enters, in the form's order. */
export const POST_FIELDS = [
  'title',
  'slug',
  'content',
  'excerpt',
  'featuredImageUrl',
  'authorName',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'canonicalUrl',
  'ogImageOverride',
  'enableReviewsSchema',
  'robotsDirective',
] as const satisfies readonly (keyof PostFields)[];

/** Just the post's fields of a save's data (not its bookkeeping: changedFields, reverts). */
function postFields(data: PostFields): PostFields {
  const out: Record<string, unknown> = {};
  for (const field of POST_FIELDS) out[field] = data[field];
  return out as PostFields; // exactly the keys of PostFields, copied above
}

function saveEvents(
  type: 'PostCreated' | 'PostUpdated',
  postId: string,
  fields: PostFields,
  mode: SaveMode,
  now: Date,
): PostEvent[] {
  if (mode.kind === 'schedule' && Date.parse(mode.publishAt) <= now.getTime()) {
    blogErrors.fail('publish_at_past');
  }
  const publishedAt = mode.kind === 'publish' ? now.toISOString() : null;
  const saved: PostEvent = { type, data: { postId, ...fields, publishedAt } };
  return mode.kind === 'schedule'
    ? [saved, { type: 'PostPublicationScheduled', data: { postId, publishAt: mode.publishAt } }]
    : [saved];
}

export function decidePost(command: PostCommand, state: PostState, now: Date): PostEvent[] {
  if (command.type === 'CreatePost') {
    if (state.status !== 'absent') blogErrors.fail('post_exists');
    return saveEvents('PostCreated', command.postId, command.fields, command.mode, now);
  }
  if (state.status !== 'active') return blogErrors.fail('post_not_found');
  const { postId } = state;
  switch (command.type) {
    case 'UpdatePost': {
      if (state.fields.slug !== command.previousSlug) blogErrors.fail('post_changed');
      const changedFields = POST_FIELDS.filter((f) => state.fields[f] !== command.fields[f]);
      if (command.mode.kind === 'keep') {
        // The publication as it stands: published stays published (not restamped), a
        // schedule still ahead is set again (a save clears it).
        const keepSchedule =
          state.scheduledFor !== null && Date.parse(state.scheduledFor) > now.getTime();
        const saved: PostEvent = {
          type: 'PostUpdated',
          data: { postId, ...command.fields, publishedAt: state.publishedAt, changedFields },
        };
        return keepSchedule && state.scheduledFor
          ? [
              saved,
              { type: 'PostPublicationScheduled', data: { postId, publishAt: state.scheduledFor } },
            ]
          : [saved];
      }
      return saveEvents('PostUpdated', postId, command.fields, command.mode, now).map((event) =>
        event.type === 'PostUpdated' ? { ...event, data: { ...event.data, changedFields } } : event,
      );
    }
    case 'PublishPost':
      if (state.publishedAt !== null) return [];
      return [{ type: 'PostPublished', data: { postId, publishedAt: now.toISOString() } }];
    case 'UnpublishPost':
      if (state.publishedAt !== null) return [{ type: 'PostUnpublished', data: { postId } }];
      return state.scheduledFor === null
        ? []
        : [{ type: 'PostPublicationUnscheduled', data: { postId } }];
    case 'PublishScheduledPost':
      // A schedule replaced or cancelled since the job was queued publishes nothing.
      if (state.scheduledFor !== command.publishAt || state.publishedAt !== null) return [];
      return [{ type: 'PostPublished', data: { postId, publishedAt: now.toISOString() } }];
    case 'DeletePost':
      if (state.fields.slug !== command.slug) blogErrors.fail('post_changed');
      return [
        {
          type: 'PostDeleted',
          data: { postId, title: state.fields.title, slug: state.fields.slug },
        },
      ];
  }
}

/** A post: one stream `post-{id}`. */
export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  decide: decidePost,
  evolve: evolvePost,
  initialState: initialPostState,
};

/**
 * A slug's reservation: one stream `post-slug-{slug}`, first appended at 'no stream'. The
 * shared reservation rule (shared/reservation.ts) with the blog's own events.
 */
const postSlugs = reservation<SlugEvent>({
  reserved: (slug, postId) => ({ type: 'PostSlugReserved', data: { slug, postId } }),
  released: (slug, postId, renamedTo) => ({
    type: 'PostSlugReleased',
    data: { slug, postId, renamedTo },
  }),
  holderAfter: (event) => (event.type === 'PostSlugReserved' ? event.data.postId : null),
  taken: () => blogErrors.fail('slug_taken'),
});

/** Who holds a slug now (null: free, or never used). */
export type SlugState = ReservationState;
export const initialSlugState: SlugState = postSlugs.initialState;

export type SlugCommand =
  | { type: 'ReserveSlug'; slug: string; postId: string }
  | { type: 'ReleaseSlug'; slug: string; postId: string; renamedTo: string | null };

const asReservation = (command: SlugCommand): ReservationCommand =>
  command.type === 'ReserveSlug'
    ? { type: 'Reserve', key: command.slug, ownerId: command.postId }
    : { type: 'Release', key: command.slug, ownerId: command.postId, renamedTo: command.renamedTo };

export const evolveSlug = postSlugs.evolve;

export function decideSlug(command: SlugCommand, state: SlugState, now: Date): SlugEvent[] {
  return postSlugs.decide(asReservation(command), state, now);
}

/** What takes back the events `command` decided: a reservation's release, a release's reservation. */
export function undoSlug(command: SlugCommand, decided: readonly SlugEvent[]): SlugEvent[] {
  return postSlugs.undo(asReservation(command), decided);
}

export const slugDecider: Decider<SlugCommand, SlugEvent, SlugState> = {
  decide: decideSlug,
  evolve: evolveSlug,
  initialState: initialSlugState,
};
