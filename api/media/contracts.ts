/**
 * Media, one definition for the back office, the shared web pieces and the routes:
 *   GET    /api/admin/media?q=&page=&pageSize=   the library, newest first, one page
 *   POST   /api/admin/media   multipart/form-data: 'file' (one image) and 'alt' (optional)
 *          201 MediaView; 413 over MEDIA_MAX_BYTES; 415 not an accepted image (SVG named);
 *          400 a damaged image or a bad alt text (fields.file / fields.alt)
 *   PUT    /api/admin/media/:id/alt { alt }
 *   DELETE /api/admin/media/:id
 *   GET    /media/:id/:width.:ext   a stored variant (public, cached for a year: never changes)
 */
// No zod here: web/ imports this file.
export {
  MEDIA_ALT_MAX,
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  altTextProblem,
  formatFileSize,
} from '../../domain/media/rules';

export const MEDIA_UPLOAD_FIELD = 'file';
export const MEDIA_ALT_FIELD = 'alt';
/** What the file picker offers (the server checks the content whatever the picker allowed). */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/gif';

export const MEDIA_PATHS = {
  admin: '/api/admin/media',
  adminOne: (id: string) => `/api/admin/media/${encodeURIComponent(id)}`,
  adminAlt: (id: string) => `/api/admin/media/${encodeURIComponent(id)}/alt`,
  /** A stored variant's public address, from its key (`{id}/{width}.{ext}`). */
  file: (key: string) => `/media/${key}`,
} as const;

export { MEDIA_PAGE_SIZES } from '../../domain/media/list';

export interface MediaListParams {
  q?: string;
  page: number;
  pageSize: number;
}

export interface MediaVariantView {
  width: number;
  format: 'webp' | 'jpeg' | 'png';
  bytes: number;
  url: string;
}

/** One image of the library. */
export interface MediaView {
  id: string;
  fileName: string;
  /** The original's type, read from its content. */
  mime: string;
  width: number;
  height: number;
  /** The original's size. */
  bytes: number;
  /** '' when none was given (the library says 'No alt text'). */
  alt: string;
  variants: MediaVariantView[];
  /** The fallback (JPEG or PNG) at the largest width: an <img>'s src. */
  src: string;
  /** The WebP variants as a srcset ('/media/x/320.webp 320w, ...'). */
  srcset: string;
  /** The height of the image at `src`'s width (its aspect ratio kept). */
  srcWidth: number;
  srcHeight: number;
  uploadedAt: string;
  updatedAt: string;
}

export interface MediaPage {
  rows: MediaView[];
  total: number;
}
