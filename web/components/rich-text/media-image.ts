/**
 * An image of the media library as the editor inserts it: the full address of its largest
 * fallback file (the newsletter's mails need absolute addresses), its WebP widths as srcset
 * with the column's sizes (the public post picks a width), its width and height (no layout
 * shift) and its alt text. The server keeps srcset for media library files only.
 */
import type { MediaView } from '../../../api/media/contracts';
import { PROSE_IMAGE_SIZES } from '../prose';

export interface EditorImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  srcset: string | null;
  sizes: string | null;
}

const absolute = (address: string, origin: string) => new URL(address, origin).href;

export function mediaImage(
  media: Pick<MediaView, 'src' | 'srcset' | 'srcWidth' | 'srcHeight'>,
  alt: string,
  origin: string,
): EditorImage {
  const srcset = media.srcset
    .split(',')
    .map((candidate) => candidate.trim())
    .filter(Boolean)
    .map((candidate) => {
      const [url = '', width = ''] = candidate.split(/\s+/);
      return `${absolute(url, origin)} ${width}`;
    })
    .join(', ');
  return {
    src: absolute(media.src, origin),
    alt,
    width: media.srcWidth || null,
    height: media.srcHeight || null,
    srcset: srcset || null,
    sizes: srcset ? PROSE_IMAGE_SIZES : null,
  };
}

/** The image files of a drop or a paste (anything else is left to the editor as before). */
export function imageFiles(files: FileList | readonly File[] | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
}
