/**
 * Crypto-shredding of what subscribers tell us (their address, the medications they follow,
 * their state, their price alerts), as a decorator of the EventStore port: every layer above
 * it (the command handler, the deciders, the projectors, the audit log, the jobs) sees the
 * logical events in plaintext, and only ciphertext reaches the log. SEALED_EVENT_FIELDS lists
 * which fields of which events are sealed.
 *
 *   append     VisitorSubscribed { subscriptionId, email, ...rest } is stored as
 *              { subscriptionId, ...rest, sealedEmail: 'v1.<iv>.<ciphertext>.<tag>' } (the
 *              address itself sealed: the format logs already hold); the other sealed events
 *              as { subscriptionId, ...rest, sealed: 'v1....' }, the JSON of their sealed
 *              fields. AES-256-GCM with the subscription's own key (key-store.ts), the
 *              subscription id as associated data (a sealed value cannot be moved to another
 *              subscription). Before a SubscriptionDeleted is appended, the key is destroyed.
 *   read       (readStream, readAll, subscribeToAll) sealed fields are opened with the key;
 *              with the key destroyed the event reads { subscriptionId, ...rest, erased: true }
 *              without its sealed fields (VisitorSubscribed: email: null), so a rebuild or
 *              replay after a deletion never brings them back.
 *
 * Events written before this existed carry the plaintext `email` (the old shape). They are
 * upcast on read: passed on as they are while the subscription's key is not destroyed, and
 * read as erased once it is (deleting such a subscription leaves a tombstone in the key store
 * even though it never had a key). Their bytes stay in the append-only log file: the
 * README says so, and what to do about it.
 */
import type {
  AppendResult,
  EventStore,
  ReadAllOptions,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../event-store/port';
import type { SubscriberKeyStore } from './key-store';
import { openEmail, sealEmail } from './seal';

// Where they were first written; the opening thread imports ./seal alone.
export { openEmail, sealEmail } from './seal';

/**
 * The sealed fields of each event type, all named by the event's `subscriptionId`.
 * `email`: the one field, a string, sealed as it is under `sealedEmail` (logs hold it so);
 * `json`: the fields' JSON sealed under `sealed`.
 */
export const SEALED_EVENT_FIELDS: Readonly<
  Record<string, { format: 'email' | 'json'; fields: readonly string[] }>
> = {
  VisitorSubscribed: { format: 'email', fields: ['email'] },
  SubscriberPreferencesChanged: {
    format: 'json',
    fields: ['medications', 'state', 'weeklyIssue', 'priceAlerts'],
  },
  PriceAlertRequested: { format: 'json', fields: ['alert'] },
};

const DELETED = 'SubscriptionDeleted';

/**
 * A sealed text to open: the subscription's id, the text as stored, and the subscription's
 * key unless the opener reads the keys itself.
 */
export interface SealedText {
  subscriptionId: string;
  sealed: string;
  key?: Buffer;
}

/**
 * Opens many sealed texts at once somewhere else than the calling thread (another core). A
 * replay of subscriber history spends most of its reading time opening them (8 µs each,
 * measured), one per event, and looking up their keys (2 µs each).
 */
export interface SealedTextOpener {
  /**
   * Whether it looks the keys up itself (in the key store's file, from its own connection):
   * then it is sent the texts of every sealed event, without keys.
   */
  readonly readsKeys: boolean;
  /**
   * Each text, or null: the key does not open it, or (when it reads the keys) the
   * subscription has no key or its key was destroyed, all of which read as erased. Answers
   * null altogether when it cannot open them (its thread failed): the caller opens them.
   */
  openMany(texts: readonly SealedText[]): Promise<(string | null)[] | null>;
  close(): Promise<void>;
}

/**
 * Sealed texts in a page below which it is opened here: a round trip to the thread costs more
 * than opening a few (a command's own stream, a live event).
 */
export const OPEN_ELSEWHERE_FROM = 64;

type Data = Record<string, unknown>;
const asData = (data: unknown): Data =>
  typeof data === 'object' && data !== null ? (data as Data) : {};

/** The data without the given fields (nor the stored sealed ones). */
function without(data: Data, fields: readonly string[]): Data {
  const rest: Data = {};
  // for-in rather than Object.entries: no pair array per field (a replay opens every event).
  for (const name in data) {
    if (!Object.hasOwn(data, name)) continue;
    if (!fields.includes(name) && name !== 'sealedEmail' && name !== 'sealed') {
      rest[name] = data[name];
    }
  }
  return rest;
}

function openJson(text: string | null): Data | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Data) : null;
  } catch {
    return null;
  }
}

/**
 * `opener`: opens the sealed texts of large pages (a replay's) elsewhere; while the caller
 * applies such a page, the next one is read and sent to it (read-ahead), so opening runs beside
 * the projectors instead of before them. Without it, every text is opened here.
 */
export function withSealedSubscriberEmails(
  inner: EventStore,
  keys: SubscriberKeyStore,
  opener?: SealedTextOpener,
): EventStore {
  async function seal(event: NewEvent): Promise<NewEvent> {
    const sealing = SEALED_EVENT_FIELDS[event.type];
    if (!sealing) return event;
    const data = asData(event.data);
    const subscriptionId = data.subscriptionId;
    if (typeof subscriptionId !== 'string') return event;
    const rest = without(data, sealing.fields);
    if (sealing.format === 'email') {
      const email = data.email;
      if (typeof email !== 'string') return event;
      const key = await keys.keyFor(subscriptionId);
      return { ...event, data: { ...rest, sealedEmail: sealEmail(key, subscriptionId, email) } };
    }
    const picked: Data = {};
    for (const field of sealing.fields) if (field in data) picked[field] = data[field];
    const key = await keys.keyFor(subscriptionId);
    const sealed = sealEmail(key, subscriptionId, JSON.stringify(picked));
    return { ...event, data: { ...rest, sealed } };
  }

  /** The event's sealed text as stored; null: none (not sealed, or the old plaintext shape). */
  const sealedTextOf = (event: RecordedEvent): string | null => {
    const sealing = SEALED_EVENT_FIELDS[event.type];
    if (!sealing) return null;
    const data = asData(event.data);
    const text = sealing.format === 'email' ? data.sealedEmail : data.sealed;
    return typeof text === 'string' ? text : null;
  };

  const subscriptionOf = (event: RecordedEvent): string | null => {
    if (!SEALED_EVENT_FIELDS[event.type]) return null;
    const id = asData(event.data).subscriptionId;
    return typeof id === 'string' ? id : null;
  };

  /**
   * The event with its sealed fields opened. `openedText`: its sealed text as the opener
   * opened it (null: reads as erased); undefined: opened here with its key from `known`.
   */
  function open(
    event: RecordedEvent,
    known: Map<string, Buffer | 'erased'>,
    openedText?: string | null,
  ): RecordedEvent {
    const subscriptionId = subscriptionOf(event);
    const sealing = SEALED_EVENT_FIELDS[event.type];
    if (subscriptionId === null || !sealing) return event;
    const data = asData(event.data);
    const key = known.get(subscriptionId) ?? null;
    const usable = key && key !== 'erased' ? key : null;
    // A new object, ours: the opened fields are added to it rather than to a copy of it.
    const rest = without(data, sealing.fields);
    rest.subscriptionId = subscriptionId;
    // Made only for an erased subscriber (a replay opens every sealed event).
    const erased = (): RecordedEvent => ({
      ...event,
      data: { ...rest, ...(sealing.format === 'email' ? { email: null } : {}), erased: true },
    });
    const openText = (sealed: string) =>
      openedText !== undefined
        ? openedText
        : usable
          ? openEmail(usable, subscriptionId, sealed)
          : null;
    if (sealing.format === 'email' && typeof data.sealedEmail === 'string') {
      const email = openText(data.sealedEmail);
      if (email === null) return erased();
      rest.email = email;
      return { ...event, data: rest };
    }
    if (sealing.format === 'json' && typeof data.sealed === 'string') {
      const opened = openJson(openText(data.sealed));
      return opened === null ? erased() : { ...event, data: Object.assign(rest, opened) };
    }
    // The old shape (plaintext, before sealing): as it is, unless the subscription was erased.
    return key === 'erased' ? erased() : event;
  }

  /** Opens a page of events with one look-up of the keys it needs (here or by the opener). */
  async function openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const ids = events.map(subscriptionOf).filter((id): id is string => id !== null);
    if (ids.length === 0) return events;
    if (opener?.readsKeys) {
      const texts = await openElsewhere(opener, events, null);
      if (texts) {
        // The keys of what it did not open: an event of the old plaintext shape reads as
        // erased once its subscription's key is destroyed.
        const rest = events.flatMap((event, i) => {
          const id = texts[i] === undefined ? subscriptionOf(event) : null;
          return id === null ? [] : [id];
        });
        return openedWith(events, rest.length > 0 ? await keys.findMany(rest) : new Map(), texts);
      }
    }
    const known = await keys.findMany(ids);
    if (opener && !opener.readsKeys) {
      const texts = await openElsewhere(opener, events, known);
      if (texts) return openedWith(events, known, texts);
    }
    return events.map((event) => open(event, known));
  }

  function openedWith(
    events: RecordedEvent[],
    known: Map<string, Buffer | 'erased'>,
    texts: (string | null | undefined)[],
  ): RecordedEvent[] {
    const opened = events.map((event, i) => open(event, known, texts[i]));
    openedElsewhere.add(opened);
    return opened;
  }

  /** Pages whose texts the opener opened (worth reading ahead of: see readAll). */
  const openedElsewhere = new WeakSet<RecordedEvent[]>();

  /**
   * The page's sealed texts opened by `elsewhere`, by the events' indexes (undefined: not
   * sent to it); null when the page holds too few to be worth it or the opener could not.
   * `known`: the keys, when the opener does not read them itself (it is sent only the texts
   * with a usable key).
   */
  async function openElsewhere(
    elsewhere: SealedTextOpener,
    events: readonly RecordedEvent[],
    known: Map<string, Buffer | 'erased'> | null,
  ): Promise<(string | null | undefined)[] | null> {
    const at: number[] = [];
    const texts: SealedText[] = [];
    for (let i = 0; i < events.length; i++) {
      const event = events[i] as RecordedEvent;
      const subscriptionId = subscriptionOf(event);
      const sealed = subscriptionId === null ? null : sealedTextOf(event);
      if (subscriptionId === null || sealed === null) continue;
      if (known === null) {
        texts.push({ subscriptionId, sealed });
      } else {
        const key = known.get(subscriptionId);
        if (key === undefined || key === 'erased') continue;
        texts.push({ key, subscriptionId, sealed });
      }
      at.push(i);
    }
    if (texts.length < OPEN_ELSEWHERE_FROM) return null;
    const opened = await elsewhere.openMany(texts);
    if (opened === null) return null;
    const byIndex = new Array<string | null | undefined>(events.length);
    for (let n = 0; n < at.length; n++) byIndex[at[n] as number] = opened[n] ?? null;
    return byIndex;
  }

  /**
   * The next page, read and sent to the opener while the caller applies the one before: the
   * page after `after` with `limit` events. Dropped by any append through this store (a page
   * read before it could miss what the caller has just written) and by a read of another page.
   */
  let ahead: { after: bigint; limit: number; page: Promise<RecordedEvent[]> } | null = null;

  const readPage = async (options: ReadAllOptions | undefined) =>
    openAll(await inner.readAll(options));

  async function readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    const after = options?.after ?? 0n;
    const limit = options?.limit;
    const read =
      ahead !== null && ahead.after === after && ahead.limit === limit ? ahead.page : null;
    ahead = null;
    const page = await (read ?? readPage(options));
    const last = page[page.length - 1];
    // A full page whose texts went to the opener: a replay of subscriber history goes on.
    if (limit !== undefined && last && page.length === limit && openedElsewhere.has(page)) {
      const next = { after: last.position, limit };
      const nextPage = readPage(next);
      // Its failure is the next read's, if there is one (never an unhandled rejection).
      nextPage.catch(() => undefined);
      ahead = { ...next, page: nextPage };
    }
    return page;
  }

  /** What reaches the log for `events`: keys destroyed for deletions, addresses sealed. */
  async function prepare(events: NewEvent[]): Promise<NewEvent[]> {
    // The key goes BEFORE the deletion is recorded: a crash or a failed append in between
    // can only over-erase (the address unreadable, the administrator retries the delete),
    // never record a deletion whose key survives.
    for (const event of events) {
      const subscriptionId = asData(event.data).subscriptionId;
      if (event.type === DELETED && typeof subscriptionId === 'string') {
        await keys.destroy(subscriptionId);
      }
    }
    return Promise.all(events.map(seal));
  }

  return {
    async append(
      streamId: string,
      events: NewEvent[],
      expected: ExpectedRevision,
    ): Promise<AppendResult> {
      try {
        return await inner.append(streamId, await prepare(events), expected);
      } finally {
        ahead = null; // once written (see `ahead`)
      }
    },
    async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
      const prepared: StreamAppend[] = [];
      for (const append of appends) {
        const { undo, ...rest } = append;
        prepared.push({
          ...rest,
          events: await prepare(append.events),
          ...(undo ? { undo: await prepare(undo) } : {}),
        });
      }
      try {
        return await inner.appendMany(prepared);
      } finally {
        ahead = null;
      }
    },
    readStream: async (streamId) => openAll(await inner.readStream(streamId)),
    readAll,
    subscribeToAll(options: SubscribeOptions): Subscription {
      return inner.subscribeToAll({
        ...options,
        onEvent: async (event) => options.onEvent((await openAll([event]))[0] ?? event),
      });
    },
    headPosition: () => inner.headPosition(),
    storeId: () => inner.storeId(),
    countAfter: (after, max) => inner.countAfter(after, max),
    async close() {
      ahead = null;
      await inner.close();
      await keys.close();
      await opener?.close();
    },
  };
}
