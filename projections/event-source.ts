/**
 * What the read side needs from the event store, stated here because projections/ may not
 * import commands/ (import direction). The EventStore port of commands/event-store/port.ts
 * satisfies these shapes structurally (a type test keeps them in step).
 */
import type { EventMetadata } from '../domain/shared/envelope';

export interface ProjectedEvent {
  streamId: string;
  revision: number;
  position: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface EventSubscription {
  close(): Promise<void>;
}

export interface EventSource {
  readAll(options?: { after?: bigint; limit?: number }): Promise<ProjectedEvent[]>;
  subscribeToAll(options: {
    after?: bigint;
    onEvent(event: ProjectedEvent): Promise<void> | void;
    onError?(error: unknown): void;
  }): EventSubscription;
  headPosition(): Promise<bigint>;
  /** The log's identity (checkpoints carry it; another one means another or a wiped log). */
  storeId(): Promise<string>;
  /** Events strictly after `after`, counted up to `max`. */
  countAfter(after: bigint, max: number): Promise<number>;
}
