/**
 * Media over HTTP, on the app started for real with real sharp: an administrator uploads
 * images (checked by content, re-encoded into widths), the site serves the variants, the alt
 * text is edited, an image is deleted. Bad input is a clear 4xx naming the field, never a 5xx.
 */
import { request as httpRequest } from 'node:http';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type MediaPage, type MediaView } from '../../../api/media/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'media@example.com';
const PASSWORD = 'a long test password 1';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const transparentPng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

describe('Given an administrator and an empty media library', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;

  const upload = (bytes: Buffer, name: string, type: string, alt?: string) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    if (alt !== undefined) form.set('alt', alt);
    return fetch(`${base}/api/admin/media`, {
      method: 'POST',
      headers: { Origin: base, Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken },
      body: form,
    });
  };
  const uploaded = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as MediaView;
  };
  const list = async (q = '') => {
    const response = await request(
      base,
      `/api/admin/media${q ? `?q=${encodeURIComponent(q)}` : ''}`,
      {
        session,
      },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as MediaPage;
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-media-' });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When nobody is signed in, then the library and the upload answer 401', async () => {
    expect((await request(base, '/api/admin/media')).status).toBe(401);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await photo(10, 10))]), 'a.jpg');
    const response = await fetch(`${base}/api/admin/media`, {
      method: 'POST',
      headers: { Origin: base },
      body: form,
    });
    expect(response.status).toBe(401);
  });

  it('When a 2000 px photo is uploaded, then it is stored as WebP at 320, 640, 1024 and 1600 px plus one JPEG, served for a year', async () => {
    const media = await uploaded(
      await upload(await photo(2000, 1000), 'beach.jpg', 'image/jpeg', 'A beach'),
    );
    expect(media).toMatchObject({
      fileName: 'beach.jpg',
      mime: 'image/jpeg',
      width: 2000,
      height: 1000,
      alt: 'A beach',
      srcWidth: 1600,
      srcHeight: 800,
    });
    expect(media.variants.map((v) => [v.format, v.width])).toEqual([
      ['webp', 320],
      ['webp', 640],
      ['webp', 1024],
      ['webp', 1600],
      ['jpeg', 1600],
    ]);
    expect(media.srcset).toBe(
      [320, 640, 1024, 1600].map((w) => `/media/${media.id}/${w}.webp ${w}w`).join(', '),
    );
    expect(media.src).toBe(`/media/${media.id}/1600.jpg`);

    const small = await fetch(`${base}/media/${media.id}/320.webp`);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    const fallback = await fetch(`${base}${media.src}`);
    expect(fallback.headers.get('content-type')).toBe('image/jpeg');
  });

  it('When a photo carries EXIF (rotated a quarter turn), then it is stored upright and without its metadata', async () => {
    const rotated = await sharp(await photo(200, 100))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(rotated).metadata()).exif).toBeDefined();
    const media = await uploaded(await upload(rotated, 'phone.jpg', 'image/jpeg'));
    expect([media.width, media.height]).toEqual([100, 200]);
    expect(media.variants.map((v) => [v.format, v.width])).toEqual([
      ['webp', 100],
      ['jpeg', 100],
    ]);
    const served = Buffer.from(await (await fetch(`${base}${media.src}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      100,
      200,
      undefined,
      undefined,
    ]);
  });

  it('When a transparent PNG is named .jpg and declared image/jpeg, then it is taken as the PNG it is, never upscaled, with a PNG fallback', async () => {
    const media = await uploaded(
      await upload(await transparentPng(500, 300), 'logo.jpg', 'image/jpeg'),
    );
    expect(media.mime).toBe('image/png');
    expect(media.variants.map((v) => [v.format, v.width])).toEqual([
      ['webp', 320],
      ['webp', 500],
      ['png', 500],
    ]);
  });

  it('When a GIF or an AVIF is uploaded, then each is accepted by its content', async () => {
    const gif = await sharp(await transparentPng(40, 30))
      .gif()
      .toBuffer();
    expect((await uploaded(await upload(gif, 'anim.gif', 'image/gif'))).mime).toBe('image/gif');
    const avif = await sharp(await photo(60, 40))
      .avif()
      .toBuffer();
    const media = await uploaded(await upload(avif, 'a.avif', 'image/avif'));
    expect(media.mime).toBe('image/avif');
    expect(media.variants.map((v) => v.format)).toEqual(['webp', 'jpeg']);
  });

  it.each([
    ['an SVG declared as image/png', SVG, 'pic.png', 'image/png', 415, MEDIA_MESSAGES.svg],
    [
      'a text file',
      Buffer.from('hello, not an image'),
      'notes.png',
      'image/png',
      415,
      MEDIA_MESSAGES.notImage,
    ],
    ['an empty file', Buffer.alloc(0), 'broken.png', 'image/png', 400, MEDIA_MESSAGES.noFile],
  ])(
    'When %s is uploaded, then it is refused with a message naming the file',
    async (_name, bytes, fileName, type, status, message) => {
      const response = await upload(bytes, fileName, type);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: message, fields: { file: message } });
    },
  );

  it('When a PNG whose pixels are cut off is uploaded, then it answers 400: the image could not be read', async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await upload(png.subarray(0, 2000), 'cut.png', 'image/png');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(MEDIA_MESSAGES.broken);
  });

  it('When a small PNG declares 20,000 × 20,000 pixels, then it is refused before it is decoded', async () => {
    // A real PNG whose header is rewritten to claim 400 megapixels (its CRC fixed): a
    // decompression bomb's shape, refused from the header alone.
    const png = Buffer.from(await transparentPng(4, 4));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const response = await upload(png, 'bomb.png', 'image/png');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      'The image is 20000 × 20000 pixels: the limit is 50 megapixels.',
    );
  });

  it('When the alt text is too long or spans lines, then the upload answers 400 naming alt and stores nothing', async () => {
    const before = (await list()).total;
    const long = await upload(await photo(20, 20), 'a.jpg', 'image/jpeg', 'x'.repeat(251));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fields: Record<string, string> }).fields.alt).toBe(
      'Alt text must be at most 250 characters',
    );
    const lines = await upload(await photo(20, 20), 'a.jpg', 'image/jpeg', 'one\ntwo');
    expect(lines.status).toBe(400);
    expect(((await lines.json()) as { fields: Record<string, string> }).fields.alt).toBe(
      'Alt text must be a single line',
    );
    expect((await list()).total).toBe(before);
  });

  it('When the form has no file, two files or is not multipart, then it answers 400 or 415 with a clear message', async () => {
    const empty = new FormData();
    empty.set('alt', 'nothing');
    const headers = { Origin: base, Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken };
    const none = await fetch(`${base}/api/admin/media`, { method: 'POST', headers, body: empty });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toBe(MEDIA_MESSAGES.noFile);

    const two = new FormData();
    const jpeg = new Uint8Array(await photo(10, 10));
    two.append('file', new Blob([jpeg]), 'a.jpg');
    two.append('file', new Blob([jpeg]), 'b.jpg');
    const both = await fetch(`${base}/api/admin/media`, { method: 'POST', headers, body: two });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: string }).error).toBe(MEDIA_MESSAGES.oneFile);

    const json = await request(base, '/api/admin/media', { session, json: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: string }).error).toMatch(/multipart\/form-data/);
  });

  it('When another admin route is sent a multipart body, then it still answers 415 (only the upload takes files)', async () => {
    const form = new FormData();
    form.set('keyword', 'x');
    const response = await fetch(`${base}/api/admin/keywords`, {
      method: 'POST',
      headers: { Origin: base, Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken },
      body: form,
    });
    expect(response.status).toBe(415);
  });

  it('When an upload announces 14.2 MB, then it answers 413 at once, before the body is sent', async () => {
    const url = new URL(base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/admin/media',
          method: 'POST',
          headers: {
            Origin: base,
            Cookie: session.cookie,
            'X-CSRF-Token': session.csrfToken,
            'Content-Type': 'multipart/form-data; boundary=xyz',
            'Content-Length': String(Math.round(14.2 * 1024 * 1024)),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      // Only the first bytes: the answer must not wait for the other 14 MB.
      req.write('--xyz\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'The image is 14.2 MB: the limit is 10 MB.',
    });
  });

  it('When an upload without a length runs past 10 MB, then it is cut off with 413', async () => {
    const url = new URL(base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/admin/media',
          method: 'POST',
          headers: {
            Origin: base,
            Cookie: session.cookie,
            'X-CSRF-Token': session.csrfToken,
            'Content-Type': 'multipart/form-data; boundary=xyz',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', () => {});
      req.write(
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      );
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 12 && !req.destroyed) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
      setTimeout(() => reject(new Error('no answer')), 15_000).unref();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'The image is larger than 10 MB: the limit is 10 MB.',
    });
  });

  it('When the library is searched, its alt text edited and an image deleted, then the list, the files and the audit follow', async () => {
    const media = await uploaded(
      await upload(await photo(700, 350), 'Harbour view.jpg', 'image/jpeg'),
    );
    expect((await list('harbour')).rows.map((m) => m.id)).toEqual([media.id]);
    expect((await list('beach')).rows.map((m) => m.fileName)).toEqual(['beach.jpg']);

    const edited = await request(base, `/api/admin/media/${media.id}/alt`, {
      session,
      method: 'PUT',
      json: { alt: '  Boats in the harbour at dusk ' },
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as MediaView).alt).toBe('Boats in the harbour at dusk');
    expect((await list('dusk')).rows.map((m) => m.id)).toEqual([media.id]);

    const bad = await request(base, `/api/admin/media/${media.id}/alt`, {
      session,
      method: 'PUT',
      json: { alt: 42 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.alt).toBe(
      'Alt text must be text',
    );

    const deleted = await request(base, `/api/admin/media/${media.id}`, {
      session,
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect((await list('harbour')).total).toBe(0);
    expect((await fetch(`${base}/media/${media.id}/320.webp`)).status).toBe(404);
    const again = await request(base, `/api/admin/media/${media.id}`, {
      session,
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe(MEDIA_MESSAGES.notFound);

    const audit = await (await request(base, '/api/admin/audit?q=Harbour', { session })).text();
    expect(audit).toContain('Uploaded the image');
  });

  it('When a file that does not exist is asked for, then it answers 404', async () => {
    const [first] = (await list()).rows;
    expect((await fetch(`${base}/media/nope/320.webp`)).status).toBe(404);
    expect((await fetch(`${base}/media/${first?.id}/321.webp`)).status).toBe(404);
    expect((await fetch(`${base}/media/${first?.id}/320.gif`)).status).toBe(404);
  });
});
