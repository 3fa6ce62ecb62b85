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
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../event-store/port';
import type { SubscriberKeyStore } from './key-store';

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
const VERSION = 'v1';

const aad = (subscriptionId: string) => Buffer.from(`subscription:${subscriptionId}`, 'utf8');

/** Seals a text (an address, or JSON) with the subscription's key. */
export function sealEmail(key: Buffer, subscriptionId: string, email: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(subscriptionId));
  const ciphertext = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text, or null when the key is not the one it was sealed with (or it is damaged). */
export function openEmail(key: Buffer, subscriptionId: string, sealed: string): string | null {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(subscriptionId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

type Data = Record<string, unknown>;
const asData = (data: unknown): Data =>
  typeof data === 'object' && data !== null ? (data as Data) : {};

/** The data without the given fields (nor the stored sealed ones). */
function without(data: Data, fields: readonly string[]): Data {
  const rest: Data = {};
  for (const [name, value] of Object.entries(data)) {
    if (!fields.includes(name) && name !== 'sealedEmail' && name !== 'sealed') rest[name] = value;
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

export function withSealedSubscriberEmails(
  inner: EventStore,
  keys: SubscriberKeyStore,
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

  const subscriptionOf = (event: RecordedEvent): string | null => {
    if (!SEALED_EVENT_FIELDS[event.type]) return null;
    const id = asData(event.data).subscriptionId;
    return typeof id === 'string' ? id : null;
  };

  function open(event: RecordedEvent, known: Map<string, Buffer | 'erased'>): RecordedEvent {
    const subscriptionId = subscriptionOf(event);
    const sealing = SEALED_EVENT_FIELDS[event.type];
    if (subscriptionId === null || !sealing) return event;
    const data = asData(event.data);
    const key = known.get(subscriptionId) ?? null;
    const usable = key && key !== 'erased' ? key : null;
    const rest = { ...without(data, sealing.fields), subscriptionId };
    // Made only for an erased subscriber (a replay opens every sealed event).
    const erased = (): RecordedEvent => ({
      ...event,
      data: { ...rest, ...(sealing.format === 'email' ? { email: null } : {}), erased: true },
    });
    if (sealing.format === 'email' && typeof data.sealedEmail === 'string') {
      const email = usable ? openEmail(usable, subscriptionId, data.sealedEmail) : null;
      return email === null ? erased() : { ...event, data: { ...rest, email } };
    }
    if (sealing.format === 'json' && typeof data.sealed === 'string') {
      const opened = usable ? openJson(openEmail(usable, subscriptionId, data.sealed)) : null;
      return opened === null ? erased() : { ...event, data: { ...rest, ...opened } };
    }
    // The old shape (plaintext, before sealing): as it is, unless the subscription was erased.
    return key === 'erased' ? erased() : event;
  }

  /** Opens a page of events with one look-up of the keys it needs. */
  async function openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const ids = events.map(subscriptionOf).filter((id): id is string => id !== null);
    if (ids.length === 0) return events;
    const known = await keys.findMany(ids);
    return events.map((event) => open(event, known));
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
      return inner.append(streamId, await prepare(events), expected);
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
      return inner.appendMany(prepared);
    },
    readStream: async (streamId) => openAll(await inner.readStream(streamId)),
    readAll: async (options) => openAll(await inner.readAll(options)),
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
      await inner.close();
      await keys.close();
    },
  };
}
