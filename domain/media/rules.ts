/**
 * Media rules, pure: which images are accepted (by what their content is, never by name or
 * declared type), the widths an image is stored at, the fallback format, the alt text, and
 * the size limit's message. The server reads the content with sharp and passes its findings
 * here; the back office shows the same messages.
 */
import { formatMegabytes } from '../shared/format';

// The library's sizes are the platform's (the Operations screen shows a snapshot's alike).
export { formatFileSize, formatMegabytes } from '../shared/format';

/** The widths an image is re-encoded to (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;
export const MEDIA_ALT_MAX = 250;
/**
 * The most pixels an upload may have: a small, highly compressed file can decode to gigabytes
 * (a 10 MB PNG of 20,000 × 20,000 px), so the size alone does not bound the work.
 */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** MEDIA_MAX_BYTES's default: 10 MB. */
export const MEDIA_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export type MediaFormat = 'webp' | 'jpeg' | 'png';
/** The image families accepted, as their content says. */
export type AcceptedFamily = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export const MEDIA_MESSAGES = {
  svg: 'SVG images are not accepted: upload a PNG, JPEG, WebP, AVIF or GIF.',
  notImage: 'This file is not an image we accept: upload a PNG, JPEG, WebP, AVIF or GIF.',
  broken: 'This image could not be read: the file may be damaged. Try exporting it again.',
  noFile: 'Choose an image to upload.',
  oneFile: 'Upload one image at a time.',
  altTooLong: `Alt text must be at most ${MEDIA_ALT_MAX} characters`,
  altOneLine: 'Alt text must be a single line',
  noAlt: 'No alt text',
  notFound: 'This image is not in the media library (it may have been deleted).',
} as const;

export const MEDIA_MIME: Record<AcceptedFamily, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export const MEDIA_EXTENSIONS: Record<MediaFormat, string> = {
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** What the image decoder (sharp's metadata) found in the bytes. */
export interface SniffedImage {
  /** sharp's `format` ('jpeg', 'png', 'webp', 'gif', 'heif', 'svg', ...). */
  format: string;
  /** For heif: 'av1' is AVIF; 'hevc' (HEIC) is not accepted. */
  compression?: string | undefined;
}

export type SniffVerdict =
  { accepted: true; family: AcceptedFamily; mime: string } | { accepted: false; message: string };

/** Whether the content is an image we accept, from what the decoder read (not the file's name). */
export function judgeImage(sniffed: SniffedImage | null): SniffVerdict {
  if (sniffed === null) return { accepted: false, message: MEDIA_MESSAGES.notImage };
  const format = sniffed.format.toLowerCase();
  if (format === 'svg') return { accepted: false, message: MEDIA_MESSAGES.svg };
  const family: AcceptedFamily | null =
    format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif'
      ? format
      : format === 'heif' && sniffed.compression === 'av1'
        ? 'avif'
        : null;
  if (family === null) return { accepted: false, message: MEDIA_MESSAGES.notImage };
  return { accepted: true, family, mime: MEDIA_MIME[family] };
}

/**
 * The widths to store: each standard width narrower than the original, plus the original's
 * own width when it is below the largest (never upscaled).
 */
export function variantWidths(originalWidth: number): number[] {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? 1600;
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w < originalWidth);
  const top = Math.min(originalWidth, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/**
 * The one fallback beside the WebP files, for browsers without WebP: PNG when the image has
 * transparency or was a PNG (drawings, screenshots), JPEG for photos.
 */
export function fallbackFormat(family: AcceptedFamily, hasAlpha: boolean): MediaFormat {
  return hasAlpha || family === 'png' ? 'png' : 'jpeg';
}

/** The 413's message: the image's size when known, and the limit. */
export function tooLargeMessage(bytes: number | null, limit: number): string {
  return bytes === null
    ? `The image is larger than ${formatMegabytes(limit)}: the limit is ${formatMegabytes(limit)}.`
    : `The image is ${formatMegabytes(bytes)}: the limit is ${formatMegabytes(limit)}.`;
}

/** The problem with an image's dimensions, or null. */
export function pixelsProblem(width: number, height: number): string | null {
  return width * height > MEDIA_MAX_PIXELS
    ? `The image is ${width} × ${height} pixels: the limit is ${MEDIA_MAX_PIXELS / 1_000_000} megapixels.`
    : null;
}

/** The problem with an alt text, or null (one line, at most 250 characters; empty allowed). */
export function altTextProblem(alt: string): string | null {
  if (/[\n\r\u2028\u2029]/.test(alt)) return MEDIA_MESSAGES.altOneLine;
  if (alt.trim().length > MEDIA_ALT_MAX) return MEDIA_MESSAGES.altTooLong;
  return null;
}

/** The key of a variant in the media files store. */
export const variantKey = (mediaId: string, width: number, format: MediaFormat) =>
  `${mediaId}/${width}.${MEDIA_EXTENSIONS[format]}`;

/** A file name as kept: the last path segment, trimmed, without control characters. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const control = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
  const cleaned = last.replace(control, '').trim();
  return cleaned.slice(0, 200) || 'image';
}
