/**
 * Media: images uploaded to the back office. One stream per image, `media-{id}`. The event
 * records what was stored (the re-encoded variants' keys in the media files store), so the
 * library and the served files are read from the log alone.
 */
import { z } from 'zod';
import { eventNarrower } from '../shared/decider';
import type { DomainEvent } from '../shared/envelope';

export const MEDIA_STREAM_PREFIX = 'media-';
export const mediaStreamId = (mediaId: string) => `${MEDIA_STREAM_PREFIX}${mediaId}`;

const mediaId = z.string().min(1);

/** One stored file of an image: a width in one format. */
export const mediaVariantSchema = z.object({
  width: z.number().int().positive(),
  format: z.enum(['webp', 'jpeg', 'png']),
  bytes: z.number().int().nonnegative(),
  /** Its key in the media files store (`{mediaId}/{width}.{ext}`). */
  key: z.string().min(1),
});

export const mediaEventSchemas = {
  MediaUploaded: z.object({
    mediaId,
    /** The name the file was uploaded with (shown and searched, never used as a path). */
    fileName: z.string(),
    /** The original's type as read from its content (image/jpeg, image/png...). */
    mime: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** The original's size in bytes (it is not kept: only the variants are). */
    bytes: z.number().int().nonnegative(),
    variants: z.array(mediaVariantSchema).min(1),
    alt: z.string(),
  }),
  MediaAltTextChanged: z.object({ mediaId, alt: z.string() }),
  MediaDeleted: z.object({ mediaId }),
} as const;

type Schemas = typeof mediaEventSchemas;
export type MediaEventType = keyof Schemas;
export type MediaEvent = {
  [T in MediaEventType]: DomainEvent<T, z.infer<Schemas[T]>>;
}[MediaEventType];
export type MediaVariant = z.infer<typeof mediaVariantSchema>;
export type MediaUploadedData = z.infer<Schemas['MediaUploaded']>;

export const MEDIA_EVENT_TYPES = Object.keys(mediaEventSchemas) as MediaEventType[];
export const asMediaEvent = eventNarrower<Schemas, MediaEvent>(mediaEventSchemas);
