import type { MediaView } from '../../../api/media/contracts';

/** What an image needs to be drawn: the library's MediaView has it all. */
export type ResponsiveMedia = Pick<MediaView, 'src' | 'srcset' | 'srcWidth' | 'srcHeight'>;

/**
 * A library image with its WebP widths in `srcset` (the browser picks by `sizes`), the JPEG or
 * PNG fallback as `src`, its width and height (no layout shift) and lazy loading.
 */
export function ResponsiveImage({
  media,
  alt,
  sizes,
  className,
  eager = false,
}: {
  media: ResponsiveMedia;
  /** '' for a decorative image. */
  alt: string;
  /** How wide the image is drawn ('(min-width: 1024px) 50vw, 100vw'). */
  sizes: string;
  className?: string;
  /** The largest image above the fold: load it at once. */
  eager?: boolean;
}) {
  return (
    <img
      src={media.src}
      srcSet={media.srcset || undefined}
      sizes={sizes}
      width={media.srcWidth}
      height={media.srcHeight}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
