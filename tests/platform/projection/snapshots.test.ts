/**
 * Snapshots of the embedded read models (projections/snapshots): a start loads the newest
 * valid snapshot and replays only the events after it, and ends with exactly the read models a
 * replay of the whole log makes; a snapshot that does not fit (another log, another projector
 * version, damaged, past the log's head, another event at its position) is ignored with a log
 * line and the start replays the whole log; a process killed while writing one never makes a
 * start serve wrong data; an erased subscriber's address is never readable in a snapshot.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuild } from '../../../projections/rebuild';
import { MemoryReadStore, type ReadStore } from '../../../projections/read-store';
import { decodeSnapshotBody, readSnapshotFile } from '../../../projections/snapshots/file';
import {
  discardSnapshots,
  SnapshotKeys,
  Snapshots,
  SNAPSHOT_KEYS_FILE,
} from '../../../projections/snapshots';
import {
  appProjectors,
  openBackend,
  openEventLog,
  type Backend,
} from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { writeMillionHistory } from '../../../scripts/bench/million-history';

const SECRET = 'snapshot test unsubscribe secret, forty chars';
const CHILD = path.join(import.meta.dirname, 'snapshot-writing-child.ts');
const system = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'test' };

let root: string;
/** A log of every kind of event (providers, posts, subscribers, submissions, keywords). */
let baseLog: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vial-snapshots-'));
  baseLog = path.join(root, 'base-events.sqlite');
  await writeMillionHistory(baseLog, {
    events: 3_000,
    subscribers: 300,
    providers: 12,
    editsPerProvider: 20,
    posts: 40,
    submissions: 90,
    keywords: 30,
  });
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A DATA_DIR holding a copy of the base log. */
function dataDirWithLog(): string {
  const dir = path.join(root, `data-${++dirs}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(baseLog, path.join(dir, 'events.sqlite'));
  return dir;
}

const configOf = (dir: string) =>
  loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    UNSUBSCRIBE_SECRET: SECRET,
  });

/** The backend started on `dir`, with its log lines (JSON) collected. */
async function start(dir: string): Promise<{ backend: Backend; lines: string[] }> {
  const lines: string[] = [];
  const backend = await openBackend(
    configOf(dir),
    createLogger({ level: 'info', write: (line) => lines.push(line) }),
  );
  // Ready as /readyz says it: every projector has applied the log's last event.
  const head = await backend.eventStore.headPosition();
  expect(await backend.waitForProjections(head.toString(), 10_000)).toBe(true);
  return { backend, lines };
}

/** Every projector's documents (by collection, in _id order) and checkpoints. */
async function everything(store: ReadStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const projectors = appProjectors();
  for (const name of projectors.flatMap((p) => p.collections)) {
    const docs = await store.collection(name).find({});
    out[name] = docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }
  out.checkpoints = await store.getCheckpoints(projectors.map((p) => p.name));
  return out;
}

/** What a replay of the whole log of `dir` into fresh read models makes. */
async function fullReplayOf(dir: string): Promise<Record<string, unknown>> {
  const log = await openEventLog(configOf(dir));
  try {
    const store = new MemoryReadStore();
    await rebuild(store, log, appProjectors());
    return await everything(store);
  } finally {
    await log.close();
  }
}

const snapshotFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('snapshot-') && name.endsWith('.snapshot'))
    .map((name) => path.join(dir, name));

const logged = (lines: string[], message: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === message);

/**
 * A few events after the snapshot: a content change, a subscription, a provider's featuring,
 * score and removal (the ranking, city pages, search, audit log and dashboard move too).
 */
async function someMoreEvents(backend: Backend, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const email = `tail-${n}-${i}@example.com`;
    const providerId = `bench-provider-${i}`;
    const results = [
      await backend.bus.dispatch(
        { type: 'RecomputeVialScore', providerId, reason: 'requested' },
        system,
      ),
      await backend.bus.dispatch(
        { type: 'SetProviderFeatured', providerId, featured: i % 2 === 0 },
        system,
      ),
      ...(i === 0
        ? [await backend.bus.dispatch({ type: 'RemoveProvider', providerId }, system)]
        : []),
      await backend.bus.dispatch(
        { type: 'SetSiteContent', key: 'newsletter_footer', content: `Footer ${i}`, active: true },
        system,
      ),
      await backend.bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email,
          subscriptionId: await backend.subscribers.idFor(email),
        },
        { actor: { kind: 'visitor', id: 'anonymous' }, correlationId: 'test' },
      ),
    ];
    await backend.waitForProjections(results.at(-1)!.position);
  }
}

describe('projector versions', () => {
  it('every projector declares the version of what it writes (a snapshot records it)', () => {
    expect(
      appProjectors()
        .filter((p) => p.version === undefined)
        .map((p) => p.name),
    ).toEqual([]);
  });
});

describe('a start from a snapshot', () => {
  it('loads it, replays only the events after it, and ends with the read models of a full replay', async () => {
    // Given a log, read models replayed once and a snapshot of them, then more events
    const dir = dataDirWithLog();
    const first = await start(dir);
    const written = await first.backend.snapshot!();
    expect(written?.position).toBe(3_000n);
    await someMoreEvents(first.backend, 5);
    await first.backend.close(); // no snapshot at this close: as after a kill

    // When the backend starts again
    const second = await start(dir);
    try {
      // Then it started from the snapshot, and caught up with the events after it
      const loaded = logged(second.lines, 'read models loaded from a snapshot');
      expect(loaded).toHaveLength(1);
      expect(loaded[0]!.position).toBe('3000');
      expect(logged(second.lines, 'snapshot ignored; replaying the event log instead')).toEqual([]);
      // and every read model (the audit log kept in its file included) is a full replay's
      expect(await everything(second.backend.readStore)).toEqual(await fullReplayOf(dir));
    } finally {
      await second.backend.close();
    }
  }, 60_000);
});

describe("the Operations screen's read models", () => {
  it('name each read model up to date, and the newest readable snapshot file', async () => {
    // Given a started backend and no snapshot yet
    const dir = dataDirWithLog();
    const { backend } = await start(dir);
    try {
      const before = await backend.readModels();
      expect(before.head).toBe('3000');
      expect(before.readModels.map((m) => m.name)).toEqual(appProjectors().map((p) => p.name));
      expect(before.readModels.every((m) => m.position === '3000' && m.behind === 0)).toBe(true);
      expect(before.snapshot).toBeNull();

      // When one is written, and a damaged file sorts after it
      const written = await backend.snapshot!();
      writeFileSync(
        path.join(dir, `snapshot-${'9'.repeat(20)}-damaged.snapshot`),
        'not a snapshot\n',
      );

      // Then the newest readable one is named, with its position, time and size
      const after = await backend.readModels();
      expect(after.snapshot).toEqual({
        file: path.basename(written!.file),
        position: '3000',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        bytes: written!.bytes,
      });
    } finally {
      await backend.close();
    }
  }, 60_000);
});

describe("the back office's read models at a start from a snapshot", () => {
  it('are loaded after the start, whole when asked before, and whole in the next snapshot', async () => {
    // Given a snapshot at the log's head
    const dir = dataDirWithLog();
    const first = await start(dir);
    expect(await first.backend.snapshot!()).not.toBeNull();
    // (a full replay's start leaves nothing for later)
    expect(first.backend.loadBackOfficeReadModels).toBeUndefined();
    await first.backend.close();

    // When the backend starts from it, and events arrive for some of them (a subscription,
    // a provider's changes) before anything asked for them, and a snapshot is taken
    const second = await start(dir);
    try {
      expect(second.backend.loadBackOfficeReadModels).toBeTypeOf('function');
      await someMoreEvents(second.backend, 1);
      expect(await second.backend.snapshot!()).not.toBeNull();
      // Then every read model, those loaded later included, is a full replay's
      expect(await everything(second.backend.readStore)).toEqual(await fullReplayOf(dir));
    } finally {
      await second.backend.close();
    }

    // and the snapshot taken before they were all loaded holds them whole
    const third = await start(dir);
    try {
      expect(logged(third.lines, 'read models loaded from a snapshot')).toHaveLength(1);
      await third.backend.loadBackOfficeReadModels!();
      expect(await everything(third.backend.readStore)).toEqual(await fullReplayOf(dir));
    } finally {
      await third.backend.close();
    }
  }, 60_000);
});

/** Rewrites the snapshot file's header with `change` (the body and its hash left as they are). */
function editHeader(file: string, change: (header: Record<string, unknown>) => void): void {
  const bytes = readFileSync(file);
  const trailer = bytes.subarray(bytes.lastIndexOf(0x0a, bytes.length - 2) + 1);
  const headerStart = Number(trailer.toString().trim());
  const header = JSON.parse(
    bytes.toString('utf8', headerStart, bytes.length - trailer.length - 1),
  ) as Record<string, unknown>;
  change(header);
  writeFileSync(
    file,
    Buffer.concat([
      bytes.subarray(0, headerStart),
      Buffer.from(`${JSON.stringify(header)}\n`),
      trailer,
    ]),
  );
}

const FALLBACKS: Array<{
  case: string;
  spoil: (dir: string, file: string) => void;
  reason: RegExp;
}> = [
  {
    case: 'the log has another identity',
    spoil: (dir) => {
      const db = new Database(path.join(dir, 'events.sqlite'));
      db.prepare('UPDATE store_identity SET store_id = ?').run('another-log');
      db.close();
    },
    reason: /belongs to another event log/,
  },
  {
    case: 'a projector has another version than the snapshot recorded',
    spoil: (_dir, file) =>
      editHeader(file, (header) => {
        const projectors = header.projectors as Record<string, { version: number }>;
        projectors.providers!.version = 0;
      }),
    reason: /projector providers is at version 1, the snapshot's at 0/,
  },
  {
    case: 'a byte of the file is damaged',
    spoil: (_dir, file) => {
      const bytes = readFileSync(file);
      const middle = Math.floor(bytes.length / 3);
      bytes[middle] = bytes[middle]! ^ 0xff;
      writeFileSync(file, bytes);
    },
    reason: /does not match its hash/,
  },
  {
    case: 'the file is truncated',
    spoil: (_dir, file) => {
      const bytes = readFileSync(file);
      writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    },
    reason: /truncated/,
  },
  {
    case: "its position is past the log's head",
    spoil: (_dir, file) => editHeader(file, (header) => void (header.position = '3500')),
    reason: /position 3500 is past the log's head 3000/,
  },
  {
    case: 'the event at its position is another one',
    spoil: (dir) => {
      // The log replaced by one with the same identity and other events at the same positions.
      const db = new Database(path.join(dir, 'events.sqlite'));
      db.prepare(
        "UPDATE events SET metadata = json_set(metadata, '$.eventId', 'another-event') WHERE position = 3000",
      ).run();
      db.close();
    },
    reason: /the event at position 3000 is not the one it was taken after/,
  },
];

describe('a snapshot that does not fit is ignored and the whole log replayed', () => {
  it.each(FALLBACKS)(
    '$case',
    async ({ spoil, reason }) => {
      // Given a snapshot taken at the log's head, then spoiled
      const dir = dataDirWithLog();
      const first = await start(dir);
      const written = await first.backend.snapshot!();
      await first.backend.close();
      spoil(dir, written!.file);

      // When the backend starts
      const second = await start(dir);
      try {
        // Then it says why it ignored the snapshot, and replayed the whole log
        const ignored = logged(second.lines, 'snapshot ignored; replaying the event log instead');
        expect(ignored).toHaveLength(1);
        expect(String(ignored[0]!.reason)).toMatch(reason);
        expect(logged(second.lines, 'read models loaded from a snapshot')).toEqual([]);
        expect(logged(second.lines, 'read models caught up with the event log')[0]!.events).toBe(
          3_000,
        );
        expect(await everything(second.backend.readStore)).toEqual(await fullReplayOf(dir));
      } finally {
        await second.backend.close();
      }
    },
    60_000,
  );
});

describe('a process killed while it writes a snapshot', () => {
  it('never makes a start serve other read models than a full replay', async () => {
    const dir = dataDirWithLog();
    // Read models replayed once and a first snapshot, so that the child starts quickly.
    const first = await start(dir);
    await first.backend.snapshot!();
    await first.backend.close();
    // Rounds until at least one kill fell in the middle of a write (its temporary file left).
    let killedMidWrite = 0;
    for (let round = 0; round < 3 || (killedMidWrite === 0 && round < 30); round++) {
      // Given a process writing snapshots one after the other, killed at a random moment
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: { ...process.env, DATA_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let written = 0;
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          written += chunk
            .toString()
            .split('\n')
            .filter((l) => l.startsWith('snapshot')).length;
          if (written === 2) {
            setTimeout(() => child.kill('SIGKILL'), Math.random() * 80);
          }
        });
        child.once('exit', () => (written >= 2 ? resolve() : reject(new Error(stderr))));
      });

      if (readdirSync(dir).some((f) => f.endsWith('.snapshot.tmp'))) {
        killedMidWrite++;
      }
      // When the backend starts on what it left
      const next = await start(dir);
      try {
        // Then its read models are those of a full replay of the log
        expect(await everything(next.backend.readStore)).toEqual(await fullReplayOf(dir));
      } finally {
        await next.backend.close();
      }
    }
    expect(killedMidWrite).toBeGreaterThan(0);
  }, 120_000);
});

describe('erasure and snapshots', () => {
  it('an erased address is readable in no snapshot, and a restart from one does not bring it back', async () => {
    const ann = 'ann.erased@example.com';
    const bob = 'bob.kept@example.com';
    const dir = dataDirWithLog();
    const first = await start(dir);
    const { backend } = first;
    const visitor = { actor: { kind: 'visitor' as const, id: 'anonymous' }, correlationId: 't' };
    const annId = await backend.subscribers.idFor(ann);
    for (const email of [ann, bob]) {
      const result = await backend.bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email,
          subscriptionId: await backend.subscribers.idFor(email),
        },
        visitor,
      );
      await backend.waitForProjections(result.position);
    }
    // Given a snapshot holding both subscribers: sealed, so neither address is in its bytes
    const before = await backend.snapshot!();
    const beforeRead = await readSnapshotFile(before!.file);
    expect(readFileSync(before!.file).includes(ann)).toBe(false);
    expect(readFileSync(before!.file).includes(bob)).toBe(false);
    const keys = () => SnapshotKeys.open(path.join(dir, SNAPSHOT_KEYS_FILE));
    const key = keys();
    const opened = await decodeSnapshotBody(beforeRead, key.find(beforeRead.header.id));
    key.close();
    // The subscriber list is not in it: it lives on disk, sealed with each subscriber's key
    // (projections/read-store/sealed.ts), and its file never holds an address in the clear.
    expect(opened.has('subscriptions')).toBe(false);
    const readModelsFile = () => readFileSync(path.join(dir, 'read-models.sqlite'));
    expect(readModelsFile().includes(ann)).toBe(false);
    expect(JSON.stringify(await backend.readStore.collection('subscriptions').find({}))).toContain(
      ann,
    );

    // When ann's subscription is deleted (an erasure)
    const deleted = await backend.bus.dispatch(
      { type: 'DeleteSubscription', subscriptionId: annId },
      system,
    );
    await backend.waitForProjections(deleted.position);

    // Then the key of the snapshot taken before is destroyed: no copy of it opens any more
    const after = keys();
    expect(after.find(beforeRead.header.id)).toBeNull();
    after.close();
    await expect(decodeSnapshotBody(beforeRead, null)).rejects.toThrow(/key was destroyed/);

    // and the process killed now (no new snapshot): the next start ignores it, says why
    await backend.close();
    const second = await start(dir);
    const ignored = logged(second.lines, 'snapshot ignored; replaying the event log instead');
    expect(String(ignored[0]?.reason)).toMatch(/key was destroyed/);
    const subscribers = await second.backend.readStore.collection('subscriptions').find({});
    expect(JSON.stringify(subscribers)).not.toContain(ann);
    expect(JSON.stringify(subscribers)).toContain(bob);

    // and a snapshot taken after the erasure, started from, holds bob and not ann
    const later = await second.backend.snapshot!();
    await second.backend.close();
    const third = await start(dir);
    try {
      expect(logged(third.lines, 'read models loaded from a snapshot')).toHaveLength(1);
      const read = await readSnapshotFile(later!.file);
      const laterKey = keys();
      const content = JSON.stringify([
        ...(await decodeSnapshotBody(read, laterKey.find(read.header.id))),
      ]);
      laterKey.close();
      expect(content).not.toContain(ann);
      expect(
        JSON.stringify(await third.backend.readStore.collection('subscriptions').find({})),
      ).toContain(bob);
      for (const file of snapshotFiles(dir)) {
        expect(readFileSync(file).includes(ann)).toBe(false);
      }
      const now = await third.backend.readStore.collection('subscriptions').find({});
      expect(JSON.stringify(now)).not.toContain(ann);
      expect(readModelsFile().includes(ann)).toBe(false);
      expect(readModelsFile().includes(bob)).toBe(false);
      expect(await everything(third.backend.readStore)).toEqual(await fullReplayOf(dir));
    } finally {
      await third.backend.close();
    }
  }, 60_000);
});

describe('the command-line rebuild with no server running', () => {
  it('removes the snapshot files (the next start replays the whole log) and keeps everything else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-discard-'));
    try {
      const names = [
        'snapshot-1200-a1.snapshot',
        'snapshot-1300-b2.snapshot',
        'snapshot-1400-c3.snapshot.tmp',
        SNAPSHOT_KEYS_FILE,
        'events.sqlite',
        'kept.sqlite',
      ];
      for (const name of names) writeFileSync(path.join(dir, name), 'x');
      expect(discardSnapshots(dir)).toBe(3);
      expect(readdirSync(dir).sort()).toEqual(['events.sqlite', 'kept.sqlite', SNAPSHOT_KEYS_FILE]);
      expect(discardSnapshots(dir)).toBe(0);
      expect(discardSnapshots(path.join(dir, 'missing'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first snapshot after a long replay at start', () => {
  const quietLog = { info: () => undefined, warn: () => undefined };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('is taken right away when the backend stays open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-first-'));
    const snapshots = new Snapshots(dir, path.join(dir, SNAPSHOT_KEYS_FILE), quietLog);
    let taken = 0;
    try {
      snapshots.start(
        60_000,
        async () => (taken++, null),
        () => undefined,
        { firstNow: true },
      );
      await settle();
      expect(taken).toBe(1);
    } finally {
      await snapshots.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not attempted once the backend is closed (it used to fail on the closed event log)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-first-'));
    const snapshots = new Snapshots(dir, path.join(dir, SNAPSHOT_KEYS_FILE), quietLog);
    let taken = 0;
    const errors: unknown[] = [];
    snapshots.start(
      60_000,
      async () => (taken++, null),
      (e) => errors.push(e),
      {
        firstNow: true,
      },
    );
    await snapshots.close();
    await settle();
    rmSync(dir, { recursive: true, force: true });
    expect({ taken, errors }).toEqual({ taken: 0, errors: [] });
  });
});
