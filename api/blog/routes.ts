/**
 * The blog's routes: the back office's list and editor calls (api/blog/contracts.ts), and the
 * 301 from a renamed post's old address to its current one (on the site router, before the
 * pages, so search engines keep the ranking).
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { CommandInput } from '../../commands';
import type { blogCommands, postInputSchema } from '../../commands/blog';
import { postStreamId } from '../../domain/blog/events';
import { sanitizePostHtml } from '../../domain/blog/html';
import { excerptFor, readTimeMinutes } from '../../domain/blog/rules';
import type { BlogQueries, PostDoc } from '../../projections/blog';
import { queueScheduledPublication } from '../../workers/blog';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { adminCommandRoutes } from '../http/command-route';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import {
  ADMIN_BLOG_PAGE_SIZES,
  ADMIN_POST_STATUSES,
  BLOG_FEED_DESCRIPTION,
  BLOG_FEED_PATH,
  BLOG_FEED_TITLE,
  BLOG_FIELD_LIMITS,
  BLOG_PATHS,
  formatLongDate,
  postPath,
  previewPath,
  type AdminPostListView,
  type AdminPostView,
  type PostPreviewView,
  type PostRevisionView,
  type PreviewLinkView,
} from './contracts';
import { PREVIEW_MESSAGES, previewSigner } from './preview-token';
import { postRevisions } from './revisions';
import { blogFeedXml, escapeXml } from './rss';

type PostInput = z.input<typeof postInputSchema>;

/** Paths inside the /api/admin router. */
const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

const postIdParam = z.string().trim().min(1, 'Post id is required').max(100);
const listQuery = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z
    .enum(ADMIN_POST_STATUSES, { error: 'Status must be all, published, draft or scheduled' })
    .optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .refine(
      (size) => (ADMIN_BLOG_PAGE_SIZES as readonly number[]).includes(size),
      `Page size must be one of ${ADMIN_BLOG_PAGE_SIZES.join(', ')}`,
    )
    .optional(),
});
const previewBody = z.object({
  content: z
    .string({ error: 'Content must be text' })
    .max(
      BLOG_FIELD_LIMITS.content,
      `Content must be at most ${BLOG_FIELD_LIMITS.content} characters`,
    ),
  excerpt: z
    .string({ error: 'Excerpt must be text' })
    .max(
      BLOG_FIELD_LIMITS.excerpt,
      `Excerpt must be at most ${BLOG_FIELD_LIMITS.excerpt} characters`,
    )
    .optional(),
});
/** The change to revert: its position (audit entry or revision) and the field to set back. */
const revertBody = z.object({
  position: z
    .string({ error: 'position must name the change to revert' })
    .regex(/^\d+$/, 'position must name the change to revert'),
  field: z
    .string({ error: 'field must name the field to revert' })
    .trim()
    .min(1, 'field must name the field to revert')
    .max(100, 'field must be at most 100 characters'),
});
const deleteQuery = z.object({
  slug: z.string({ error: 'The slug of the post is required' }).min(1),
});

/** The command's field paths ('post.title') as the editor names its fields ('title'). */
const fieldPath = (path: string) => path.replace(/^post\./, '');

function adminView(doc: PostDoc): AdminPostView {
  const { searchText: _s, sortKey: _k, readTimeMinutes: _r, publicExcerpt: _p, ...view } = doc;
  return view;
}

export function blogRoutes(
  { admin, site }: CapabilityRouters,
  deps: RouteDeps<typeof blogCommands, BlogQueries>,
) {
  const { backend, commands } = deps;
  const queries = backend.queries;
  const previews = previewSigner(backend.config.BLOG_PREVIEW_SECRET);
  const commandRoute = adminCommandRoutes(commands);
  const byId = { id: postIdParam };

  /** After a save with a future time: the delayed job that publishes it. */
  async function scheduleIfAsked(postId: string) {
    const post = await queries.adminPost(postId);
    if (post?.scheduledFor) {
      await queueScheduledPublication(backend.queue, { postId, publishAt: post.scheduledFor });
    }
  }

  // Before '/blog/:slug': the feed's address is not a post's.
  site.get(BLOG_FEED_PATH, async (_req, res) => {
    const posts = await queries.feedPosts();
    res
      .type('application/rss+xml; charset=utf-8')
      .setHeader('Cache-Control', 'public, max-age=300')
      .send(
        blogFeedXml(backend.config.publicUrl, posts, {
          title: BLOG_FEED_TITLE,
          description: BLOG_FEED_DESCRIPTION,
        }),
      );
  });

  // A draft as its page would show it, for whoever holds the signed link; never indexed or kept.
  site.get('/blog/preview/:token', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const check = previews.verify(String(req.params.token));
    if (!check.ok) {
      res.status(403).type('html').send(previewMessagePage(PREVIEW_MESSAGES[check.reason]));
      return;
    }
    const post = await queries.adminPost(check.postId);
    if (!post) {
      res.status(404).type('html').send(previewMessagePage(PREVIEW_MESSAGES.missing));
      return;
    }
    res.type('html').send(previewPage(post, check.expiresAt, backend.config.publicUrl));
  });

  site.get('/blog/:slug', async (req, res, next) => {
    const slug = String(req.params.slug);
    const found = await queries.publishedPostBySlug(slug);
    if (found && 'movedTo' in found) {
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
        : '';
      res.redirect(301, `${postPath(found.movedTo)}${query}`);
      return;
    }
    next();
  });

  admin.get(
    inAdmin(BLOG_PATHS.adminPosts),
    commands.handle(async (req, res) => {
      const query = parseOrThrow(listQuery, req.query);
      const list: AdminPostListView = await queries.adminPosts(query);
      res.setHeader('Cache-Control', 'no-store');
      res.json(list);
    }),
  );

  admin.get(
    inAdmin(BLOG_PATHS.adminPost),
    commands.handle(async (req, res) => {
      const postId = parseOrThrow(postIdParam, req.params.id);
      const post = await queries.adminPost(postId);
      if (!post) throw new HttpError(404, 'Post not found');
      res.setHeader('Cache-Control', 'no-store');
      res.json(adminView(post));
    }),
  );

  admin.post(
    inAdmin(BLOG_PATHS.adminPosts),
    commands.handle(
      async (req, res) => {
        const result = await commands.dispatch(
          res,
          { type: 'CreatePost', post: bodyOf(req) },
          adminActor(res),
        );
        await scheduleIfAsked(result.id);
        res.status(201).json({ id: result.id });
      },
      { fieldPath },
    ),
  );

  admin.put(
    inAdmin(BLOG_PATHS.adminPost),
    commands.handle(
      async (req, res) => {
        const postId = parseOrThrow(postIdParam, req.params.id);
        const body = bodyOf(req);
        const previousSlug = typeof body.previousSlug === 'string' ? body.previousSlug : '';
        if (!previousSlug) {
          throw new HttpError(400, 'previousSlug is required: the slug the editor loaded', {
            previousSlug: 'previousSlug is required',
          });
        }
        // expectedRevision (the revision the editor opened): a stale save is merged (issue 27);
        // keepMine: after a conflict, the fields whose value this save keeps.
        const { expectedRevision, keepMine } = body;
        await commands.dispatch(
          res,
          {
            type: 'UpdatePost',
            postId,
            previousSlug,
            post: body,
            ...(expectedRevision === undefined ? {} : { expectedRevision }),
            ...(keepMine === undefined ? {} : { keepMine }),
          } as CommandInput<typeof blogCommands>, // the bus checks both (400 naming each)
          adminActor(res),
        );
        await scheduleIfAsked(postId);
        res.json({ id: postId });
      },
      { fieldPath },
    ),
  );

  for (const [path, type] of [
    [BLOG_PATHS.adminPublish, 'PublishPost'],
    [BLOG_PATHS.adminUnpublish, 'UnpublishPost'],
  ] as const) {
    admin.post(
      inAdmin(path),
      commandRoute({
        params: byId,
        command: ({ params }) => ({ type, postId: params.id }),
        answer: (_result, { params }) => ({ id: params.id }),
      }),
    );
  }

  // 'Revert this change': one field of one save set back (commands/field-changes.ts).
  admin.post(
    inAdmin(BLOG_PATHS.adminRevert),
    commandRoute({
      params: byId,
      body: revertBody,
      command: ({ params, body }) => ({
        type: 'RevertPostChange',
        postId: params.id,
        position: body.position,
        field: body.field,
      }),
      answer: (_result, { params }) => ({ id: params.id }),
    }),
  );

  admin.delete(
    inAdmin(BLOG_PATHS.adminPost),
    commandRoute({
      params: byId,
      query: deleteQuery,
      command: ({ params, query }) => ({ type: 'DeletePost', postId: params.id, slug: query.slug }),
      answer: (_result, { params }) => ({ id: params.id }),
    }),
  );

  admin.post(
    inAdmin(BLOG_PATHS.adminPreviewLink),
    commands.handle(async (req, res) => {
      const postId = parseOrThrow(postIdParam, req.params.id);
      if (!(await queries.adminPost(postId))) throw new HttpError(404, 'Post not found');
      const { token, expiresAt } = previews.sign(postId);
      const link: PreviewLinkView = { path: previewPath(token), expiresAt };
      res.json(link);
    }),
  );

  admin.get(
    inAdmin(BLOG_PATHS.adminRevisions),
    commands.handle(async (req, res) => {
      const postId = parseOrThrow(postIdParam, req.params.id);
      const stream = await backend.eventStore.readStream(postStreamId(postId));
      if (stream.length === 0) throw new HttpError(404, 'Post not found');
      const revisions: PostRevisionView[] = postRevisions(stream);
      res.setHeader('Cache-Control', 'no-store');
      res.json(revisions);
    }),
  );

  admin.post(
    inAdmin(BLOG_PATHS.adminPreview),
    commands.handle(async (req, res) => {
      // The editor's unsaved body as the public page would show it (its live preview).
      const { content, excerpt } = parseOrThrow(previewBody, req.body ?? {});
      const html = sanitizePostHtml(content, { siteOrigin: backend.config.publicUrl });
      const preview: PostPreviewView = {
        html,
        readTimeMinutes: readTimeMinutes(html),
        publicExcerpt: excerptFor({ content: html, excerpt: excerpt ?? null }, 'public'),
      };
      res.setHeader('Cache-Control', 'no-store');
      res.json(preview);
    }),
  );
}

/**
 * The JSON body as the command's input: the bus validates it with the command's schema (400
 * naming each field), so only its being an object is checked here.
 */
function bodyOf(req: Request): PostInput & Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as PostInput & Record<string, unknown>;
}

const PREVIEW_STYLE = `body{font-family:system-ui,sans-serif;color:#0f172a;margin:0;line-height:1.6}
.bar{background:#fef3c7;border-bottom:1px solid #f59e0b;padding:.75rem 1rem;font-size:.95rem}
main{max-width:48rem;margin:0 auto;padding:2rem 1rem}h1{font-size:2rem;line-height:1.2}
.meta{color:#475569}.excerpt{background:#f1f5f9;border-radius:.5rem;padding:1rem}
img{max-width:100%;height:auto}blockquote{border-left:4px solid #0f766e;margin:0;padding-left:1rem}`;

function previewDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeXml(title)}</title>
<style>${PREVIEW_STYLE}</style></head>
<body>${body}</body></html>`;
}

function previewMessagePage(message: string): string {
  return previewDocument(
    'Preview unavailable',
    `<main><h1>Preview unavailable</h1><p>${escapeXml(message)}</p><p><a href="/blog">Back to Blog</a></p></main>`,
  );
}

/** The saved post (draft or not) with its body sanitised as the public page shows it. */
function previewPage(post: PostDoc, expiresAt: Date, siteOrigin: string): string {
  const content = sanitizePostHtml(post.content, { siteOrigin });
  const status = post.published ? 'Published' : 'Draft';
  const image = post.featuredImageUrl
    ? `<img src="${escapeXml(post.featuredImageUrl)}" alt="" width="1200" height="630">`
    : '';
  const excerpt = post.excerpt ? `<p class="excerpt">${escapeXml(post.excerpt)}</p>` : '';
  return previewDocument(
    `Preview: ${post.title}`,
    `<div class="bar" role="note"><strong>${status} preview.</strong> Not listed on the blog; this link works until ${escapeXml(expiresAt.toUTCString())}.</div>
<main><article>${image}<h1>${escapeXml(post.title)}</h1>
<p class="meta">By ${escapeXml(post.authorName)} · ${readTimeMinutes(post.content)} min read${post.publishedAt ? ` · ${escapeXml(formatLongDate(post.publishedAt))}` : ''}</p>
${excerpt}<div class="blog-content">${content}</div></article></main>`,
  );
}
