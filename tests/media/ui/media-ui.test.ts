/**
 * The media pieces other screens use, rendered as the server renders them: <ResponsiveImage>
 * (src, srcset, sizes, width, height, lazy) from a library image as the API answers it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mediaView } from '../../../api/media/views';
import type { MediaDoc } from '../../../projections/media';
import { ResponsiveImage } from '../../../web/components/media/responsive-image';

const doc = (width: number, height: number, variants: MediaDoc['variants']): MediaDoc => ({
  _id: 'm1',
  fileName: 'beach.jpg',
  mime: 'image/jpeg',
  width,
  height,
  bytes: 2_000_000,
  variants,
  alt: 'A beach',
  searchText: 'beach.jpg\na beach',
  uploadedAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-01T10:00:00.000Z',
});
const webp = (w: number) => ({ width: w, format: 'webp' as const, bytes: 10, key: `m1/${w}.webp` });

describe('mediaView: what an <img> needs, from the stored variants', () => {
  it.each([
    [
      'a 2000 x 1000 photo',
      doc(2000, 1000, [
        webp(320),
        webp(640),
        webp(1024),
        webp(1600),
        { width: 1600, format: 'jpeg', bytes: 20, key: 'm1/1600.jpg' },
      ]),
      {
        src: '/media/m1/1600.jpg',
        srcset:
          '/media/m1/320.webp 320w, /media/m1/640.webp 640w, /media/m1/1024.webp 1024w, /media/m1/1600.webp 1600w',
        srcWidth: 1600,
        srcHeight: 800,
      },
    ],
    [
      'a 500 x 333 transparent PNG',
      doc(500, 333, [
        webp(320),
        webp(500),
        { width: 500, format: 'png', bytes: 20, key: 'm1/500.png' },
      ]),
      {
        src: '/media/m1/500.png',
        srcset: '/media/m1/320.webp 320w, /media/m1/500.webp 500w',
        srcWidth: 500,
        srcHeight: 333,
      },
    ],
  ])('%s', (_name, stored, expected) => {
    expect(mediaView(stored)).toMatchObject(expected);
  });
});

describe('<ResponsiveImage>', () => {
  const media = mediaView(
    doc(800, 600, [
      webp(320),
      webp(640),
      webp(800),
      { width: 800, format: 'jpeg', bytes: 1, key: 'm1/800.jpg' },
    ]),
  );

  it('renders src, srcset, sizes, width, height and lazy loading', () => {
    const html = renderToStaticMarkup(
      createElement(ResponsiveImage, {
        media,
        alt: 'A beach',
        sizes: '(min-width: 1024px) 50vw, 100vw',
      }),
    );
    expect(html).toBe(
      '<img src="/media/m1/800.jpg" srcSet="/media/m1/320.webp 320w, /media/m1/640.webp 640w, /media/m1/800.webp 800w" sizes="(min-width: 1024px) 50vw, 100vw" width="800" height="600" alt="A beach" loading="lazy" decoding="async"/>',
    );
  });

  it('loads the image above the fold at once when asked', () => {
    const html = renderToStaticMarkup(
      createElement(ResponsiveImage, { media, alt: '', sizes: '100vw', eager: true }),
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('alt=""');
  });
});
