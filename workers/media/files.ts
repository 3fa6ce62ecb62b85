/**
 * The media files store: the re-encoded images' bytes by key (`{mediaId}/{width}.{ext}`).
 * Embedded: files under DATA_DIR/media, each written to a temporary file and renamed (a
 * reader never sees half a file). Distributed: MongoDB GridFS (./gridfs.ts, loaded only by
 * that profile), so every api process serves every file. Both pass tests/media/contract.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredMediaFile {
  bytes: Buffer;
  contentType: string;
}

export interface MediaFiles {
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes and their type, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredMediaFile | null>;
  /** Removes `key` (nothing stored: nothing happens). */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys are path-like names we make ourselves; anything else is a bug, refused loudly. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a media file key: ${JSON.stringify(key)}`);
  return key;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `root`; the content type in a `.type` file beside each. */
export function createDiskMediaFiles(root: string): MediaFiles {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  async function writeAtomically(file: string, data: Buffer | string) {
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // The type first: a file is served only once its bytes are there, and then has its type.
      await writeAtomically(`${file}.type`, contentType);
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}.type`, 'utf8'),
        ]);
        return { bytes, contentType: contentType.trim() };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async close() {},
  };
}
