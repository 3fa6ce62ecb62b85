/**
 * Reading and re-encoding uploaded images with sharp (libvips). The content decides what an
 * upload is: sharp's decoder reads the bytes, the domain's rules judge the format. Every
 * variant is decoded and encoded afresh, which strips EXIF and other metadata (sharp keeps none
 * unless asked) and turns the pixels upright first (the EXIF orientation). A GIF keeps its first
 * frame only: the variants are still images (WebP and PNG/JPEG), like every other upload.
 */
import type SharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import {
  fallbackFormat,
  judgeImage,
  MEDIA_CONTENT_TYPES,
  MEDIA_EXTENSIONS,
  MEDIA_MAX_PIXELS,
  MEDIA_MESSAGES,
  pixelsProblem,
  variantKey,
  variantWidths,
  type AcceptedFamily,
  type MediaFormat,
  type SniffVerdict,
} from '../../domain/media/rules';
import type { MediaVariant } from '../../domain/media/events';

/**
 * sharp (and libvips with it) is loaded by the first upload, not imported: loading it cost
 * every server start, and most starts never see an upload.
 */
let loaded: Promise<typeof SharpModule> | undefined;
const loadSharp = () => (loaded ??= import('sharp').then((module) => module.default));

/** What an image was found to be, or why it is refused. */
export type ImageReading =
  | {
      ok: true;
      family: AcceptedFamily;
      mime: string;
      width: number;
      height: number;
      hasAlpha: boolean;
    }
  | { ok: false; message: string; status: 400 | 415 };

/** Reads the bytes' header: which format they are (by content) and the upright size. */
export async function readImage(bytes: Buffer): Promise<ImageReading> {
  // Outside the try below: sharp failing to load is the server's fault, not the upload's.
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only: no pixel limit here, so an oversized image is named by its size below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    // No decoder recognises it: not an image at all. A recognised but damaged header: broken.
    const message = error instanceof Error ? error.message : '';
    return /unsupported image format/i.test(message)
      ? { ok: false, message: MEDIA_MESSAGES.notImage, status: 415 }
      : { ok: false, message: MEDIA_MESSAGES.broken, status: 400 };
  }
  const verdict: SniffVerdict = judgeImage({
    format: metadata.format,
    compression: metadata.compression,
  });
  if (!verdict.accepted) return { ok: false, message: verdict.message, status: 415 };
  const width = metadata.autoOrient.width;
  const height = metadata.autoOrient.height;
  if (!width || !height) return { ok: false, message: MEDIA_MESSAGES.broken, status: 400 };
  const tooMany = pixelsProblem(width, height);
  if (tooMany) return { ok: false, message: tooMany, status: 400 };
  return {
    ok: true,
    family: verdict.family,
    mime: verdict.mime,
    width,
    height,
    hasAlpha: metadata.hasAlpha,
  };
}

export interface EncodedVariant extends MediaVariant {
  data: Buffer;
  contentType: string;
}

function encoder(image: Sharp, format: MediaFormat): Sharp {
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 });
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
  }
}

/**
 * The stored files: WebP at each width (never wider than the original) and one fallback in the
 * original's family at the largest width. Throws when the pixels cannot be decoded (a damaged
 * file whose header looked fine): the caller answers 400.
 */
export async function encodeVariants(
  mediaId: string,
  bytes: Buffer,
  image: Extract<ImageReading, { ok: true }>,
): Promise<EncodedVariant[]> {
  const widths = variantWidths(image.width);
  const fallback = fallbackFormat(image.family, image.hasAlpha);
  const jobs: { width: number; format: MediaFormat }[] = [
    ...widths.map((width) => ({ width, format: 'webp' as const })),
    { width: widths[widths.length - 1] ?? image.width, format: fallback },
  ];
  const sharp = await loadSharp();
  return Promise.all(
    jobs.map(async ({ width, format }) => {
      const resized = sharp(bytes, { failOn: 'error', limitInputPixels: MEDIA_MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      const { data, info } = await encoder(resized, format).toBuffer({ resolveWithObject: true });
      const key = variantKey(mediaId, info.width, format);
      return {
        width: info.width,
        format,
        bytes: data.length,
        key,
        data,
        contentType: MEDIA_CONTENT_TYPES[MEDIA_EXTENSIONS[format]] ?? 'application/octet-stream',
      };
    }),
  );
}
