/**
 * The library's read model as Given events / Then queries: newest first, searched by name and
 * alt text (case-insensitive, literal), the alt text edited, deleted images gone; the audit log
 * names each change.
 */
import { describe, expect, it } from 'vitest';
import type { MediaUploadedData } from '../../../domain/media/events';
import { mediaProjector, mediaQueries } from '../../../projections/media';
import { history, type History } from '../../support/events';
import { appProjector, project } from '../../support/projections';

const at = (day: number) => `2026-04-${String(day).padStart(2, '0')}T10:00:00.000Z`;

const image = (mediaId: string, fileName: string, alt = ''): MediaUploadedData => ({
  mediaId,
  fileName,
  mime: 'image/png',
  width: 400,
  height: 200,
  bytes: 1000,
  variants: [{ width: 320, format: 'webp', bytes: 100, key: `${mediaId}/320.webp` }],
  alt,
});

function upload(h: History, data: MediaUploadedData, day: number) {
  h.add(`media-${data.mediaId}`, 'MediaUploaded', data, { occurredAt: at(day) });
}

async function given(h: History) {
  return mediaQueries(await project(mediaProjector, h.events));
}
const names = (page: { rows: { fileName: string }[] }) => page.rows.map((r) => r.fileName);

describe('Given three uploads on three days', () => {
  const h = history();
  upload(h, image('a', 'Logo.png', 'Acme Health logo'), 1);
  upload(h, image('b', 'beach.jpg'), 2);
  upload(h, image('c', 'a+b (1).png', 'Price chart'), 3);

  it('then the library lists them newest first', async () => {
    const q = await given(h);
    expect(names(await q.mediaPage({ page: 1, pageSize: 48 }))).toEqual([
      'a+b (1).png',
      'beach.jpg',
      'Logo.png',
    ]);
  });

  it.each([
    ['logo', ['Logo.png']],
    ['ACME', ['Logo.png']],
    ['chart', ['a+b (1).png']],
    ['a+b (1)', ['a+b (1).png']],
    ['nothing like it', []],
  ])('then searching %j finds %j (name or alt text, literally)', async (search, found) => {
    const q = await given(h);
    expect(names(await q.mediaPage({ q: search, page: 1, pageSize: 48 }))).toEqual(found);
  });

  it('then a page holds pageSize rows and the total counts all matches', async () => {
    const q = await given(h);
    const page = await q.mediaPage({ page: 2, pageSize: 2 });
    expect([names(page), page.total]).toEqual([['Logo.png'], 3]);
  });
});

describe('Given an upload whose alt text is changed, and another deleted', () => {
  const h = history();
  upload(h, image('a', 'harbour.jpg'), 1);
  upload(h, image('b', 'old.png'), 2);
  h.add(
    'media-a',
    'MediaAltTextChanged',
    { mediaId: 'a', alt: 'Boats at dusk' },
    { occurredAt: at(3) },
  );
  h.add('media-b', 'MediaDeleted', { mediaId: 'b' }, { occurredAt: at(4) });

  it('then the image shows its new alt text, is found by it, and the deleted one is gone', async () => {
    const q = await given(h);
    expect(await q.mediaItem('a')).toMatchObject({ alt: 'Boats at dusk', updatedAt: at(3) });
    expect(names(await q.mediaPage({ q: 'dusk', page: 1, pageSize: 48 }))).toEqual(['harbour.jpg']);
    expect(await q.mediaItem('b')).toBeNull();
  });

  it('then the audit log says what happened to which image, the alt text before and after', async () => {
    const store = await project(appProjector('audit_log'), h.events);
    const entries = await store.collection('audit_log').find({}, { sort: { position: 1 } });
    expect(entries.map((e) => e.summary)).toEqual([
      'Uploaded the image "harbour.jpg"',
      'Uploaded the image "old.png"',
      'Changed the alt text of the image "harbour.jpg"',
      'Deleted the image "old.png"',
    ]);
    expect(entries[2]?.changes).toEqual([
      { field: 'alt', before: 'No alt text', after: 'Boats at dusk' },
    ]);
  });
});
