/**
 * The blog's routes: the back office's list and editor calls (api/blog/contracts.ts), and the
 * 301 from a renamed post's old address to its current one (on the site router, before the
 * pages, so search engines keep the ranking).
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { blogCommands, postInputSchema } from '../../commands/blog';
import { sanitizePostHtml } from '../../domain/blog/html';
import type { BlogQueries, PostDoc } from '../../projections/blog';
import { queueScheduledPublication } from '../../workers/blog';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import {
  ADMIN_POST_STATUSES,
  BLOG_FIELD_LIMITS,
  BLOG_PATHS,
  postPath,
  type AdminPostListView,
  type AdminPostView,
} from './contracts';

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
});
const previewBody = z.object({
  content: z.string({ error: 'Content must be text' }).max(BLOG_FIELD_LIMITS.content),
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

  /** After a save with a future time: the delayed job that publishes it. */
  async function scheduleIfAsked(postId: string) {
    const post = await queries.adminPost(postId);
    if (post?.scheduledFor) {
      await queueScheduledPublication(backend.queue, { postId, publishAt: post.scheduledFor });
    }
  }

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
        await commands.dispatch(
          res,
          { type: 'UpdatePost', postId, previousSlug, post: body },
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
      commands.handle(async (req, res) => {
        const postId = parseOrThrow(postIdParam, req.params.id);
        await commands.dispatch(res, { type, postId }, adminActor(res));
        res.json({ id: postId });
      }),
    );
  }

  admin.delete(
    inAdmin(BLOG_PATHS.adminPost),
    commands.handle(async (req, res) => {
      const postId = parseOrThrow(postIdParam, req.params.id);
      const { slug } = parseOrThrow(deleteQuery, req.query);
      await commands.dispatch(res, { type: 'DeletePost', postId, slug }, adminActor(res));
      res.json({ id: postId });
    }),
  );

  admin.post(
    inAdmin(BLOG_PATHS.adminPreview),
    commands.handle(async (req, res) => {
      const { content } = parseOrThrow(previewBody, req.body ?? {});
      res.json({ html: sanitizePostHtml(content) });
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
