/** The projection runner's public shape: what it is given and what it answers. */
import type { EventSource } from '../event-source';
import type { LeaseProvider } from '../lease';
import type { Projector } from '../projector';
import type { ReadStore } from '../read-store/port';
import type { PausableProjections, RebuildElsewhere } from '../rebuild';
import type { ReadModelsListener } from './changes';

export interface ProjectionRunnerOptions {
  readStore: ReadStore;
  eventStore: EventSource;
  projectors: Projector[];
  /** First delay before resubscribing after an error (default 100 ms). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Told about every handler or subscription error (default: console.error). */
  onError?: (projector: string, error: unknown) => void;
  /** One runner per projector across processes (see leases.ts); absent: this runner runs all. */
  lease?: LeaseProvider;
  /** Told when this runner takes or loses a projector's lease. */
  onLease?: (projector: string, held: boolean, token: number) => void;
  /** Shares a rebuild from scratch with another thread (see RebuildOptions.elsewhere). */
  rebuildElsewhere?: RebuildElsewhere;
  /**
   * Told when a catch-up in pages begins (the projectors are over CATCH_UP_IN_PAGES_AFTER
   * events behind) and when it ends, with the events replayed: an operator watching a start
   * with a long log sees why it is not ready yet.
   */
  onCatchUp?: (progress: { done: false } | { done: true; events: number; ms: number }) => void;
}

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  /** Events after its checkpoint (counted up to LAG_COUNT_LIMIT). */
  behind: number;
  failures: number;
}

export interface ProjectionRunner extends PausableProjections {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves true once every projector has applied `position` (read-your-writes), false
   * after `timeoutMs` (default 2000).
   */
  waitFor(position: bigint | string, timeoutMs?: number): Promise<boolean>;
  /** Events after the slowest projector's checkpoint (counted up to LAG_COUNT_LIMIT). */
  lag(): Promise<number>;
  /**
   * A number that changes whenever a read model this runner projects may have changed (an
   * event applied, checkpoints reloaded after a catch-up or a rebuild), read without I/O; null
   * with leases, where other processes project too and their changes are not seen here.
   */
  readModelsVersion(): number | null;
  /**
   * Tells `listener` what the projectors change, as they change it (see changes.ts): the
   * collections of each projector that applied an event, or everything. Returns the way to
   * stop; null with leases (other processes project too: their changes are not seen here).
   */
  onReadModelsChanged(listener: ReadModelsListener): (() => void) | null;
  status(): Promise<ProjectionStatus[]>;
  /** Stops the named projectors' subscriptions and waits for an event in flight (for rebuilds). */
  pause(names: string[]): Promise<void>;
  /** Restarts the named projectors from their stored checkpoints. */
  resume(names: string[]): Promise<void>;
}
