/** How post events read in the audit log: who saved, published or deleted which post. */
import { POST_EVENT_TYPES, asPostEvent, type PostFields } from '../../domain/blog/events';
import { revertSummary } from '../../domain/shared/reverted-change';
import { quoted, type AuditDescriber } from '../audit';

/** How each field of a post is named to administrators (audit log, revision history). */
export const POST_FIELD_LABELS: Record<keyof PostFields, string> = {
  title: 'title',
  slug: 'slug',
  content: 'content',
  excerpt: 'excerpt',
  featuredImageUrl: 'featured image URL',
  authorName: 'author name',
  metaTitle: 'meta title',
  metaDescription: 'meta description',
  metaKeywords: 'meta keywords',
  canonicalUrl: 'canonical URL',
  ogImageOverride: 'social image',
  enableReviewsSchema: 'review schema',
  robotsDirective: 'robots directive',
};
const FIELD_LABELS = POST_FIELD_LABELS;
const FIELDS = Object.keys(FIELD_LABELS) as (keyof PostFields)[];

export const blogAudit: AuditDescriber = {
  eventTypes: POST_EVENT_TYPES,
  subjectOf: (event) => ({ kind: 'post', id: (event.data as { postId: string }).postId }),
  describe(recorded, id, known) {
    const event = asPostEvent(recorded);
    if (!event) throw new Error(`Not a post event: ${recorded.type}`);
    const name = (known?.name as string | undefined) ?? id;
    const subject = (title: string) => ({ kind: 'post', id, name: title });
    switch (event.type) {
      case 'PostCreated':
        return {
          subject: subject(event.data.title),
          summary: `Created post ${quoted(event.data.title)}${event.data.publishedAt ? ' (published)' : ' (draft)'}`,
          changedFields: [],
          remember: { name: event.data.title, fields: pick(event.data) },
        };
      case 'PostUpdated': {
        const before = (known?.fields ?? {}) as Partial<PostFields>;
        const after = pick(event.data);
        const changed = FIELDS.filter((field) => before[field] !== after[field]);
        return {
          subject: subject(event.data.title),
          // A revert reads as what it took back: 'Reverted "Title" (change of Nov 3 by ann@…)'.
          summary: event.data.reverts
            ? revertSummary(event.data.reverts)
            : `Saved post ${quoted(event.data.title)}${event.data.publishedAt ? ' (published)' : ' (draft)'}`,
          changedFields: changed.map((field) => FIELD_LABELS[field]),
          changes: changed
            .filter((field) => field !== 'content')
            .map((field) => ({
              field: FIELD_LABELS[field],
              before: String(before[field] ?? ''),
              after: String(after[field] ?? ''),
            })),
          remember: { name: event.data.title, fields: after },
        };
      }
      case 'PostPublished':
        return {
          subject: subject(name),
          summary: `Published post ${quoted(name)}`,
          changedFields: [],
        };
      case 'PostUnpublished':
        return {
          subject: subject(name),
          summary: `Unpublished post ${quoted(name)}`,
          changedFields: [],
        };
      case 'PostPublicationScheduled':
        return {
          subject: subject(name),
          summary: `Scheduled post ${quoted(name)} to publish at ${event.data.publishAt}`,
          changedFields: [],
        };
      case 'PostPublicationUnscheduled':
        return {
          subject: subject(name),
          summary: `Cancelled the scheduled publication of ${quoted(name)}`,
          changedFields: [],
        };
      case 'PostDeleted':
        return {
          subject: subject(event.data.title),
          summary: `Deleted post ${quoted(event.data.title)}`,
          changedFields: [],
        };
    }
  },
};

function pick(data: PostFields): PostFields {
  // A loop, not Object.fromEntries: a replay calls this for every saved post.
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) out[field] = data[field];
  return out as PostFields; // exactly the fields of PostFields, copied above
}
