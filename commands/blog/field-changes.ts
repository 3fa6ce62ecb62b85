/**
 * A post as fields (commands/field-changes.ts): each field the editor saves. What 'Revert this
 * change' sets back and what a save made on a stale revision merges by (issue 27).
 */
import { z } from 'zod';
import { POST_FIELDS, postDecider, type PostState } from '../../domain/blog/decider';
import { postEventSchemas, type PostEvent, type PostFields } from '../../domain/blog/events';
import { writeModel } from '../command';
import type { RecordedEvent } from '../event-store/port';
import type { FieldModel } from '../field-changes';
import { id } from '../schema-parts';

/** The editor's labels, so refusals and conflicts name a field the way the editor does. */
export const POST_FIELD_NAMES: Readonly<Record<keyof PostFields, string>> = {
  title: 'Title',
  slug: 'Slug',
  content: 'Content',
  excerpt: 'Excerpt',
  featuredImageUrl: 'Featured image URL',
  authorName: 'Author name',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  metaKeywords: 'Meta keywords',
  canonicalUrl: 'Canonical URL',
  ogImageOverride: 'Social image',
  enableReviewsSchema: 'Review schema',
  robotsDirective: 'Robots directive',
};

const isPostField = (field: string): field is keyof PostFields =>
  (POST_FIELDS as readonly string[]).includes(field);

/**
 * A post field by its key ('featuredImageUrl') or by the name the audit log shows
 * ('featured image URL', any case); null when it names none.
 */
export function postFieldKey(field: string): keyof PostFields | null {
  if (isPostField(field)) return field;
  const wanted = field.trim().toLowerCase();
  return POST_FIELDS.find((key) => POST_FIELD_NAMES[key].toLowerCase() === wanted) ?? null;
}

export const postFields: FieldModel<PostEvent, PostState> = {
  model: writeModel(postDecider, postEventSchemas),
  subject: 'post',
  codePrefix: 'post',
  fields: (state) => (state.status === 'active' ? POST_FIELDS : []),
  value: (state, field) =>
    state.status === 'active' && isPostField(field) ? state.fields[field] : undefined,
  label: (field) => (isPostField(field) ? POST_FIELD_NAMES[field] : field),
  live: (state) => state.status === 'active',
  eventFields(event: RecordedEvent) {
    if (event.type !== 'PostUpdated') return event.type === 'PostCreated' ? null : [];
    return (event.data as { changedFields?: string[] }).changedFields ?? null;
  },
  notRevertible: (field) =>
    isPostField(field) ? null : `A post has no field named '${field}' to revert.`,
};

export const revertPostChangeCommand = z.object({
  type: z.literal('RevertPostChange'),
  postId: id,
  /** The audit entry's (or revision's) position: the save whose change is taken back. */
  position: z
    .string({ error: 'position must be the change’s position' })
    .regex(/^\d+$/, 'position must be the change’s position (a whole number)'),
  /** The field's key ('title') or its name in the audit log ('featured image URL'). */
  field: z
    .string({ error: 'field must name the field to revert' })
    .trim()
    .min(1, 'field must name the field to revert')
    .max(100, 'field must be at most 100 characters'),
});
