/**
 * The embedded rebuild on two threads (workers/bootstrap/rebuild-elsewhere.ts): the audit log's
 * projector replayed by a worker thread into the on-disk SQLite file while this thread
 * replays the memory read models leaves exactly the read models a one-thread rebuild leaves;
 * a worker that fails is replaced by a replay here, and the failure is reported.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appProjectors, embeddedReadStoreConfig } from '../../../workers/bootstrap/composition';
import {
  embeddedRebuildElsewhere,
  REBUILD_ELSEWHERE_AFTER,
} from '../../../workers/bootstrap/rebuild-elsewhere';
import { CAPABILITY_LIST } from '../../../workers/bootstrap/capabilities';
import {
  THREAD_AUDIT_DESCRIBERS,
  THREAD_EVENT_LOG_HOOKS,
  threadProjectors,
} from '../../../workers/bootstrap/rebuild-thread-parts';
import { openEventStore, type EventStore } from '../../../commands/event-store';
import { rebuild, type RebuildElsewhere } from '../../../projections/rebuild';
import type { Projector } from '../../../projections/projector';
import { openReadStore, type ReadStore } from '../../../projections/read-store';
import { writeMillionHistory } from '../../../scripts/bench/million-history';

let root: string;
let eventLog: EventStore;

/** Every document of every projector's collections, by collection, in _id order. */
async function everything(store: ReadStore): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of appProjectors().flatMap((p) => p.collections)) {
    const docs = await store.collection(name).find({});
    out[name] = docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }
  return out;
}

/** Rebuilds into a fresh embedded read store in `dir`, returns what it holds. */
async function rebuiltIn(
  dir: string,
  elsewhere?: (config: ReturnType<typeof embeddedReadStoreConfig>) => RebuildElsewhere,
) {
  mkdirSync(dir, { recursive: true });
  const config = embeddedReadStoreConfig(dir, false);
  const store = await openReadStore(config);
  try {
    const result = await rebuild(store, eventLog, appProjectors(), {
      ...(elsewhere ? { elsewhere: elsewhere(config) } : {}),
    });
    return { result, docs: await everything(store) };
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vial-rebuild-elsewhere-'));
  // A small history of every kind the bench writes (providers, posts, subscribers, submissions,
  // keywords).
  await writeMillionHistory(path.join(root, 'events.sqlite'), {
    events: 3_000,
    subscribers: 600,
    providers: 12,
    editsPerProvider: 20,
    posts: 40,
    submissions: 90,
    keywords: 30,
  });
  eventLog = await openEventStore({ kind: 'sqlite', path: path.join(root, 'events.sqlite') });
}, 60_000);

afterAll(async () => {
  await eventLog?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a rebuild with the audit log replayed by a worker thread', () => {
  it('leaves every read model as a rebuild on one thread does', async () => {
    // Given the same log, rebuilt on one thread and on two
    const alone = await rebuiltIn(path.join(root, 'alone'));
    let taken: string[] = [];
    const shared = await rebuiltIn(path.join(root, 'shared'), (config) => {
      const elsewhere = embeddedRebuildElsewhere(root, config, { after: 0 })!;
      return {
        ...elsewhere,
        takes(projectors, head) {
          const away = elsewhere.takes(projectors, head);
          taken = away.map((p) => p.name);
          return away;
        },
      };
    });
    // Then the worker took the audit log, and the read models are the same
    expect(taken).toEqual(['audit_log']);
    expect(shared.result.events).toBe(alone.result.events);
    expect(shared.result.position).toBe(alone.result.position);
    expect(alone.docs.audit_log!.length).toBeGreaterThan(2_000);
    expect(shared.docs).toEqual(alone.docs);
  }, 120_000);

  it('replays here what a failed worker did not, and reports the failure', async () => {
    const alone = await rebuiltIn(path.join(root, 'alone-2'));
    const reported: unknown[] = [];
    const failing = await rebuiltIn(path.join(root, 'failing'), (config) => ({
      takes: (projectors, head) =>
        embeddedRebuildElsewhere(root, config, { after: 0 })!.takes(projectors, head),
      replay: () => Promise.reject(new Error('the worker ran out of memory')),
      onError: (error) => reported.push(error),
    }));
    expect(reported).toEqual([new Error('the worker ran out of memory')]);
    expect(failing.docs).toEqual(alone.docs);
  }, 120_000);

  it('keeps a short log on one thread', () => {
    const config = embeddedReadStoreConfig(path.join(root, 'short'), false);
    const elsewhere = embeddedRebuildElsewhere(root, config)!;
    const after = BigInt(REBUILD_ELSEWHERE_AFTER);
    expect(elsewhere.takes(appProjectors(), after - 1n)).toEqual([]);
    expect(elsewhere.takes(appProjectors(), after).map((p) => p.name)).toEqual(['audit_log']);
  });
});

describe("the rebuild thread's own list of what it needs (it does not load the capabilities)", () => {
  /** Where each of `listed` is in `own` (the same objects, in the same order: 0, 1, 2...). */
  const placesIn = (own: readonly unknown[], listed: readonly unknown[]) =>
    listed.map((item) => own.indexOf(item));

  it("holds every capability's audit describer, in the list's order, and no other", () => {
    const listed = CAPABILITY_LIST.flatMap((c) => (c.audit ? [c.audit] : []));
    expect(placesIn(THREAD_AUDIT_DESCRIBERS, listed)).toEqual(listed.map((_, i) => i));
    expect(THREAD_AUDIT_DESCRIBERS).toHaveLength(listed.length);
  });

  it("holds every capability's event log hook, in the list's order, and no other", () => {
    const listed = CAPABILITY_LIST.flatMap((c) => (c.eventLog ? [c.eventLog] : []));
    expect(placesIn(THREAD_EVENT_LOG_HOOKS, listed)).toEqual(listed.map((_, i) => i));
    expect(THREAD_EVENT_LOG_HOOKS).toHaveLength(listed.length);
  });

  it("builds the audit projector as the app's: same name, version, events and collections", () => {
    const shape = (p: Projector) => ({
      name: p.name,
      version: p.version,
      eventTypes: p.eventTypes,
      collections: p.collections,
    });
    const app = appProjectors().find((p) => p.name === 'audit_log')!;
    expect(threadProjectors().map(shape)).toEqual([shape(app)]);
  });
});
