/**
 * The blog post lifecycle (spec section 4) and slug reservations as Given / When / Then, plus
 * the editor's input rules (spec section 5) the command schema applies before deciding.
 */
import { describe, expect, it } from 'vitest';
import { postInputSchema } from '../../../commands/blog';
import { postDecider, slugDecider } from '../../../domain/blog/decider';
import type { PostEvent, PostFields, SlugEvent } from '../../../domain/blog/events';
import { BLOG_VALIDATION } from '../../../domain/blog/rules';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const EARLIER = '2026-03-01T09:00:00.000Z';
const post = DeciderSpecification.for(postDecider, { now: NOW });
const slug = DeciderSpecification.for(slugDecider, { now: NOW });

const fields: PostFields = {
  title: 'Semaglutide basics',
  slug: 'semaglutide-basics',
  content: '<p>Body</p>',
  excerpt: null,
  featuredImageUrl: null,
  authorName: 'Admin',
  metaTitle: null,
  metaDescription: null,
  metaKeywords: null,
  canonicalUrl: null,
  ogImageOverride: null,
  enableReviewsSchema: false,
  robotsDirective: null,
};
const postId = 'p1';
const draft: PostEvent = { type: 'PostCreated', data: { postId, ...fields, publishedAt: null } };
const published: PostEvent = { type: 'PostPublished', data: { postId, publishedAt: EARLIER } };

describe('Saving in the editor: published_at is now when published, otherwise cleared', () => {
  it.each([
    ['a new draft', [], 'CreatePost', { kind: 'draft' }, null],
    ['a new post published immediately', [], 'CreatePost', { kind: 'publish' }, NOW.toISOString()],
    [
      're-saving a published post restamps it',
      [draft, published],
      'UpdatePost',
      { kind: 'publish' },
      NOW.toISOString(),
    ],
    [
      'saving a published post as a draft clears it',
      [draft, published],
      'UpdatePost',
      { kind: 'draft' },
      null,
    ],
  ] as const)('%s', (_name, history, type, mode, publishedAt) => {
    const eventType = type === 'CreatePost' ? 'PostCreated' : 'PostUpdated';
    post
      .given(history)
      .when(
        type === 'CreatePost'
          ? { type, postId, fields, mode }
          : { type, postId, fields, mode, previousSlug: fields.slug },
      )
      // A save says which fields it changed (issue 27): here the same fields again, none.
      .then([
        {
          type: eventType,
          data: {
            postId,
            ...fields,
            publishedAt,
            ...(eventType === 'PostUpdated' ? { changedFields: [] } : {}),
          },
        },
      ]);
  });

  it('a save with a future time stays a draft and schedules the publication', () => {
    const publishAt = '2026-03-11T08:00:00.000Z';
    post
      .given([])
      .when({ type: 'CreatePost', postId, fields, mode: { kind: 'schedule', publishAt } })
      .then([
        { type: 'PostCreated', data: { postId, ...fields, publishedAt: null } },
        { type: 'PostPublicationScheduled', data: { postId, publishAt } },
      ]);
  });

  it('a scheduled time in the past is refused', () => {
    post
      .given([])
      .when({ type: 'CreatePost', postId, fields, mode: { kind: 'schedule', publishAt: EARLIER } })
      .thenThrows(DecisionError, { code: 'publish_at_past' });
  });

  it('an update from an editor that loaded another slug is refused (renamed meanwhile)', () => {
    post
      .given([draft])
      .when({ type: 'UpdatePost', postId, fields, mode: { kind: 'draft' }, previousSlug: 'old' })
      .thenThrows(DecisionError, { code: 'post_changed' });
  });

  it('creating an existing post is refused; updating a missing or deleted post is not found', () => {
    post
      .given([draft])
      .when({ type: 'CreatePost', postId, fields, mode: { kind: 'draft' } })
      .thenThrows(DecisionError, { code: 'post_exists' });
    const deleted: PostEvent = {
      type: 'PostDeleted',
      data: { postId, title: fields.title, slug: fields.slug },
    };
    for (const history of [[], [draft, deleted]]) {
      post
        .given(history)
        .when({
          type: 'UpdatePost',
          postId,
          fields,
          mode: { kind: 'draft' },
          previousSlug: fields.slug,
        })
        .thenThrows(DecisionError, { code: 'post_not_found' });
    }
  });
});

describe('Publish and unpublish from the list', () => {
  it('a draft becomes published with published_at = now', () => {
    post
      .given([draft])
      .when({ type: 'PublishPost', postId })
      .then([{ type: 'PostPublished', data: { postId, publishedAt: NOW.toISOString() } }]);
  });

  it('publishing a published post changes nothing', () => {
    post.given([draft, published]).when({ type: 'PublishPost', postId }).thenNothingHappened();
  });

  it('unpublishing clears published_at (a draft again)', () => {
    post
      .given([draft, published])
      .when({ type: 'UnpublishPost', postId })
      .then([{ type: 'PostUnpublished', data: { postId } }]);
  });

  it('unpublishing a draft changes nothing; a scheduled draft loses its schedule', () => {
    post.given([draft]).when({ type: 'UnpublishPost', postId }).thenNothingHappened();
    const scheduled: PostEvent = {
      type: 'PostPublicationScheduled',
      data: { postId, publishAt: '2026-03-11T08:00:00.000Z' },
    };
    post
      .given([draft, scheduled])
      .when({ type: 'UnpublishPost', postId })
      .then([{ type: 'PostPublicationUnscheduled', data: { postId } }]);
  });
});

describe('Scheduled publishing: the delayed job publishes only the schedule it was queued for', () => {
  const publishAt = '2026-03-10T11:59:00.000Z';
  const scheduled: PostEvent = { type: 'PostPublicationScheduled', data: { postId, publishAt } };

  it('the due schedule publishes the post at the time the job runs', () => {
    post
      .given([draft, scheduled])
      .when({ type: 'PublishScheduledPost', postId, publishAt })
      .then([{ type: 'PostPublished', data: { postId, publishedAt: NOW.toISOString() } }]);
  });

  it.each([
    [
      'rescheduled since',
      [
        draft,
        {
          type: 'PostPublicationScheduled',
          data: { postId, publishAt: '2026-04-01T00:00:00.000Z' },
        },
      ],
    ],
    [
      'saved again since (a save replaces the schedule)',
      [draft, scheduled, { ...draft, type: 'PostUpdated' }],
    ],
    ['published by hand since', [draft, scheduled, published]],
  ] as [string, PostEvent[]][])('%s: nothing happens', (_name, history) => {
    post
      .given(history)
      .when({ type: 'PublishScheduledPost', postId, publishAt })
      .thenNothingHappened();
  });
});

describe('Slug reservations: one post per slug, released on rename or delete', () => {
  const reserved: SlugEvent = { type: 'PostSlugReserved', data: { slug: 'a', postId } };

  it('a free slug is reserved for the post', () => {
    slug.given([]).when({ type: 'ReserveSlug', slug: 'a', postId }).then([reserved]);
  });

  it('a slug another post holds is refused: slug taken', () => {
    slug
      .given([reserved])
      .when({ type: 'ReserveSlug', slug: 'a', postId: 'p2' })
      .thenThrows(DecisionError, { code: 'slug_taken' });
  });

  it('the holder reserving again changes nothing', () => {
    slug.given([reserved]).when({ type: 'ReserveSlug', slug: 'a', postId }).thenNothingHappened();
  });

  it('renaming releases the old slug, naming the new one (its URL redirects there)', () => {
    slug
      .given([reserved])
      .when({ type: 'ReleaseSlug', slug: 'a', postId, renamedTo: 'b' })
      .then([{ type: 'PostSlugReleased', data: { slug: 'a', postId, renamedTo: 'b' } }]);
  });

  it('a released slug can be taken by another post', () => {
    const released: SlugEvent = {
      type: 'PostSlugReleased',
      data: { slug: 'a', postId, renamedTo: 'b' },
    };
    slug
      .given([reserved, released])
      .when({ type: 'ReserveSlug', slug: 'a', postId: 'p2' })
      .then([{ type: 'PostSlugReserved', data: { slug: 'a', postId: 'p2' } }]);
  });

  it('only the holder releases a slug', () => {
    slug
      .given([reserved])
      .when({ type: 'ReleaseSlug', slug: 'a', postId: 'p2', renamedTo: null })
      .thenNothingHappened();
  });
});

describe('Editor input (spec section 5)', () => {
  const parse = (input: Record<string, unknown>) => postInputSchema.safeParse(input);

  it.each([
    [{ title: '  ', content: '<p>x</p>' }, 'title'],
    [{ title: 'T', content: '   ' }, 'content'],
    [{ title: 'T', content: '<script>alert(1)</script>' }, 'content'],
  ])('%j is refused: Title and content are required (%s)', (input, field) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: [field], message: 'Title and content are required' }),
    );
  });

  it('trims every text, generates a blank slug from the title, defaults the author to Admin', () => {
    const result = parse({
      title: '  Qué Elegir?  ',
      slug: '',
      content: '<p>Hi</p>',
      excerpt: '  ',
      authorName: '  ',
    });
    expect(result.data?.fields).toMatchObject({
      title: 'Qué Elegir?',
      slug: 'que-elegir',
      excerpt: null,
      authorName: 'Admin',
    });
    expect(result.data?.mode).toEqual({ kind: 'draft' });
  });

  it('sanitises content on save', () => {
    const result = parse({
      title: 'T',
      content: '<p onclick="x()">Hi</p><iframe src="https://e.vil"></iframe>',
    });
    expect(result.data?.fields.content).toBe('<p>Hi</p>');
  });

  it.each([
    ['featuredImageUrl', 'not a url', 'Featured image URL must be a full http(s) address'],
    [
      'featuredImageUrl',
      'javascript:alert(1)',
      'Featured image URL must be a full http(s) address',
    ],
    ['canonicalUrl', 'ftp://x.y/z', 'Canonical URL must be a full http(s) address'],
    ['robotsDirective', 'please index me', BLOG_VALIDATION.robots],
  ])('%s %j is refused: %s', (field, value, message) => {
    const result = parse({ title: 'T', content: 'x', [field]: value });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: [field], message }),
    );
  });
});
