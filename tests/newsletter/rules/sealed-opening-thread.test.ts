/**
 * Sealed texts opened on a thread (workers/newsletter/opening-thread.ts), on a real SQLite log
 * and key store: a replay's pages read exactly as when opened on the caller's thread, erased
 * subscribers included; the page read ahead never hides an event appended since; a thread that
 * cannot start leaves the texts opened here and says so once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore } from '../../../commands/event-store';
import { visitorEvent } from '../../support/visitor-event';
import type { EventStore, RecordedEvent } from '../../../commands/event-store/port';
import {
  SqliteSubscriberKeyStore,
  withSealedSubscriberEmails,
  type SubscriberKeyStore,
} from '../../../commands/newsletter';
import {
  OPEN_ELSEWHERE_FROM,
  type SealedTextOpener,
} from '../../../commands/newsletter/sealed-event-store';
import { sealedTextThread } from '../../../workers/newsletter/opening-thread';

const SUBSCRIBERS = 120;
const idOf = (n: number) => n.toString(16).padStart(32, '0');

const event = visitorEvent;

const subscribed = (n: number) =>
  event('VisitorSubscribed', { subscriptionId: idOf(n), email: `reader-${n}@example.org` });

let dataDir: string;
let raw: EventStore;
let keys: SubscriberKeyStore;
/** Opens every text on the caller's thread: what the thread's pages must equal. */
let here: EventStore;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-opening-thread-'));
  raw = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
  here = withSealedSubscriberEmails(raw, keys);
  // Two subscriptions of the log's old shape (the address in plaintext, no key), one of them
  // deleted since (a tombstone in the key store): first, so that a page the thread opens
  // holds them.
  for (const n of [900, 901]) {
    await raw.append(`subscription-${idOf(n)}`, [subscribed(n)], 'no_stream');
  }
  await keys.destroy(idOf(901));
  for (let n = 0; n < SUBSCRIBERS; n++) {
    await here.append(
      `subscription-${idOf(n)}`,
      [
        subscribed(n),
        event('SubscriberPreferencesChanged', {
          subscriptionId: idOf(n),
          medications: ['semaglutide'],
          state: 'OH',
          weeklyIssue: true,
          priceAlerts: n % 2 === 0,
        }),
      ],
      'no_stream',
    );
  }
  // One subscriber erased: their key destroyed before the deletion is recorded.
  await here.append(
    `subscription-${idOf(7)}`,
    [event('SubscriptionDeleted', { subscriptionId: idOf(7) })],
    'any',
  );
}, 60_000);

afterEach(async () => {
  await here.close(); // closes the log and the keys
  rmSync(dataDir, { recursive: true, force: true });
});

/** A thread opener that counts the texts it was asked to open. */
function counted(opener: SealedTextOpener): SealedTextOpener & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    readsKeys: opener.readsKeys,
    openMany(texts) {
      asked.push(texts.length);
      return opener.openMany(texts);
    },
    close: () => opener.close(),
  };
}

/** `target` whose close() does nothing (its methods still called on it). */
function keptOpen<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, name) {
      if (name === 'close') return async () => undefined;
      const value: unknown = Reflect.get(object, name, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** The store over the same log and keys with `opener`; closing it closes only the opener. */
const through = (opener: SealedTextOpener): EventStore =>
  withSealedSubscriberEmails(keptOpen(raw), keptOpen(keys), opener);

async function readAllPages(store: EventStore, limit: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = 0n;
  for (;;) {
    const page = await store.readAll({ after, limit });
    events.push(...page);
    if (page.length < limit) return events;
    after = page[page.length - 1]!.position;
  }
}

/** The thread sent the keys (MongoDB's key store), or reading them from the key file. */
const MODES = [
  ['sent the keys', () => ({})],
  ['reading the keys itself', () => ({ keyFile: path.join(dataDir, 'subscriber-keys.sqlite') })],
] as const;

describe.each(MODES)('a replay with the opening thread %s', (_mode, keyOptions) => {
  it('reads every page as opened here, erased subscribers included', async () => {
    const opener = counted(sealedTextThread(keyOptions()));
    const threaded = through(opener);
    const expected = await readAllPages(here, 100);
    const read = await readAllPages(threaded, 100);
    expect(read).toEqual(expected);
    // The thread opened the full pages (a page holds 100 sealed texts, less the erased ones).
    expect(opener.asked.length).toBeGreaterThan(0);
    expect(Math.min(...opener.asked)).toBeGreaterThanOrEqual(OPEN_ELSEWHERE_FROM);
    // What an erased subscriber reads as, through the thread too.
    const erased = read.find(
      (e) =>
        e.type === 'VisitorSubscribed' &&
        (e.data as { subscriptionId: string }).subscriptionId === idOf(7),
    );
    expect(erased?.data).toEqual({ subscriptionId: idOf(7), email: null, erased: true });
    expect(
      read.find((e) => (e.data as { email?: string }).email === 'reader-8@example.org'),
    ).toBeDefined();
    // The old shape: as it is, and erased once its subscription was deleted.
    const legacy = read.filter((e) => (e.data as { email?: unknown }).email !== undefined);
    expect(legacy.slice(0, 2).map((e) => e.data)).toEqual([
      { subscriptionId: idOf(900), email: 'reader-900@example.org' },
      { subscriptionId: idOf(901), email: null, erased: true },
    ]);
    await threaded.close();
  });

  it('opens small pages here: a round trip costs more than a few texts', async () => {
    const opener = counted(sealedTextThread(keyOptions()));
    const threaded = through(opener);
    expect(await readAllPages(threaded, OPEN_ELSEWHERE_FROM - 1)).toEqual(
      await readAllPages(here, OPEN_ELSEWHERE_FROM - 1),
    );
    expect(opener.asked).toEqual([]);
    await threaded.close();
  });

  it('never hides an event appended after the page read ahead', async () => {
    const threaded = through(sealedTextThread(keyOptions()));
    // Given a full first page: the next one is read ahead while the caller applies it
    // (243 events: the page after it is the log's last, 43 events).
    const first = await threaded.readAll({ after: 0n, limit: 200 });
    expect(first).toHaveLength(200);
    // When a subscriber is appended before the caller asks for the next page
    await threaded.append(`subscription-${idOf(500)}`, [subscribed(500)], 'no_stream');
    // Then the next page holds it
    const next = await threaded.readAll({ after: first[199]!.position, limit: 200 });
    expect(next.at(-1)?.data).toEqual({
      subscriptionId: idOf(500),
      email: 'reader-500@example.org',
    });
    await threaded.close();
  });
});

describe.each(MODES)('an opening thread %s that cannot start', (_mode, keyOptions) => {
  it('leaves the texts opened here and says why, once', async () => {
    const errors: string[] = [];
    const threaded = through(
      sealedTextThread({
        ...keyOptions(),
        source: 'tests/support/failing-opening-worker.ts',
        onError: (error) => errors.push(error.message),
      }),
    );
    expect(await readAllPages(threaded, 100)).toEqual(await readAllPages(here, 100));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('this opening thread cannot start');
    await threaded.close();
  });
});
