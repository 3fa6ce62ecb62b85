/**
 * The MediaFiles contract: every adapter (DATA_DIR/media on disk, MongoDB GridFS) must pass this
 * one suite, so uploads, serving and deletes behave the same on both profiles.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaFiles } from '../../../workers/media/files';

export interface MediaFilesFixture {
  files: MediaFiles;
  /** Removes everything the test wrote and releases connections. */
  dispose(): Promise<void>;
}

export function describeMediaFilesContract(
  name: string,
  factory: () => Promise<MediaFilesFixture>,
  skipReason?: string,
): void {
  if (skipReason) console.warn(`MediaFiles contract (${name}) skipped: ${skipReason}`);

  describe.skipIf(Boolean(skipReason))(`MediaFiles contract: ${name}`, () => {
    let fixture: MediaFilesFixture;
    let files: MediaFiles;
    beforeEach(async () => {
      fixture = await factory();
      files = fixture.files;
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    const bytes = (text: string) => Buffer.from(text, 'utf8');

    it('Given nothing stored, when a key is read, then it is null', async () => {
      expect(await files.get('m1/320.webp')).toBeNull();
    });

    it('Given bytes put under a key, when it is read, then the same bytes and content type come back', async () => {
      const data = Buffer.from([0, 1, 2, 253, 254, 255]);
      await files.put('m1/320.webp', data, 'image/webp');
      const stored = await files.get('m1/320.webp');
      expect(stored?.contentType).toBe('image/webp');
      expect(stored?.bytes.equals(data)).toBe(true);
    });

    it('Given a key put twice, when it is read, then the second bytes and type win', async () => {
      await files.put('m1/640.png', bytes('first'), 'image/png');
      await files.put('m1/640.png', bytes('second'), 'image/jpeg');
      const stored = await files.get('m1/640.png');
      expect(stored?.bytes.toString()).toBe('second');
      expect(stored?.contentType).toBe('image/jpeg');
    });

    it('Given two keys of one image, when one is deleted, then only the other remains', async () => {
      await files.put('m2/320.webp', bytes('small'), 'image/webp');
      await files.put('m2/640.webp', bytes('large'), 'image/webp');
      await files.delete('m2/320.webp');
      expect(await files.get('m2/320.webp')).toBeNull();
      expect((await files.get('m2/640.webp'))?.bytes.toString()).toBe('large');
    });

    it('Given nothing stored, when a key is deleted, then nothing happens', async () => {
      await expect(files.delete('m3/320.webp')).resolves.toBeUndefined();
    });

    it('Given a key that could leave the store (.., an absolute path), when it is used, then it is refused', async () => {
      await expect(files.put('../escape.webp', bytes('x'), 'image/webp')).rejects.toThrow(
        /Not a media file key/,
      );
      await expect(files.get('/etc/passwd')).rejects.toThrow(/Not a media file key/);
      await expect(files.delete('m1/../../x.png')).rejects.toThrow(/Not a media file key/);
    });

    it('Given a large file (3 MB, several GridFS chunks), when it is read, then every byte comes back', async () => {
      const data = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < data.length; i++) data[i] = i % 251;
      await files.put('m4/1600.jpg', data, 'image/jpeg');
      expect((await files.get('m4/1600.jpg'))?.bytes.equals(data)).toBe(true);
    });
  });
}
