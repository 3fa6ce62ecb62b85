/**
 * A snapshot file: a first line naming the format, the body (each collection's documents as
 * one JSON array, the plain ones first, then the sealed ones (projectors with `sealedData`)
 * encrypted together with AES-256-GCM under a key kept outside the file, ./keys.ts), then a
 * header line (JSON: which log, which position and event, which projectors at which versions
 * and checkpoints, where each collection's documents are, a SHA-256 of the body, which catches
 * a truncated or damaged file) and a last line with the header's offset.
 *
 * Written to a temporary file, synced, renamed over its final name, and the directory synced:
 * a process killed at any moment leaves either no new snapshot or a whole one.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  type CipherGCM,
} from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from '../read-store/port';

export const SNAPSHOT_FORMAT = 'vial-compare read models snapshot 1';
export const SNAPSHOT_PREFIX = 'snapshot-';
export const SNAPSHOT_SUFFIX = '.snapshot';
export const TEMPORARY_SUFFIX = '.snapshot.tmp';

export interface SnapshotHeader {
  id: string;
  /** The event log's identity (EventSource.storeId). */
  storeId: string;
  /** The newest checkpoint among the projectors in the snapshot, and that event's id. */
  position: string;
  eventId: string;
  createdAt: string;
  /**
   * Every projector of the code that wrote it: its version, its checkpoint, and whether its
   * documents are in the file (false: they live in a file of their own, the audit log).
   */
  projectors: Record<string, { version: number; checkpoint: string; inSnapshot: boolean }>;
  /** Each collection's JSON array: in the plain body, or in the sealed part's plaintext. */
  collections: Array<{ name: string; sealed: boolean; offset: number; bytes: number }>;
  plainBytes: number;
  sealed: { bytes: number; iv: string; tag: string } | null;
  /** SHA-256 of the body (plain bytes, then the sealed ciphertext), hex. */
  sha256: string;
}

/** Lets the event loop run between slices of a long serialisation (requests keep being served). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const SLICE_CHARS = 1 << 20;
/** The last line: where the header starts, as this many decimal digits. */
const TRAILER_DIGITS = 20;

/** A collection's documents as JSON array text, handed to `write` in slices of about a MiB. */
async function serialise(
  docs: readonly Document[],
  write: (slice: Buffer) => Promise<void>,
): Promise<void> {
  let text = '[';
  for (let i = 0; i < docs.length; i++) {
    text += (i === 0 ? '' : ',') + JSON.stringify(docs[i]);
    if (text.length >= SLICE_CHARS) {
      await write(Buffer.from(text, 'utf8'));
      text = '';
      await breathe();
    }
  }
  await write(Buffer.from(`${text}]`, 'utf8'));
}

export interface SnapshotContent {
  header: Omit<SnapshotHeader, 'collections' | 'plainBytes' | 'sealed' | 'sha256'>;
  /** Documents by collection, and whether the collection is sealed. */
  collections: Array<{ name: string; sealed: boolean; docs: readonly Document[] }>;
  /** The key of the sealed part (needed when a collection is sealed). */
  key: Buffer | null;
}

export const snapshotFileName = (position: bigint, id: string): string =>
  `${SNAPSHOT_PREFIX}${position.toString().padStart(20, '0')}-${id}${SNAPSHOT_SUFFIX}`;

/**
 * Writes the snapshot into `dir` (temporary file, sync, rename, directory sync): its path.
 * Each slice is written as it is made (hashed, and encrypted for the sealed part), so the
 * write holds about a MiB besides the documents; the header, which needs the offsets and the
 * hash, goes after the body, and the last line says where it starts.
 */
export async function writeSnapshotFile(dir: string, content: SnapshotContent): Promise<string> {
  const final = path.join(
    dir,
    snapshotFileName(BigInt(content.header.position), content.header.id),
  );
  const temporary = final.slice(0, -SNAPSHOT_SUFFIX.length) + TEMPORARY_SUFFIX;
  const file = await open(temporary, 'w');
  try {
    const hash = createHash('sha256');
    const first = Buffer.from(`${SNAPSHOT_FORMAT}\n`, 'utf8');
    await file.write(first);
    let written = 0;
    const body = async (bytes: Buffer) => {
      if (bytes.length === 0) return;
      hash.update(bytes);
      await file.write(bytes);
      written += bytes.length;
    };
    const collections: SnapshotHeader['collections'] = [];
    // The plain collections first, then the sealed ones: one GCM stream, contiguous.
    const ordered = [
      ...content.collections.filter((c) => !c.sealed),
      ...content.collections.filter((c) => c.sealed),
    ];
    let plainBytes = 0;
    let sealedBytes = 0;
    let cipher: CipherGCM | null = null;
    let iv: Buffer | null = null;
    for (const { name, sealed, docs } of ordered) {
      if (sealed && !cipher) {
        if (!content.key) throw new Error('A snapshot with sealed collections needs a key');
        iv = randomBytes(12);
        cipher = createCipheriv('aes-256-gcm', content.key, iv);
        cipher.setAAD(Buffer.from(content.header.id, 'utf8'));
      }
      let bytes = 0;
      await serialise(docs, async (slice) => {
        bytes += slice.length;
        await body(cipher && sealed ? cipher.update(slice) : slice);
      });
      collections.push({ name, sealed, offset: sealed ? sealedBytes : plainBytes, bytes });
      if (sealed) sealedBytes += bytes;
      else plainBytes += bytes;
    }
    let sealed: SnapshotHeader['sealed'] = null;
    if (cipher && iv) {
      await body(cipher.final());
      sealed = {
        bytes: written - plainBytes,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    }
    const header: SnapshotHeader = {
      ...content.header,
      collections,
      plainBytes,
      sealed,
      sha256: hash.digest('hex'),
    };
    const headerStart = first.length + written + 1;
    await file.write(
      `\n${JSON.stringify(header)}\n${headerStart.toString().padStart(TRAILER_DIGITS, '0')}\n`,
    );
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, final);
  syncDirectory(dir);
  return final;
}

/** Makes a rename in `dir` durable (the directory entry itself). */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Why a snapshot file cannot be read (logged, then an older one or a full replay is used). */
export class UnreadableSnapshot extends Error {}

/** The header alone, and the file's bytes (parsed later, once the header is checked). */
export async function readSnapshotFile(
  file: string,
): Promise<{ header: SnapshotHeader; bytes: Buffer; bodyStart: number; bodyEnd: number }> {
  const bytes = await readFile(file);
  const firstLine = bytes.indexOf(0x0a);
  if (firstLine < 0 || bytes.toString('utf8', 0, firstLine) !== SNAPSHOT_FORMAT) {
    throw new UnreadableSnapshot(
      firstLine < 0 ? 'the file is truncated' : 'not a snapshot of this format',
    );
  }
  const trailerStart = bytes.length - TRAILER_DIGITS - 1;
  const trailer = trailerStart > firstLine ? bytes.toString('utf8', trailerStart) : '';
  if (!/^\d+\n$/.test(trailer)) throw new UnreadableSnapshot('the file is truncated');
  const headerStart = Number(trailer.trim());
  if (
    headerStart <= firstLine + 1 ||
    headerStart >= trailerStart ||
    bytes[headerStart - 1] !== 0x0a
  ) {
    throw new UnreadableSnapshot('the file is truncated or its header misplaced');
  }
  let header: SnapshotHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', headerStart, trailerStart - 1)) as SnapshotHeader;
  } catch {
    throw new UnreadableSnapshot('its header is damaged');
  }
  if (typeof header !== 'object' || header === null || typeof header.sha256 !== 'string') {
    throw new UnreadableSnapshot('its header is damaged');
  }
  return { header, bytes, bodyStart: firstLine + 1, bodyEnd: headerStart - 1 };
}

/**
 * The documents of each collection: the body checked against its hash, the sealed part
 * opened with `key` (null: the key is gone, an erasure; the snapshot is then refused).
 */
export function decodeSnapshotBody(
  read: { header: SnapshotHeader; bytes: Buffer; bodyStart: number; bodyEnd: number },
  key: Buffer | null,
): Map<string, Document[]> {
  const { header, bytes, bodyStart, bodyEnd: end } = read;
  const sealedBytes = header.sealed?.bytes ?? 0;
  if (end !== bodyStart + header.plainBytes + sealedBytes) {
    throw new UnreadableSnapshot('the file is truncated or too long');
  }
  const digest = createHash('sha256').update(bytes.subarray(bodyStart, end)).digest('hex');
  if (digest !== header.sha256) throw new UnreadableSnapshot('its content does not match its hash');
  let opened: Buffer | null = null;
  if (header.sealed) {
    if (!key) {
      throw new UnreadableSnapshot(
        'its key was destroyed (a subscriber was erased after it was taken)',
      );
    }
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        key,
        Buffer.from(header.sealed.iv, 'base64'),
      );
      decipher.setAAD(Buffer.from(header.id, 'utf8'));
      decipher.setAuthTag(Buffer.from(header.sealed.tag, 'base64'));
      const start = bodyStart + header.plainBytes;
      opened = Buffer.concat([decipher.update(bytes.subarray(start, end)), decipher.final()]);
    } catch {
      throw new UnreadableSnapshot('its sealed part does not open with its key');
    }
  }
  const out = new Map<string, Document[]>();
  for (const { name, sealed, offset, bytes: length } of header.collections) {
    const source = sealed ? opened : bytes;
    const start = sealed ? offset : bodyStart + offset;
    if (!source) throw new UnreadableSnapshot(`its collection ${name} is missing`);
    try {
      out.set(name, JSON.parse(source.toString('utf8', start, start + length)) as Document[]);
    } catch {
      throw new UnreadableSnapshot(`its collection ${name} is damaged`);
    }
  }
  return out;
}
