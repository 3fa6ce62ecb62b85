/**
 * Blog commands. A save decides on the post's stream and on the slug streams it touches:
 * the new slug is reserved (its stream appended at 'no stream' the first time), a renamed
 * post's old slug is released (its URL then redirects to the new one). Every stream is decided
 * before any is written, so a taken slug writes nothing.
 */
import { z } from 'zod';
import {
  POST_FIELDS,
  postDecider,
  slugDecider,
  undoSlug,
  type SaveMode,
  type SlugCommand,
} from '../../domain/blog/decider';
import {
  postEventSchemas,
  postStreamId,
  slugEventSchemas,
  slugStreamId,
  type PostFields,
} from '../../domain/blog/events';
import { sanitizePostHtml, stripTags } from '../../domain/blog/html';
import {
  BLOG_FIELD_LIMITS,
  BLOG_VALIDATION,
  ROBOTS_DIRECTIVE,
  slugify,
} from '../../domain/blog/rules';
import {
  declareCommand,
  onStream,
  writeModel,
  type StreamDecision,
  type StreamReader,
} from '../command';
import { expectedRevision, id, multiLineText, singleLine, singleLineText } from '../schema-parts';
import { mergeStaleSave, namingReverted, planRevert } from '../field-changes';
import { postFieldKey, postFields, revertPostChangeCommand } from './field-changes';

const postModel = writeModel(postDecider, postEventSchemas);
const slugModel = writeModel(slugDecider, slugEventSchemas);

/** One line of text; `lines: 'multi'` lets it span lines (the excerpt). */
const trimmed = (max: number, label: string, lines: 'single' | 'multi' = 'single') =>
  lines === 'single' ? singleLineText(label, max) : multiLineText(label, max);

/** Optional text: blank becomes null. */
const optionalText = (max: number, label: string, lines: 'single' | 'multi' = 'single') =>
  trimmed(max, label, lines)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional http(s) address (spec: the featured image URL is of URL type). */
const optionalUrl = (label: string) =>
  optionalText(BLOG_FIELD_LIMITS.url, label).refine(
    (value) => value === null || (/^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value)),
    `${label} must be a full http(s) address`,
  );

/** A missing title or content reads as the spec's message; a non-text one says so. */
const requiredText =
  (label: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null
      ? BLOG_VALIDATION.required
      : `${label} must be text`;

export const postInputSchema = z
  .object({
    title: z
      .string({ error: requiredText('Title') })
      .trim()
      .superRefine(singleLine('Title'))
      .min(1, BLOG_VALIDATION.required)
      .max(BLOG_FIELD_LIMITS.title, `Title must be at most ${BLOG_FIELD_LIMITS.title} characters`),
    /** Blank: generated from the title (spec section 5). */
    slug: trimmed(BLOG_FIELD_LIMITS.slug, 'Slug').default(''),
    content: z
      .string({ error: requiredText('Content') })
      .max(
        BLOG_FIELD_LIMITS.content,
        `Content must be at most ${BLOG_FIELD_LIMITS.content} characters`,
      )
      // Sanitised on save: what is left must say something (text or an image).
      .transform((html) => sanitizePostHtml(html))
      .refine((html) => stripTags(html) !== '' || /<img\b/i.test(html), BLOG_VALIDATION.required),
    excerpt: optionalText(BLOG_FIELD_LIMITS.excerpt, 'Excerpt', 'multi'),
    featuredImageUrl: optionalUrl('Featured image URL'),
    authorName: trimmed(BLOG_FIELD_LIMITS.authorName, 'Author name').nullish(),
    metaTitle: optionalText(BLOG_FIELD_LIMITS.metaTitle, 'Meta title'),
    metaDescription: optionalText(BLOG_FIELD_LIMITS.metaDescription, 'Meta description'),
    metaKeywords: optionalText(BLOG_FIELD_LIMITS.metaKeywords, 'Meta keywords'),
    canonicalUrl: optionalUrl('Canonical URL'),
    ogImageOverride: optionalUrl('Social image URL'),
    enableReviewsSchema: z.boolean({ error: 'Review schema must be on or off' }).default(false),
    robotsDirective: optionalText(40, 'Robots directive').refine(
      (value) => value === null || ROBOTS_DIRECTIVE.test(value),
      BLOG_VALIDATION.robots,
    ),
    /** 'Publish immediately'. */
    publish: z.boolean({ error: 'Publish must be on or off' }).default(false),
    /** A future time to publish at instead (scheduled publishing). */
    publishAt: z.iso
      .datetime({ offset: true, error: 'Publish time must be a date and time' })
      .nullish(),
  })
  .transform((input, ctx) => {
    const { content } = input;
    const slug = slugify(input.slug || input.title);
    if (!slug) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: BLOG_VALIDATION.slug });
      return z.NEVER;
    }
    if (input.publish && input.publishAt) {
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: BLOG_VALIDATION.publishBoth });
      return z.NEVER;
    }
    const fields: PostFields = {
      title: input.title,
      slug,
      content,
      excerpt: input.excerpt,
      featuredImageUrl: input.featuredImageUrl,
      authorName: input.authorName || 'Admin',
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      metaKeywords: input.metaKeywords,
      canonicalUrl: input.canonicalUrl,
      ogImageOverride: input.ogImageOverride,
      enableReviewsSchema: input.enableReviewsSchema,
      robotsDirective: input.robotsDirective,
    };
    const mode: SaveMode = input.publishAt
      ? { kind: 'schedule', publishAt: new Date(input.publishAt).toISOString() }
      : input.publish
        ? { kind: 'publish' }
        : { kind: 'draft' };
    return { fields, mode };
  });

export const createPostCommand = z.object({
  type: z.literal('CreatePost'),
  postId: id.optional(),
  post: postInputSchema,
});

export const updatePostCommand = z.object({
  type: z.literal('UpdatePost'),
  postId: id,
  /** The slug the post had when the editor loaded it (read model); checked by the decider. */
  previousSlug: z.string().min(1),
  post: postInputSchema,
  /**
   * The post stream's revision the editor opened (issue 27): a save made on an older one is
   * merged onto the latest version when the fields it changes were not changed meanwhile.
   */
  expectedRevision,
  /** After a conflict: the fields whose value this save keeps over the other save's. */
  keepMine: z
    .array(z.string().max(100), { error: 'keepMine must be a list of field names' })
    .max(100, 'keepMine may name at most 100 fields')
    .optional(),
});

const postIdOnly = <T extends string>(type: T) => z.object({ type: z.literal(type), postId: id });

export const publishScheduledPostCommand = z.object({
  type: z.literal('PublishScheduledPost'),
  postId: id,
  publishAt: z.iso.datetime({ offset: true }),
});

export const deletePostCommand = z.object({
  type: z.literal('DeletePost'),
  postId: id,
  slug: z.string().min(1),
});

/** A slug stream's decision, with the undo a store without transactions appends on a refusal. */
const onSlug = (command: SlugCommand): StreamDecision =>
  onStream(slugModel, slugStreamId(command.slug), {
    id: command.postId,
    decide: (state, now) => slugDecider.decide(command, state, now),
    undo: (decided) => undoSlug(command, decided),
  });

const reserve = (slug: string, postId: string): StreamDecision =>
  onSlug({ type: 'ReserveSlug', slug, postId });

const release = (slug: string, postId: string, renamedTo: string | null): StreamDecision =>
  onSlug({ type: 'ReleaseSlug', slug, postId, renamedTo });

interface PostSave {
  postId: string;
  previousSlug: string;
  post: { fields: PostFields; mode: SaveMode };
}

/** A save: a renamed post reserves its new slug and releases the old one (it then redirects). */
function updateStreams({ postId, previousSlug, post }: PostSave): StreamDecision[] {
  const renamed = previousSlug !== post.fields.slug;
  return [
    ...(renamed
      ? [reserve(post.fields.slug, postId), release(previousSlug, postId, post.fields.slug)]
      : []),
    onStream(postModel, postStreamId(postId), {
      id: postId,
      decide: (state, now) =>
        postDecider.decide({ type: 'UpdatePost', postId, previousSlug, ...post }, state, now),
    }),
  ];
}

/**
 * A save made on a stale revision, merged onto the latest version (commands/field-changes.ts):
 * the fields it changes onto the latest ones, and the latest slug as the one it renames from.
 * Refused with both values (MergeConflictError) when one of its fields was changed meanwhile,
 * unless the administrator already chose to keep their value for it (keepMine).
 */
async function mergedSave(
  command: PostSave & { expectedRevision?: number; keepMine?: string[] },
  reads: StreamReader,
): Promise<PostSave> {
  const { expectedRevision: expected, keepMine, ...save } = command;
  if (expected === undefined) return save;
  const history = await reads.readStream(postStreamId(save.postId));
  const merge = mergeStaleSave(
    postFields,
    history,
    expected,
    (field) => save.post.fields[field as keyof PostFields],
    POST_FIELDS,
    keepMine,
  );
  if (!merge || merge.current.status !== 'active') return save;
  const current = merge.current.fields;
  const fields = { ...current };
  for (const field of merge.mine) {
    const key = field as keyof PostFields;
    (fields as Record<string, unknown>)[key] = save.post.fields[key];
  }
  return { ...save, previousSlug: current.slug, post: { ...save.post, fields } };
}

export const blogCommands = {
  CreatePost: declareCommand({
    schema: createPostCommand,
    prepare: (command, ids) => ({ ...command, postId: command.postId ?? ids.newId() }),
    streams: ({ postId, post }) => [
      reserve(post.fields.slug, postId),
      onStream(postModel, postStreamId(postId), {
        id: postId,
        decide: (state, now) =>
          postDecider.decide({ type: 'CreatePost', postId, ...post }, state, now),
      }),
    ],
  }),
  UpdatePost: declareCommand({
    schema: updatePostCommand,
    streams: async (command, reads) => updateStreams(await mergedSave(command, reads)),
  }),
  RevertPostChange: declareCommand({
    schema: revertPostChangeCommand,
    streams: async ({ postId, position, field }, reads) => {
      const key = postFieldKey(field);
      const history = await reads.readStream(postStreamId(postId));
      const plan = planRevert(postFields, history, position, key ?? field);
      if (plan.current.status !== 'active' || key === null) {
        throw new Error('planRevert refuses a deleted post and an unknown field');
      }
      const fields = { ...plan.current.fields, [key]: plan.before } as PostFields;
      const streams = updateStreams({
        postId,
        previousSlug: plan.current.fields.slug,
        post: { fields, mode: { kind: 'keep' } },
      });
      // The post's stream is the last: its save names the reverted change.
      return streams.map((stream, i) =>
        i < streams.length - 1
          ? stream
          : {
              ...stream,
              decide(stored, now) {
                const decided = stream.decide(stored, now);
                return { ...decided, events: namingReverted(decided.events, plan.reverted) };
              },
            },
      );
    },
  }),
  PublishPost: declareCommand({
    schema: postIdOnly('PublishPost'),
    streams: (command) => [
      onStream(postModel, postStreamId(command.postId), {
        id: command.postId,
        decide: (state, now) => postDecider.decide(command, state, now),
      }),
    ],
  }),
  UnpublishPost: declareCommand({
    schema: postIdOnly('UnpublishPost'),
    streams: (command) => [
      onStream(postModel, postStreamId(command.postId), {
        id: command.postId,
        decide: (state, now) => postDecider.decide(command, state, now),
      }),
    ],
  }),
  PublishScheduledPost: declareCommand({
    schema: publishScheduledPostCommand,
    streams: (command) => [
      onStream(postModel, postStreamId(command.postId), {
        id: command.postId,
        decide: (state, now) => postDecider.decide(command, state, now),
      }),
    ],
  }),
  DeletePost: declareCommand({
    schema: deletePostCommand,
    streams: (command) => [
      release(command.slug, command.postId, null),
      onStream(postModel, postStreamId(command.postId), {
        id: command.postId,
        decide: (state, now) => postDecider.decide(command, state, now),
      }),
    ],
  }),
};
