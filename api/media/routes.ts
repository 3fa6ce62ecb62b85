/**
 * Media's routes: the library under /api/admin (behind the admin check and CSRF) and the
 * stored files at /media/{id}/{width}.{ext} (public: the site's pages show them).
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { altText, type mediaCommands } from '../../commands/media';
import { mediaErrors } from '../../domain/media/decider';
import { cleanFileName, MEDIA_CONTENT_TYPES, MEDIA_MESSAGES } from '../../domain/media/rules';
import type { MediaQueries } from '../../projections/media';
import type { MediaFiles } from '../../workers/media/files';
import { encodeVariants, readImage } from '../../workers/media/images';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { MEDIA_PAGE_SIZES, type MediaPage } from './contracts';
import { readUpload } from './upload';
import { mediaView } from './views';

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);

const mediaListParams = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  page: whole('page').min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: whole('pageSize')
    .refine((n) => (MEDIA_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${MEDIA_PAGE_SIZES.join(', ')}`,
    })
    .default(48),
});

const altBody = z.object({ alt: altText });

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

/** A stored variant never changes (a new upload is a new id): cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE_NAME = /^(\d{1,5})\.(webp|jpg|png)$/;

export function mediaRoutes(
  { admin, site }: CapabilityRouters,
  deps: RouteDeps<typeof mediaCommands, MediaQueries, { mediaFiles: MediaFiles }>,
) {
  const { backend, commands } = deps;
  const { queries, mediaFiles } = backend;
  const handle = commands.handle;

  async function found(id: string) {
    const doc = await queries.mediaItem(id);
    if (!doc) throw new HttpError(404, mediaErrors.messages.media_not_found);
    return doc;
  }

  admin.get(
    '/media',
    handle(async (req, res) => {
      const params = parseOrThrow(mediaListParams, req.query);
      const page = await queries.mediaPage(params);
      const answer: MediaPage = { rows: page.rows.map(mediaView), total: page.total };
      res.json(answer);
    }),
  );

  admin.post(
    '/media',
    handle(async (req, res) => {
      const upload = await readUpload(req, res, backend.config.MEDIA_MAX_BYTES);
      const alt = parseOrThrow(altBody, { alt: upload.alt ?? '' }).alt;
      const image = await readImage(upload.bytes);
      if (!image.ok) throw new HttpError(image.status, image.message, { file: image.message });
      const mediaId = randomUUID();
      let variants;
      try {
        variants = await encodeVariants(mediaId, upload.bytes, image);
      } catch {
        throw new HttpError(400, MEDIA_MESSAGES.broken, { file: MEDIA_MESSAGES.broken });
      }
      const stored: string[] = [];
      try {
        for (const variant of variants) {
          await mediaFiles.put(variant.key, variant.data, variant.contentType);
          stored.push(variant.key);
        }
        await commands.dispatch(
          res,
          {
            type: 'UploadMedia',
            mediaId,
            fileName: cleanFileName(upload.fileName),
            mime: image.mime,
            width: image.width,
            height: image.height,
            bytes: upload.bytes.length,
            variants: variants.map(({ width, format, bytes, key }) => ({
              width,
              format,
              bytes,
              key,
            })),
            alt,
          },
          adminActor(res),
        );
      } catch (error) {
        // Nothing recorded: the files stored for it would be served by nobody.
        await Promise.allSettled(stored.map((key) => mediaFiles.delete(key)));
        throw error;
      }
      res.status(201).json(mediaView(await found(mediaId)));
    }),
  );

  admin.put(
    '/media/:id/alt',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      const { alt } = parseOrThrow(altBody, bodyOf(req));
      await commands.dispatch(
        res,
        { type: 'ChangeMediaAltText', mediaId: doc._id, alt },
        adminActor(res),
      );
      res.json(mediaView(await found(doc._id)));
    }),
  );

  admin.delete(
    '/media/:id',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      await commands.dispatch(res, { type: 'DeleteMedia', mediaId: doc._id }, adminActor(res));
      // Recorded first: a file left behind by a failed delete is served by nobody (the read
      // model no longer lists it), so a failure here is logged, not answered.
      const removed = await Promise.allSettled(doc.variants.map((v) => mediaFiles.delete(v.key)));
      if (removed.some((r) => r.status === 'rejected')) {
        backend.logger.warn('media files left after a delete', { mediaId: doc._id });
      }
      res.json({ ok: true });
    }),
  );

  site.get('/media/:mediaId/:file', async (req, res, next) => {
    try {
      const match = FILE_NAME.exec(String(req.params.file));
      const doc = match ? await queries.mediaItem(String(req.params.mediaId)) : null;
      const key = `${String(req.params.mediaId)}/${String(req.params.file)}`;
      const variant = doc?.variants.find((v) => v.key === key);
      const stored = variant ? await mediaFiles.get(variant.key) : null;
      if (!match || !stored) {
        res.status(404).setHeader('Cache-Control', 'no-store');
        res.json({ error: MEDIA_MESSAGES.notFound });
        return;
      }
      res.setHeader('Content-Type', MEDIA_CONTENT_TYPES[match[2] ?? ''] ?? stored.contentType);
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Length', String(stored.bytes.length));
      res.end(req.method === 'HEAD' ? undefined : stored.bytes);
    } catch (error) {
      next(error);
    }
  });
}
