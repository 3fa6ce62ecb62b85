import type { EventMetadata } from '../../domain/shared/envelope';

/**
 * The EventStore port. Adapters: SQLite (embedded profile) and EventStoreDB (distributed).
 *
 * Revisions are 0-based per stream: a stream with one event is at revision 0.
 * Positions are global, strictly increasing across all streams, and opaque beyond ordering:
 * SQLite uses its sequence number; EventStoreDB packs (commit << 64) | prepare into one bigint.
 * Positions cross process boundaries (HTTP, checkpoints) as decimal strings.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  streamId: string;
  revision: number;
  position: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last appended event in its stream. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: bigint;
}

/** One stream's part of a multi-stream append (appendMany). */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  /**
   * Events that take this stream's events back (a slug reservation's release), for adapters
   * without a multi-stream transaction: appended when a later stream of the same appendMany is
   * refused. Events the deciders fold like any other, never a deletion.
   */
  undo?: NewEvent[];
}

export interface ReadAllOptions {
  /** Exclusive: only events strictly after this position. Omitted: from the very start. */
  after?: bigint;
  /** Maximum number of events returned (default 1000). */
  limit?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive start position; omitted: from the start. */
  after?: bigint;
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called once if the subscription drops; the caller restarts it from its checkpoint. */
  onError?(error: unknown): void;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * One command's appends to several streams, all or nothing: when any stream's expected
   * revision does not hold, the ConcurrencyError names it and no stream keeps what was asked.
   * SQLite commits them in one transaction. EventStoreDB (no multi-stream transaction) appends
   * them in order and, when one is refused, appends the `undo` events of the ones before; so
   * callers put the streams with an undo (reservations) first and the aggregate's stream last.
   * Answers one result per stream, in order.
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up (history after `after`), then live events, in order, one at a time. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the newest event, or 0n when the store is empty. */
  headPosition(): Promise<bigint>;
  /**
   * The store's identity, created with its log: the same across restarts and connections,
   * another one for a different or a wiped store. Checkpoints carry it, so a read model pointed
   * at another log is rebuilt instead of waiting beyond that log's end.
   */
  storeId(): Promise<string>;
  /**
   * How many events lie strictly after `after`, counting at most `max` (then answering `max`):
   * a lag in events, whatever the positions look like (EventStoreDB's are byte offsets).
   */
  countAfter(after: bigint, max: number): Promise<number>;
  close(): Promise<void>;
}

/** Raised when the stream's revision is not the one the command expected. The API answers 409. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(
      `Stream ${streamId} is at ${actual === 'no_stream' ? 'no stream' : `revision ${actual}`}, expected ${String(expected)}`,
    );
  }
}
