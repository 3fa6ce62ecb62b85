/**
 * A post's earlier versions, read from its own stream through the event-store port (not from
 * a read model): each save carries the whole post, so every save is a version to restore.
 * Restoring is a normal edit in the editor (UpdatePost), audited like any other.
 */
import type { RecordedEvent } from '../../commands/event-store/port';
import { asPostEvent, type PostFields } from '../../domain/blog/events';
import { POST_FIELD_LABELS } from '../../projections/blog';
import type { PostRevisionView } from './contracts';

const FIELDS = Object.keys(POST_FIELD_LABELS) as (keyof PostFields)[];

function byWhom(event: RecordedEvent): string {
  const { actor } = event.metadata;
  if (actor.kind === 'admin') return actor.email ?? 'An administrator';
  return actor.kind === 'system' ? 'System' : 'A visitor';
}

/** The post's history, newest first. */
export function postRevisions(stream: readonly RecordedEvent[]): PostRevisionView[] {
  const out: PostRevisionView[] = [];
  let previous: PostFields | null = null;
  for (const recorded of stream) {
    const event = asPostEvent(recorded);
    if (!event) continue;
    const base = {
      revision: recorded.revision,
      position: recorded.position.toString(),
      at: recorded.metadata.occurredAt,
      by: byWhom(recorded),
      changedFields: [] as string[],
      fields: null,
      publishedAt: null,
    };
    switch (event.type) {
      case 'PostCreated':
      case 'PostUpdated': {
        const {
          postId: _id,
          publishedAt,
          changedFields: _changed,
          reverts: _reverts,
          ...fields
        } = { changedFields: undefined, reverts: undefined, ...event.data };
        const before = previous;
        out.push({
          ...base,
          kind: event.type === 'PostCreated' ? 'created' : 'saved',
          changedFields: before
            ? FIELDS.filter((f) => before[f] !== fields[f]).map((f) => POST_FIELD_LABELS[f])
            : [],
          fields,
          publishedAt,
        });
        previous = fields;
        break;
      }
      case 'PostPublished':
        out.push({ ...base, kind: 'published', publishedAt: event.data.publishedAt });
        break;
      case 'PostUnpublished':
        out.push({ ...base, kind: 'unpublished' });
        break;
      case 'PostPublicationScheduled':
        out.push({ ...base, kind: 'scheduled', publishedAt: event.data.publishAt });
        break;
      case 'PostPublicationUnscheduled':
        out.push({ ...base, kind: 'unscheduled' });
        break;
      case 'PostDeleted':
        break;
    }
  }
  return out.reverse();
}
