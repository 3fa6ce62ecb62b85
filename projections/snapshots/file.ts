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
  type DecipherGCM,
} from 'node:crypto';
import { isAscii } from 'node:buffer';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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

/**
 * A collection's documents as JSON array text, handed to `write` in slices of about a MiB.
 * A newline follows each separating comma: JSON.stringify never writes one inside a document,
 * so a reader can cut the array at newlines and parse it a slice at a time (decodeSnapshotBody).
 */
async function serialise(
  docs: readonly Document[],
  write: (slice: Buffer) => Promise<void>,
): Promise<void> {
  let text = '[';
  for (let i = 0; i < docs.length; i++) {
    text += (i === 0 ? '' : ',\n') + JSON.stringify(docs[i]);
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

/** Where a snapshot's parts are: its header read and parsed, its body not read yet. */
export interface SnapshotRead {
  header: SnapshotHeader;
  file: string;
  bodyStart: number;
  bodyEnd: number;
}

/** Bytes read at a time: the body is hashed, opened and parsed slice by slice. */
const READ_CHUNK = 1 << 20;
/**
 * Bytes parsed at a time (each read is parsed in slices this long). A MiB of text was a string
 * of its own in V8's large-object space, in memory mapped afresh for each; 64 KiB texts are
 * ordinary young strings whose memory is reused. A start from a million-event snapshot: median
 * 5.88 s before, 4.90 s with these slices, 4.64 s with textOf's ASCII path too (three interleaved
 * starts each, load ~2.5).
 */
const PARSE_SLICE = 1 << 16;
/** The first line is read in one go this long (the format's name is far shorter). */
const FIRST_LINE_MAX = 4096;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  // Not zero-filled: only the bytes read are returned.
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The header alone (the body stays on disk until decodeSnapshotBody streams it). */
export async function readSnapshotFile(file: string): Promise<SnapshotRead> {
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const head = await readAt(handle, 0, Math.min(size, FIRST_LINE_MAX));
    const firstLine = head.indexOf(0x0a);
    if (firstLine < 0 || head.toString('utf8', 0, firstLine) !== SNAPSHOT_FORMAT) {
      throw new UnreadableSnapshot(
        firstLine < 0 && size <= FIRST_LINE_MAX
          ? 'the file is truncated'
          : 'not a snapshot of this format',
      );
    }
    const trailerStart = size - TRAILER_DIGITS - 1;
    const trailer =
      trailerStart > firstLine
        ? (await readAt(handle, trailerStart, TRAILER_DIGITS + 1)).toString('utf8')
        : '';
    if (!/^\d+\n$/.test(trailer)) throw new UnreadableSnapshot('the file is truncated');
    const headerStart = Number(trailer.trim());
    if (
      headerStart <= firstLine + 1 ||
      headerStart >= trailerStart ||
      (await readAt(handle, headerStart - 1, 1))[0] !== 0x0a
    ) {
      throw new UnreadableSnapshot('the file is truncated or its header misplaced');
    }
    let header: SnapshotHeader;
    try {
      const text = await readAt(handle, headerStart, trailerStart - 1 - headerStart);
      header = JSON.parse(text.toString('utf8')) as SnapshotHeader;
    } catch {
      throw new UnreadableSnapshot('its header is damaged');
    }
    if (typeof header !== 'object' || header === null || typeof header.sha256 !== 'string') {
      throw new UnreadableSnapshot('its header is damaged');
    }
    return { header, file, bodyStart: firstLine + 1, bodyEnd: headerStart - 1 };
  } finally {
    await handle.close();
  }
}

/**
 * The text of consecutive bytes. Most slices of a snapshot are ASCII, copied as they are (latin1)
 * without joining the bytes first: UTF-8 decoding of ASCII measured 4 ms a MiB here, latin1
 * 0.1-0.3. Any other byte: the bytes joined (a character may be split between them) and decoded
 * as UTF-8.
 */
function textOf(parts: readonly Buffer[]): string {
  if (parts.every((part) => isAscii(part)))
    return parts.map((part) => part.toString('latin1')).join('');
  return Buffer.concat(parts).toString('utf8');
}

/**
 * One collection's JSON array, fed in slices: parsed up to each slice's last newline (see
 * `serialise`), so what is held is the documents and less than a slice of text. A file
 * written before the newlines were is parsed whole at its end, as it used to be.
 */
class ArrayParser {
  readonly docs: Document[] = [];
  private pending: Buffer[] = [];
  private started = false;

  feed(bytes: Buffer): void {
    for (let at = 0; at < bytes.length; at += PARSE_SLICE) {
      this.feedSlice(bytes.subarray(at, at + PARSE_SLICE));
    }
  }

  private feedSlice(bytes: Buffer): void {
    const cut = bytes.lastIndexOf(0x0a);
    if (cut < 0) {
      this.pending.push(bytes);
      return;
    }
    this.pending.push(bytes.subarray(0, cut));
    // Documents up to a separating ',\n': '[' at the very start, the ',' at the end.
    let text = textOf(this.pending);
    this.pending = [bytes.subarray(cut + 1)];
    if (!this.started) text = text.slice(1);
    this.started = true;
    this.add(JSON.parse(`[${text.slice(0, -1)}]`));
  }

  end(): void {
    const text = textOf(this.pending);
    this.pending = [];
    this.add(JSON.parse(this.started ? `[${text}` : text));
  }

  private add(parsed: unknown): void {
    if (!Array.isArray(parsed)) throw new Error('not an array');
    for (const doc of parsed) this.docs.push(doc as Document);
  }
}

/**
 * Consecutive collections' arrays in one byte stream (the plain part, or the sealed part's
 * plaintext), each handed to its own parser; the first parse error is kept, not thrown, so
 * that the body's hash is still checked (a damaged byte is told as such, not as bad JSON).
 */
class CollectionStream {
  private index = 0;
  private left: number;
  private parser = new ArrayParser();
  /** The bytes of the current collection when it is one parsed later (`later`). */
  private held: Buffer[] = [];
  readonly out = new Map<string, Document[]>();
  /** The collections parsed later: their whole JSON arrays. */
  readonly unparsed = new Map<string, Buffer>();
  failed: string | null = null;

  constructor(
    private readonly collections: SnapshotHeader['collections'],
    private readonly later: ReadonlySet<string>,
  ) {
    this.left = collections[0]?.bytes ?? 0;
    this.skipEmpty();
  }

  feed(bytes: Buffer): void {
    let rest = bytes;
    while (rest.length > 0) {
      const current = this.collections[this.index];
      if (!current) {
        this.failed ??= 'its body is longer than its collections';
        return;
      }
      const take = Math.min(this.left, rest.length);
      if (this.later.has(current.name)) this.held.push(rest.subarray(0, take));
      else this.guard(current.name, () => this.parser.feed(rest.subarray(0, take)));
      rest = rest.subarray(take);
      this.left -= take;
      if (this.left === 0) this.finishCurrent();
    }
  }

  /** Every collection read to its end: else the body was shorter than its header says. */
  end(): void {
    if (this.index < this.collections.length) {
      this.failed ??= `its collection ${this.collections[this.index]!.name} is missing`;
    }
  }

  private finishCurrent(): void {
    const current = this.collections[this.index]!;
    if (this.later.has(current.name)) {
      // One buffer of its own: the read chunks it was cut from are not held with it.
      this.unparsed.set(current.name, Buffer.concat(this.held));
      this.held = [];
    } else {
      this.guard(current.name, () => this.parser.end());
      this.out.set(current.name, this.parser.docs);
    }
    this.parser = new ArrayParser();
    this.index++;
    this.left = this.collections[this.index]?.bytes ?? 0;
    this.skipEmpty();
  }

  /** A collection of zero bytes (not a valid array: a damaged header). */
  private skipEmpty(): void {
    while (this.index < this.collections.length && this.left === 0) {
      this.failed ??= `its collection ${this.collections[this.index]!.name} is damaged`;
      this.index++;
      this.left = this.collections[this.index]?.bytes ?? 0;
    }
  }

  private guard(name: string, parse: () => void): void {
    if (this.failed) return;
    try {
      parse();
    } catch {
      this.failed = `its collection ${name} is damaged`;
    }
  }
}

/** The collections of one part in the order of their offsets, checked to be contiguous. */
function partOf(
  header: SnapshotHeader,
  sealed: boolean,
  bytes: number,
): SnapshotHeader['collections'] {
  const part = header.collections
    .filter((c) => c.sealed === sealed)
    .sort((a, b) => a.offset - b.offset);
  let at = 0;
  for (const c of part) {
    if (c.offset !== at || !(c.bytes >= 0)) {
      throw new UnreadableSnapshot(`its collection ${c.name} is damaged`);
    }
    at += c.bytes;
  }
  if (at !== bytes) throw new UnreadableSnapshot('its header does not match its body');
  return part;
}

/**
 * SHA-256 of bytes [start, end) of `file`, computed by a thread of its own while this one
 * parses the same bytes: ~0.1 s of a 1,000,000-event start's critical path moved to the other
 * core. Plain JavaScript evaluated as the worker's script (no module to find, built or not).
 */
const HASH_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const { file, start, end } = workerData;
const hash = createHash('sha256');
const buffer = Buffer.allocUnsafe(4 << 20);
const fd = openSync(file, 'r');
try {
  for (let at = start; at < end; ) {
    const n = readSync(fd, buffer, 0, Math.min(buffer.length, end - at), at);
    if (n === 0) break;
    hash.update(buffer.subarray(0, n));
    at += n;
  }
} finally {
  closeSync(fd);
}
parentPort.postMessage(hash.digest('hex'));
`;

/** The body's hash from another thread; null when no thread could be started (hashed here). */
function hashElsewhere(file: string, start: number, end: number): Promise<string> | null {
  let worker: Worker;
  try {
    worker = new Worker(HASH_WORKER, { eval: true, workerData: { file, start, end } });
  } catch {
    return null;
  }
  return new Promise((resolve, reject) => {
    worker.once('message', (digest: string) => resolve(digest));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the hashing thread exited with ${code}`)));
  });
}

/**
 * The documents of each collection, read from the file a slice at a time: the body checked
 * against its hash, the sealed part opened with `key` (null: the key is gone, an erasure; the
 * snapshot is then refused). Nothing is returned before the hash and the seal's tag are both
 * checked; the memory held is the documents, not the file's text as well.
 */
export async function decodeSnapshotBody(
  read: SnapshotRead,
  key: Buffer | null,
): Promise<Map<string, Document[]>> {
  return (await decodeSnapshotParts(read, key, new Set())).documents;
}

/** A snapshot's documents: those parsed now, and those left to parse later. */
export interface DecodedSnapshot {
  documents: Map<string, Document[]>;
  /**
   * The collections named `later`, checked with the rest (hash, seal) but not parsed: each
   * parses its documents when called, a slice per turn of the event loop.
   */
  later: Map<string, () => Promise<Document[]>>;
}

/** Bytes of a collection left for later parsed per turn of the event loop (a few ms each). */
const LATER_SLICE = 1 << 18;

/** decodeSnapshotBody, with the collections named in `later` left unparsed. */
export async function decodeSnapshotParts(
  read: SnapshotRead,
  key: Buffer | null,
  later: ReadonlySet<string>,
): Promise<DecodedSnapshot> {
  const { header, bodyStart, bodyEnd: end } = read;
  const sealedBytes = header.sealed?.bytes ?? 0;
  if (end !== bodyStart + header.plainBytes + sealedBytes) {
    throw new UnreadableSnapshot('the file is truncated or too long');
  }
  const orphan = header.sealed ? undefined : header.collections.find((c) => c.sealed);
  if (orphan) throw new UnreadableSnapshot(`its collection ${orphan.name} is missing`);
  const plain = new CollectionStream(partOf(header, false, header.plainBytes), later);
  const sealedPart = header.sealed
    ? new CollectionStream(partOf(header, true, sealedBytes), later)
    : null;
  let decipher: DecipherGCM | null = null;
  let opens = true;
  if (header.sealed && key) {
    try {
      decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(header.id, 'utf8'));
      decipher.setAuthTag(Buffer.from(header.sealed.tag, 'base64'));
    } catch {
      opens = false;
    }
  }
  const elsewhere = hashElsewhere(read.file, bodyStart, end);
  // Its failure is seen (and told) once the parse is done, not as an unhandled rejection.
  elsewhere?.catch(() => undefined);
  const hash = elsewhere ? null : createHash('sha256');
  const handle = await open(read.file, 'r');
  try {
    const plainEnd = bodyStart + header.plainBytes;
    for (let at = bodyStart; at < end;) {
      const chunk = await readAt(handle, at, Math.min(READ_CHUNK, end - at));
      if (chunk.length === 0) throw new UnreadableSnapshot('the file is truncated');
      hash?.update(chunk);
      const plainLength = Math.max(0, Math.min(chunk.length, plainEnd - at));
      if (plainLength > 0) plain.feed(chunk.subarray(0, plainLength));
      if (plainLength < chunk.length && decipher && opens) {
        try {
          sealedPart?.feed(decipher.update(chunk.subarray(plainLength)));
        } catch {
          opens = false;
        }
      }
      at += chunk.length;
    }
  } finally {
    await handle.close();
  }
  const digest = elsewhere
    ? await elsewhere.catch((error: unknown) => {
        throw new UnreadableSnapshot(`its hash could not be computed: ${String(error)}`);
      })
    : hash?.digest('hex');
  if (digest !== header.sha256) {
    throw new UnreadableSnapshot('its content does not match its hash');
  }
  if (header.sealed) {
    if (!key) {
      throw new UnreadableSnapshot(
        'its key was destroyed (a subscriber was erased after it was taken)',
      );
    }
    try {
      if (!decipher || !opens) throw new Error('no decipher');
      sealedPart?.feed(decipher.final());
    } catch {
      throw new UnreadableSnapshot('its sealed part does not open with its key');
    }
  }
  const out = new Map<string, Document[]>();
  const unparsed = new Map<string, () => Promise<Document[]>>();
  for (const part of [plain, sealedPart]) {
    if (!part) continue;
    part.end();
    if (part.failed) throw new UnreadableSnapshot(part.failed);
    for (const [name, docs] of part.out) out.set(name, docs);
    for (const [name, bytes] of part.unparsed) unparsed.set(name, () => parseLater(name, bytes));
  }
  return { documents: out, later: unparsed };
}

/**
 * A collection's array parsed a slice per turn of the event loop, so requests are answered
 * meanwhile. Its bytes passed the file's hash: a parse error here is a bug of the writer, and
 * is thrown (the collection's users see it) rather than serving it empty.
 */
async function parseLater(name: string, bytes: Buffer): Promise<Document[]> {
  const parser = new ArrayParser();
  try {
    for (let at = 0; at < bytes.length; at += LATER_SLICE) {
      parser.feed(bytes.subarray(at, at + LATER_SLICE));
      await breathe();
    }
    parser.end();
  } catch (error) {
    throw new Error(`The snapshot's collection ${name} could not be parsed: ${String(error)}`);
  }
  return parser.docs;
}
