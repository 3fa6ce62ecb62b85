import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import type { EventMetadata } from '../../domain/shared/envelope';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './port';
import { appendInOrder } from './compensating-append';
import { assertAppendable } from './expected-revision';

const MASK_64 = (1n << 64n) - 1n;
/** The stream whose metadata holds the store's identity (no event of it is ever in $all). */
export const STORE_IDENTITY_STREAM = 'vial-store-identity';
const PAGE = 500;
const DEFAULT_READ_LIMIT = 1000;
/** Events read backwards for the head: enough to step over the server's own $stats events. */
const HEAD_READ = 32;

/** One bigint for the port: (commit << 64) | prepare. Ordering follows the commit position. */
export function packPosition(position: Position): bigint {
  return (position.commit << 64n) | position.prepare;
}

export function unpackPosition(packed: bigint): Position {
  return { commit: packed >> 64n, prepare: packed & MASK_64 };
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

const isSystemType = (type: string) => type.startsWith('$');

function toRecorded(resolved: AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystemType(event.type) || !event.isJson || !event.position) return null;
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position: packPosition(event.position),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

/**
 * The distributed profile's event store on EventStoreDB / KurrentDB (client 6.x).
 *
 * Each event's id is its metadata.eventId, so the server treats a retried append of the same
 * events as idempotent. System events (`$`-prefixed types) are never returned.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private identity: Promise<string> | null = null;

  constructor(private readonly client: EventStoreDBClient) {}

  /** `url` like `esdb://localhost:2113?tls=false`. */
  static async connect(url: string): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    assertAppendable(events, expected);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.metadata.eventId,
            type: e.type,
            // Domain event data is always a JSON object; the port keeps it `unknown`.
            data: (e.data ?? null) as JSONType,
            metadata: e.metadata,
          }),
        ),
        { expectedRevision: toExpectedRevision(expected) },
      );
      if (!result.position)
        throw new Error('EventStoreDB did not return a position (server < 21?)');
      return {
        nextRevision: Number(result.nextExpectedRevision),
        position: packPosition(result.position),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new ConcurrencyError(
          streamId,
          expected,
          actual === NO_STREAM || typeof actual !== 'bigint' ? 'no_stream' : Number(actual),
        );
      }
      throw error;
    }
  }

  /**
   * EventStoreDB 6.x has no transaction across streams: the streams are appended in order and
   * a refusal is compensated with the earlier streams' `undo` events (compensating-append.ts).
   * Every stream is checked appendable first, so a malformed one writes nothing.
   */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    for (const { events, expected } of appends) assertAppendable(events, expected);
    return appendInOrder(appends, (a) => this.append(a.streamId, a.events, a.expected));
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        const event = resolved.event;
        if (!event || isSystemType(event.type)) continue;
        events.push({
          streamId: event.streamId,
          revision: Number(event.revision),
          position: event.position ? packPosition(event.position) : 0n,
          type: event.type,
          data: event.data,
          metadata: event.metadata as unknown as EventMetadata,
        });
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** Non-system events of $all in one direction, page by page, strictly beyond `from`. */
  private async *scanAll(
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: bigint | null,
    /** Events wanted: a smaller first read when only a few are (the head, a short lag). */
    wanted = PAGE,
  ): AsyncGenerator<RecordedEvent> {
    // At least 2: a read from `cursor` includes the event at it, which is skipped.
    const page = Math.max(2, Math.min(PAGE, wanted));
    let cursor: ReadPosition =
      from === null ? (direction === FORWARDS ? START : END) : unpackPosition(from);
    let boundary = from;
    for (;;) {
      let read = 0;
      for await (const resolved of this.client.readAll({
        direction,
        fromPosition: cursor,
        maxCount: page,
      })) {
        read++;
        const position = resolved.event?.position;
        if (!position) continue;
        const packed = packPosition(position);
        // The read starts at `cursor` inclusively: skip what is at or before the boundary.
        if (
          boundary !== null &&
          (direction === FORWARDS ? packed <= boundary : packed >= boundary)
        ) {
          continue;
        }
        boundary = packed;
        cursor = position;
        const event = toRecorded(resolved);
        if (event) yield event;
      }
      if (read < page) return;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? DEFAULT_READ_LIMIT;
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    for await (const event of this.scanAll(FORWARDS, options.after ?? null)) {
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  /** One short backwards read (more only while the newest events are all system events). */
  async headPosition(): Promise<bigint> {
    for await (const event of this.scanAll(BACKWARDS, null, HEAD_READ)) return event.position;
    return 0n;
  }

  /**
   * Kept in the metadata of STORE_IDENTITY_STREAM (a `$metadata` system event, never read as a
   * domain event), written once at 'no stream': the first connection to a new server creates
   * it, every other one reads it back.
   */
  storeId(): Promise<string> {
    this.identity ??= this.readOrCreateIdentity().catch((error: unknown) => {
      this.identity = null;
      throw error;
    });
    return this.identity;
  }

  private async readOrCreateIdentity(): Promise<string> {
    const read = async () => {
      const { metadata } = await this.client.getStreamMetadata<{ storeId?: unknown }>(
        STORE_IDENTITY_STREAM,
      );
      return typeof metadata?.storeId === 'string' ? metadata.storeId : null;
    };
    const existing = await read();
    if (existing) return existing;
    try {
      await this.client.setStreamMetadata(
        STORE_IDENTITY_STREAM,
        { storeId: randomUUID() },
        { expectedRevision: NO_STREAM },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
    const created = await read();
    if (!created)
      throw new Error(`EventStoreDB holds no store identity in ${STORE_IDENTITY_STREAM}`);
    return created;
  }

  async countAfter(after: bigint, max: number): Promise<number> {
    let count = 0;
    if (max <= 0) return count;
    for await (const _event of this.scanAll(FORWARDS, after === 0n ? null : after, max)) {
      count++;
      if (count >= max) break;
    }
    return count;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let closed = false;
    let lastDelivered = options.after ?? 0n;
    const source: AllStreamSubscription = this.client.subscribeToAll({
      fromPosition: options.after ? unpackPosition(options.after) : START,
      filter: excludeSystemEvents(),
    });
    const subscription: Subscription = {
      close: async () => {
        if (closed) return;
        closed = true;
        this.subscriptions.delete(subscription);
        await source.unsubscribe();
      },
    };
    this.subscriptions.add(subscription);

    const fail = (error: unknown) => {
      if (closed) return;
      void subscription.close().catch(() => undefined);
      options.onError?.(error);
    };

    // The async iterator pulls one event at a time, so onEvent is awaited before the next one.
    void (async () => {
      try {
        for await (const resolved of source) {
          if (closed) return;
          const event = toRecorded(resolved);
          if (!event || event.position <= lastDelivered) continue;
          await options.onEvent(event);
          lastDelivered = event.position;
        }
        fail(new Error('The EventStoreDB subscription ended'));
      } catch (error) {
        fail(error);
      }
    })();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close().catch(() => undefined)));
    await this.client.dispose();
  }
}
