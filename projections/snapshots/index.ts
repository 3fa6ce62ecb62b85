/**
 * Snapshots of the embedded profile's memory read models, so that a start loads the newest
 * valid one and replays only the events after it instead of the whole log.
 *
 * Written (./file.ts) at a bounded interval when the log has moved, after an erasure, and at
 * shutdown: every in-memory projector's documents and checkpoint, read at one instant (the
 * memory store's `capture`: no event is applied in between, and each projector's documents
 * go with its own checkpoint, so at worst an event is applied again, as after a crash; the
 * projectors' handlers are idempotent). The audit log is not in it: it lives in its own file
 * (read-models.sqlite), which a start from a snapshot keeps, with its own checkpoint.
 *
 * A snapshot is loaded only when it belongs to this log (its storeId), its position is within
 * the log and the event there is the one it recorded (a restored or replaced log never pairs
 * with it), every projector has the version it recorded, its bytes match their hash and its
 * sealed part opens. Otherwise it is ignored with a log line saying why, the next older one
 * is tried, and without any the start replays the whole log as before.
 *
 * Read models only the back office reads (`later` in `choose`: the subscriber search's
 * addresses, the submissions, the providers' admin list, a third of a million-event snapshot)
 * are checked with the rest but parsed after the start (LaterLoadingReadStore): the site
 * answers sooner, and any use of one in between (a catch-up event, a back-office request, a
 * snapshot) waits until it is loaded, so nothing ever sees it partial or empty.
 *
 * Personal data: the read models of projectors with `sealedData` (subscribers' addresses) are
 * sealed in the file with a key kept outside it (./keys.ts); applying an erasure (their
 * `erasedBy` events) destroys the keys of every snapshot taken before it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { EventSource } from '../event-source';
import type { Projector } from '../projector';
import type { NewestSnapshot } from '../status';
import type { Document, ReadStore } from '../read-store/port';
import { STORE_CHECKPOINT } from '../rebuild';
import {
  SNAPSHOT_PREFIX,
  SNAPSHOT_SUFFIX,
  TEMPORARY_SUFFIX,
  UnreadableSnapshot,
  decodeSnapshotParts,
  readSnapshotFile,
  writeSnapshotFile,
  type DecodedSnapshot,
  type SnapshotHeader,
} from './file';
import { SnapshotKeys } from './keys';

export { SnapshotKeys } from './keys';
export type { SnapshotHeader } from './file';

/** After an erasure destroyed the snapshots' keys, a new snapshot is taken this much later. */
const AFTER_ERASURE_MS = 2_000;

/** Snapshots kept on disk (the newest first); older ones are deleted with their keys. */
const KEEP = 2;

/** A read store whose in-memory collections can be read at one instant (MemoryReadStore, KeptReadStore). */
export interface CapturableReadStore extends ReadStore {
  capture(
    collections: readonly string[],
    checkpoints: readonly string[],
  ): { documents: Map<string, Document[]>; checkpoints: Record<string, string | null> };
}

export const capturable = (store: ReadStore): store is CapturableReadStore =>
  typeof (store as Partial<CapturableReadStore>).capture === 'function';

/**
 * A read store that can take a collection's documents later (MemoryReadStore.arriveLater):
 * until they are in, every use of that collection waits for them.
 */
export interface LaterLoadingReadStore extends ReadStore {
  arriveLater(name: string, load: () => Promise<Document[]>): void;
  /** Starts loading every collection still to arrive; resolves once all are in. */
  loadArriving(): Promise<void>;
}

export const loadsLater = (store: ReadStore): store is LaterLoadingReadStore =>
  typeof (store as Partial<LaterLoadingReadStore>).arriveLater === 'function' &&
  typeof (store as Partial<LaterLoadingReadStore>).loadArriving === 'function';

export interface SnapshotLog {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** A snapshot chosen at start: checked, read and opened; `apply` puts it into the read store. */
export interface ChosenSnapshot {
  header: SnapshotHeader;
  file: string;
  /**
   * Loads the documents and checkpoints into a fresh read store (opened keeping the audit
   * log's file: `keepOnDisk`), and checks what that file holds: a projector whose own file
   * does not continue this snapshot's log is emptied and replayed from the start.
   */
  apply(readStore: ReadStore, eventStore: Pick<EventSource, 'headPosition'>): Promise<void>;
}

export interface SnapshotWritten {
  file: string;
  position: bigint;
  ms: number;
  bytes: number;
}

export const SNAPSHOT_KEYS_FILE = 'snapshot-keys.sqlite';
/**
 * Removes every snapshot file in `dir` (the command-line rebuild with no server running: the
 * next start then replays the whole log, as the operator asked). The number removed.
 */
export function discardSnapshots(dir: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    // Their key file (snapshot-keys.sqlite) stays: it holds no snapshot.
    if (!name.startsWith(SNAPSHOT_PREFIX) || !name.includes(SNAPSHOT_SUFFIX)) continue;
    rmSync(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

const versionOf = (projector: Projector) => projector.version ?? 0;

/** The event at `position` (SQLite positions count events: the one after position - 1). */
async function eventAt(
  eventStore: Pick<EventSource, 'readAll'>,
  position: bigint,
): Promise<{ eventId: string } | null> {
  if (position <= 0n) return null;
  const [event] = await eventStore.readAll({ after: position - 1n, limit: 1 });
  return event && event.position === position ? { eventId: event.metadata.eventId } : null;
}

export class Snapshots {
  readonly keys: SnapshotKeys;
  private writing: Promise<SnapshotWritten | null> | null = null;
  private rebuilding = 0;
  private lastPosition = 0n;
  private erasedSince = false;
  private timer: NodeJS.Timeout | null = null;
  private soon: (() => void) | null = null;
  private pending: NodeJS.Timeout | null = null;

  /** `dir`: where the snapshot files are (DATA_DIR: `snapshot-<position>-<id>.snapshot`). */
  constructor(
    readonly dir: string,
    keysFile: string,
    private readonly log: SnapshotLog,
  ) {
    mkdirSync(dir, { recursive: true });
    this.keys = SnapshotKeys.open(keysFile);
    // A write a killed process left unfinished.
    for (const name of readdirSync(dir)) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name.endsWith(TEMPORARY_SUFFIX))
        rmSync(path.join(dir, name), { force: true });
    }
  }

  /** The snapshot files, newest (highest position) first. */
  files(): string[] {
    return readdirSync(this.dir)
      .filter((name) => name.startsWith(SNAPSHOT_PREFIX) && name.endsWith(SNAPSHOT_SUFFIX))
      .sort()
      .reverse()
      .map((name) => path.join(this.dir, name));
  }

  /**
   * The newest snapshot file, as its header says (for the Operations screen); one that cannot
   * be read is passed over, as a start passes over it. Null: none.
   */
  async newest(): Promise<NewestSnapshot | null> {
    for (const file of this.files()) {
      try {
        const { header } = await readSnapshotFile(file);
        return {
          file: path.basename(file),
          position: header.position,
          createdAt: header.createdAt,
          bytes: statSync(file).size,
        };
      } catch {
        // Unreadable or removed meanwhile: the next one.
      }
    }
    return null;
  }

  /**
   * The newest snapshot this log and these projectors can start from, read and checked (see
   * the top of this file), or null: each one refused is logged with the reason.
   */
  async choose(
    eventStore: Pick<EventSource, 'readAll' | 'storeId' | 'headPosition'>,
    projectors: readonly Projector[],
    options: { later?: ReadonlySet<string> } = {},
  ): Promise<ChosenSnapshot | null> {
    const storeId = await eventStore.storeId();
    const head = await eventStore.headPosition();
    for (const file of this.files()) {
      const refuse = (reason: string) =>
        this.log.warn('snapshot ignored; replaying the event log instead', {
          snapshot: path.basename(file),
          reason,
        });
      try {
        const read = await readSnapshotFile(file);
        const { header } = read;
        const problem = await this.mismatch(header, storeId, head, eventStore, projectors);
        if (problem) {
          refuse(problem);
          continue;
        }
        const key = header.sealed ? this.keys.find(header.id) : null;
        const decoded = await decodeSnapshotParts(read, key, options.later ?? new Set());
        this.lastPosition = BigInt(header.position);
        return {
          header,
          file,
          apply: (readStore, log) => this.apply(file, header, decoded, projectors, readStore, log),
        };
      } catch (error) {
        if (error instanceof UnreadableSnapshot) refuse(error.message);
        else refuse(`it could not be read: ${String(error)}`);
      }
    }
    return null;
  }

  /** Why the header does not fit this log and these projectors, else null. */
  private async mismatch(
    header: SnapshotHeader,
    storeId: string,
    head: bigint,
    eventStore: Pick<EventSource, 'readAll'>,
    projectors: readonly Projector[],
  ): Promise<string | null> {
    if (header.storeId !== storeId) return 'it belongs to another event log';
    const position = BigInt(header.position);
    if (position > head) return `its position ${position} is past the log's head ${head}`;
    const recorded = header.projectors ?? {};
    for (const projector of projectors) {
      const entry = recorded[projector.name];
      if (!entry) return `projector ${projector.name} is not in it`;
      if (entry.version !== versionOf(projector)) {
        return `projector ${projector.name} is at version ${versionOf(projector)}, the snapshot's at ${entry.version}`;
      }
    }
    const names = new Set(projectors.map((p) => p.name));
    const gone = Object.keys(recorded).find((name) => !names.has(name));
    if (gone) return `projector ${gone} no longer exists`;
    const event = await eventAt(eventStore, position);
    if (!event || event.eventId !== header.eventId) {
      return `the event at position ${position} is not the one it was taken after`;
    }
    return null;
  }

  private async apply(
    file: string,
    header: SnapshotHeader,
    { documents, later }: DecodedSnapshot,
    projectors: readonly Projector[],
    readStore: ReadStore,
    eventStore: Pick<EventSource, 'headPosition'>,
  ): Promise<void> {
    // What the kept file holds is checked before anything here is written over its checkpoints.
    const head = await eventStore.headPosition();
    const fileStore = await readStore.getCheckpoint(STORE_CHECKPOINT);
    for (const projector of projectors) {
      const entry = header.projectors[projector.name]!;
      if (entry.inSnapshot) {
        for (const name of projector.collections) {
          const load = later.get(name);
          if (load && loadsLater(readStore)) {
            // Parsed once the site is ready (or when first used): see the top of this file.
            readStore.arriveLater(name, load);
            continue;
          }
          const docs = documents.get(name) ?? (load ? await load() : []);
          await readStore.drop(name);
          if (docs.length === 0) continue;
          await readStore.collection(name).bulkWrite(
            docs.map((doc) => ({ kind: 'upsert' as const, doc })),
            { handOver: true },
          );
        }
        await readStore.setCheckpoint(projector.name, entry.checkpoint);
        continue;
      }
      // Its own file (the audit log): kept when it continues this log from at least the
      // snapshot's checkpoint, not beyond the log's head; else emptied and replayed.
      const own = await readStore.getCheckpoint(projector.name);
      const reason =
        fileStore !== header.storeId
          ? 'its file belongs to another event log or has no checkpoint'
          : own === null
            ? 'its file has no checkpoint'
            : BigInt(own) < BigInt(entry.checkpoint)
              ? `its file is at ${own}, older than the snapshot (${entry.checkpoint})`
              : BigInt(own) > head
                ? `its file is at ${own}, past the log's head ${head}`
                : null;
      if (reason) {
        this.log.warn('read model replayed from the start of the log', {
          projector: projector.name,
          reason,
        });
        for (const name of projector.collections) await readStore.drop(name);
        await readStore.setCheckpoint(projector.name, '0');
      }
    }
    await readStore.setCheckpoint(STORE_CHECKPOINT, header.storeId);
    this.log.info('read models loaded from a snapshot', {
      snapshot: path.basename(file),
      position: header.position,
    });
  }

  /**
   * The projectors, those with `sealedData` wrapped so that applying one of their erasure
   * events destroys the keys of every snapshot taken before it (and asks for a new snapshot).
   */
  watchErasures(projectors: readonly Projector[]): Projector[] {
    return projectors.map((projector) => {
      const erasedBy = projector.sealedData?.erasedBy;
      if (!erasedBy || erasedBy.length === 0) return projector;
      return {
        ...projector,
        handle: async (event, ctx) => {
          await projector.handle(event, ctx);
          if (erasedBy.includes(event.type) && this.keys.destroyBefore(event.position) > 0) {
            // The snapshots on disk no longer open: a new one soon, so a restart stays quick.
            this.erasedSince = true;
            this.soon?.();
          }
        },
      };
    });
  }

  /**
   * Runs a rebuild: no snapshot is taken meanwhile (its swap renames collections and then
   * moves checkpoints), and one being taken is finished first.
   */
  async whileRebuilding<T>(run: () => Promise<T>): Promise<T> {
    this.rebuilding++;
    try {
      await this.writing?.catch(() => undefined); // a failed snapshot was logged by its caller
      return await run();
    } finally {
      this.rebuilding--;
    }
  }

  /**
   * Takes a snapshot of `readStore`'s in-memory read models now (unless one is being written,
   * a rebuild runs, or nothing happened since the last): null when none was written.
   */
  write(
    readStore: ReadStore,
    eventStore: Pick<EventSource, 'readAll' | 'storeId'>,
    projectors: readonly Projector[],
    options: { force?: boolean } = {},
  ): Promise<SnapshotWritten | null> {
    // One being written: this call waits for it and writes none itself (its caller logged it).
    if (this.writing) return this.writing.then(() => null);
    if (this.rebuilding > 0 || !capturable(readStore)) return Promise.resolve(null);
    this.writing = this.writeNow(readStore, eventStore, projectors, options.force ?? false);
    return this.writing.finally(() => {
      this.writing = null;
    });
  }

  private async writeNow(
    readStore: CapturableReadStore,
    eventStore: Pick<EventSource, 'readAll' | 'storeId'>,
    projectors: readonly Projector[],
    force: boolean,
  ): Promise<SnapshotWritten | null> {
    const started = performance.now();
    const storeId = await eventStore.storeId();
    // Collections a start left to load later are loaded first: they are captured whole.
    if (loadsLater(readStore)) await readStore.loadArriving();
    // One instant: documents and checkpoints (synchronous), and the key made in the same turn,
    // so an erasure applied after this instant destroys it.
    const captured = readStore.capture(
      projectors.flatMap((p) => p.collections),
      [...projectors.map((p) => p.name), STORE_CHECKPOINT],
    );
    const inSnapshot = (p: Projector) => p.collections.every((c) => captured.documents.has(c));
    const checkpointOf = (p: Projector) => captured.checkpoints[p.name] ?? null;
    if (captured.checkpoints[STORE_CHECKPOINT] !== storeId) return null;
    if (projectors.some((p) => checkpointOf(p) === null)) return null;
    let position = 0n;
    for (const p of projectors) {
      if (inSnapshot(p)) {
        const checkpoint = BigInt(checkpointOf(p)!);
        if (checkpoint > position) position = checkpoint;
      }
    }
    if (position === 0n) return null;
    if (!force && position === this.lastPosition && !this.erasedSince) return null;
    const id = randomUUID();
    const sealed = projectors.some((p) => inSnapshot(p) && p.sealedData);
    const key = sealed ? this.keys.create(id, position) : null;
    this.erasedSince = false;
    const event = await eventAt(eventStore, position);
    if (!event) {
      this.keys.keepOnly(this.files().map(idOf));
      return null;
    }
    const header = {
      id,
      storeId,
      position: position.toString(),
      eventId: event.eventId,
      createdAt: new Date().toISOString(),
      projectors: Object.fromEntries(
        projectors.map((p) => [
          p.name,
          { version: versionOf(p), checkpoint: checkpointOf(p)!, inSnapshot: inSnapshot(p) },
        ]),
      ),
    };
    const collections = projectors.filter(inSnapshot).flatMap((p) =>
      p.collections.map((name) => ({
        name,
        sealed: p.sealedData !== undefined,
        docs: captured.documents.get(name) ?? [],
      })),
    );
    let file: string;
    try {
      file = await writeSnapshotFile(this.dir, { header, collections, key });
    } catch (error) {
      this.keys.keepOnly(this.files().map(idOf));
      throw error;
    }
    this.lastPosition = position;
    // The newest KEEP stay (with their keys); older ones, and keys of no file, go.
    const files = this.files();
    for (const old of files.slice(KEEP)) rmSync(old, { force: true });
    this.keys.keepOnly(files.slice(0, KEEP).map(idOf));
    const bytes = statSync(file).size;
    return { file, position, ms: Math.round(performance.now() - started), bytes };
  }

  /**
   * Takes a snapshot every `intervalMs` when the log has moved (or after an erasure); `onError`
   * is told of a failed one (the next is tried at the next interval).
   */
  start(
    intervalMs: number,
    take: () => Promise<SnapshotWritten | null>,
    onError: (error: unknown) => void,
    options: { firstNow?: boolean } = {},
  ): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      take().catch(onError);
    }, intervalMs);
    this.timer.unref();
    const after = (ms: number) => {
      if (this.pending) return;
      this.pending = setTimeout(() => {
        this.pending = null;
        take().catch(onError);
      }, ms);
      this.pending.unref();
    };
    this.soon = () => after(AFTER_ERASURE_MS);
    // A long replay at this start: the first one right away (cancelled by close, like the rest).
    if (options.firstNow) after(0);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.soon = null;
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    await this.writing?.catch(() => undefined);
    this.keys.close();
  }
}

/** The snapshot id in a file name (snapshot-<position>-<id>.snapshot). */
function idOf(file: string): string {
  return path.basename(file, SNAPSHOT_SUFFIX).split('-').slice(2).join('-');
}
