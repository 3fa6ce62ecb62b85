/**
 * A snapshot file read back a slice at a time (projections/snapshots/file.ts): every document
 * comes back as it was written, whatever falls on a slice's edge (a multi-byte character, an
 * escaped newline, a collection's end), files written before the newlines between documents
 * still read, and a damaged, shortened or wrongly keyed file is refused with its reason.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Document } from '../../../projections/read-store/port';
import {
  decodeSnapshotBody,
  decodeSnapshotParts,
  readSnapshotFile,
  SNAPSHOT_FORMAT,
  writeSnapshotFile,
  type SnapshotContent,
} from '../../../projections/snapshots/file';

const dir = mkdtempSync(path.join(tmpdir(), 'vial-snapshot-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header = (id: string): SnapshotContent['header'] => ({
  id,
  storeId: 'log-1',
  position: '42',
  eventId: 'event-42',
  createdAt: '2026-11-26T00:00:00.000Z',
  projectors: {},
});

/** Documents large enough to cross the reader's 1 MiB slices many times. */
function documents(count: number, seed: string): Document[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `${seed}-${i}`,
    // Multi-byte characters, escaped newlines and quotes: what a slice edge may fall inside.
    name: `Clinic ${i} — Zürich «${'é'.repeat(i % 7)}»\nline two "quoted" \\ ${'€'.repeat(i % 5)}`,
    prices: [{ medication: 'semaglutide', monthly: 199 + (i % 50) }],
    active: i % 3 !== 0,
    note: i % 11 === 0 ? null : 'x'.repeat(i % 300),
  }));
}

const key = randomBytes(32);
let files = 0;

async function written(collections: SnapshotContent['collections']): Promise<string> {
  const id = `snap-${++files}`;
  const sub = mkdtempSync(path.join(dir, 'case-'));
  return writeSnapshotFile(sub, { header: header(id), collections, key });
}

describe('a snapshot read a slice at a time', () => {
  it.each([
    { case: 'plain collections only', sealed: false },
    { case: 'plain and sealed collections', sealed: true },
  ])('returns every document as written: $case', async ({ sealed }) => {
    // Given collections of several MiB, one empty, the last one sealed or not
    const big = documents(12_000, 'big');
    const collections: SnapshotContent['collections'] = [
      { name: 'providers', sealed: false, docs: big },
      { name: 'empty', sealed: false, docs: [] },
      { name: 'one', sealed: false, docs: documents(1, 'one') },
      { name: 'subscriber_addresses', sealed, docs: documents(9_000, 'addr') },
    ];
    const file = await written(collections);

    // When it is read back
    const read = await readSnapshotFile(file);
    const out = await decodeSnapshotBody(read, key);

    // Then each collection holds exactly its documents, in order
    for (const c of collections) expect(out.get(c.name)).toEqual(c.docs);
    // and the sealed documents are not in the file's bytes
    if (sealed) expect(readFileSync(file).includes('addr-8999')).toBe(false);
  });

  it('leaves the collections named for later unparsed, and parses them as written when asked', async () => {
    // Given plain and sealed collections of several MiB
    const collections: SnapshotContent['collections'] = [
      { name: 'providers', sealed: false, docs: documents(6_000, 'big') },
      { name: 'admin_providers', sealed: false, docs: documents(7_000, 'admin') },
      { name: 'empty', sealed: false, docs: [] },
      { name: 'subscriber_addresses', sealed: true, docs: documents(9_000, 'addr') },
    ];
    const file = await written(collections);

    // When it is read with two of them (one plain, one sealed) and an empty one left for later
    const later = new Set(['admin_providers', 'subscriber_addresses', 'empty']);
    const out = await decodeSnapshotParts(await readSnapshotFile(file), key, later);

    // Then the others are parsed now, those are not, and each parses to its documents
    expect([...out.documents.keys()]).toEqual(['providers']);
    expect(out.documents.get('providers')).toEqual(collections[0]!.docs);
    expect([...out.later.keys()].sort()).toEqual([...later].sort());
    for (const c of collections.filter((c) => later.has(c.name))) {
      expect(await out.later.get(c.name)!()).toEqual(c.docs);
    }
  });

  it('refuses a damaged file before anything is left for later', async () => {
    const file = await written([
      { name: 'providers', sealed: false, docs: documents(2_000, 'p') },
      { name: 'admin_providers', sealed: false, docs: documents(2_000, 'a') },
    ]);
    const bytes = readFileSync(file);
    const inAdmin = bytes.lastIndexOf('a-1999');
    bytes[inAdmin] = bytes[inAdmin]! ^ 0x01;
    writeFileSync(file, bytes);
    await expect(
      decodeSnapshotParts(await readSnapshotFile(file), key, new Set(['admin_providers'])),
    ).rejects.toThrow(/does not match its hash/);
  });

  it('returns mostly-ASCII documents as written, a multi-byte character on any edge included', async () => {
    // Given ASCII documents (read on the fast path) with, here and there, one that is not, and
    // documents longer than the reader's slices: ASCII, and of 3-byte characters whose edges
    // fall inside a character
    const docs: Document[] = Array.from({ length: 20_000 }, (_, i) => ({
      _id: `ascii-${i}`,
      name: i % 997 === 0 ? `Clinic ${i} — Zürich` : `Clinic ${i}`,
      note: 'x'.repeat(i % 400),
    }));
    docs.splice(5_000, 0, { _id: 'long-ascii', text: 'a'.repeat(300_000) });
    docs.splice(12_000, 0, { _id: 'long-euro', text: '€'.repeat(100_001) });
    const collections: SnapshotContent['collections'] = [
      { name: 'providers', sealed: false, docs },
      { name: 'subscriber_addresses', sealed: true, docs: docs.slice(0, 6_000) },
    ];
    const file = await written(collections);

    // When it is read back, then each collection holds exactly its documents
    const out = await decodeSnapshotBody(await readSnapshotFile(file), key);
    for (const c of collections) expect(out.get(c.name)).toEqual(c.docs);
  });

  it('reads a file written before documents were separated by newlines', async () => {
    // Given a file whose arrays are one line each (as snapshots were written until now)
    const docs = documents(3_000, 'old');
    const file = await written([{ name: 'providers', sealed: false, docs }]);
    const read = await readSnapshotFile(file);
    const bytes = readFileSync(file);
    const body = bytes.subarray(read.bodyStart, read.bodyEnd);
    const oneLine = Buffer.from(body.toString('utf8').replaceAll(',\n', ','), 'utf8');
    const headerOut = {
      ...read.header,
      collections: [{ name: 'providers', sealed: false, offset: 0, bytes: oneLine.length }],
      plainBytes: oneLine.length,
      sha256: createHash('sha256').update(oneLine).digest('hex'),
    };
    const first = Buffer.from(`${SNAPSHOT_FORMAT}\n`, 'utf8');
    const headerStart = first.length + oneLine.length + 1;
    const old = Buffer.concat([
      first,
      oneLine,
      Buffer.from(
        `\n${JSON.stringify(headerOut)}\n${String(headerStart).padStart(20, '0')}\n`,
        'utf8',
      ),
    ]);
    expect(old.includes(',\n')).toBe(false);
    writeFileSync(file, old);

    // When it is read, then its documents come back
    const out = await decodeSnapshotBody(await readSnapshotFile(file), null);
    expect(out.get('providers')).toEqual(docs);
  });

  const spoiled: Array<{
    case: string;
    spoil: (bytes: Buffer, read: Awaited<ReturnType<typeof readSnapshotFile>>) => Buffer;
    key?: Buffer | null;
    reason: RegExp;
  }> = [
    {
      case: 'a byte of the plain part damaged',
      spoil: (bytes, read) => flip(bytes, read.bodyStart + 1_500_000),
      reason: /does not match its hash/,
    },
    {
      case: 'a byte of the sealed part damaged',
      spoil: (bytes, read) => flip(bytes, read.bodyEnd - 10),
      reason: /does not match its hash/,
    },
    {
      case: 'a comma of the plain part turned into a brace, hash recomputed',
      spoil: (bytes, read) =>
        rehash(bytes, read, bytes.indexOf(',\n', read.bodyStart + 2_000_000), 0x7d),
      reason: /its collection providers is damaged/,
    },
    {
      case: 'the file cut in half',
      spoil: (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)),
      reason: /truncated/,
    },
    {
      case: 'another format on the first line',
      spoil: (bytes) => Buffer.concat([Buffer.from('something else\n'), bytes]),
      reason: /not a snapshot of this format/,
    },
    {
      case: 'its key destroyed',
      spoil: (bytes) => bytes,
      key: null,
      reason: /key was destroyed/,
    },
    {
      case: 'another key',
      spoil: (bytes) => bytes,
      key: randomBytes(32),
      reason: /does not open with its key/,
    },
  ];

  it.each(spoiled)('refuses it when $case', async ({ spoil, key: givenKey, reason }) => {
    // Given a snapshot of several MiB with a sealed part, spoiled
    const file = await written([
      { name: 'providers', sealed: false, docs: documents(12_000, 'p') },
      { name: 'subscriber_addresses', sealed: true, docs: documents(2_000, 's') },
    ]);
    const read = await readSnapshotFile(file);
    writeFileSync(file, spoil(readFileSync(file), read));

    // When it is read, then it is refused with the reason
    await expect(
      (async () =>
        decodeSnapshotBody(
          await readSnapshotFile(file),
          givenKey === undefined ? key : givenKey,
        ))(),
    ).rejects.toThrow(reason);
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

/** One byte changed and the header's hash made to match again (JSON damaged, not bytes). */
function rehash(
  bytes: Buffer,
  read: Awaited<ReturnType<typeof readSnapshotFile>>,
  at: number,
  value: number,
): Buffer {
  const body = Buffer.from(bytes.subarray(read.bodyStart, read.bodyEnd));
  body[at - read.bodyStart] = value;
  const header = { ...read.header, sha256: createHash('sha256').update(body).digest('hex') };
  const first = bytes.subarray(0, read.bodyStart);
  const headerStart = read.bodyStart + body.length + 1;
  return Buffer.concat([
    first,
    body,
    Buffer.from(`\n${JSON.stringify(header)}\n${String(headerStart).padStart(20, '0')}\n`, 'utf8'),
  ]);
}
