/** A library document as the back office reads it. */
import type { MediaDoc } from '../../projections/media';
import { MEDIA_PATHS, type MediaView } from './contracts';

export function mediaView(doc: MediaDoc): MediaView {
  const variants = doc.variants.map((v) => ({
    width: v.width,
    format: v.format,
    bytes: v.bytes,
    url: MEDIA_PATHS.file(v.key),
  }));
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  const fallback =
    variants.find((v) => v.format !== 'webp') ?? webp[webp.length - 1] ?? variants[0];
  const srcWidth = fallback?.width ?? doc.width;
  return {
    id: doc._id,
    fileName: doc.fileName,
    mime: doc.mime,
    width: doc.width,
    height: doc.height,
    bytes: doc.bytes,
    alt: doc.alt,
    variants,
    src: fallback?.url ?? '',
    srcset: webp.map((v) => `${v.url} ${v.width}w`).join(', '),
    srcWidth,
    srcHeight: Math.max(1, Math.round((doc.height * srcWidth) / doc.width)),
    uploadedAt: doc.uploadedAt,
    updatedAt: doc.updatedAt,
  };
}
