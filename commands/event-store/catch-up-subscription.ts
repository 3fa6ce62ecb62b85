import type { RecordedEvent, SubscribeOptions, Subscription } from './port';

/** Reads the next events strictly after a position, oldest first (an empty array: caught up). */
export type ReadAfter = (
  after: bigint,
  limit: number,
) => RecordedEvent[] | Promise<RecordedEvent[]>;

const BATCH = 256;

/**
 * A subscription driven by wake-ups: every wake-up makes it read and deliver everything after
 * its checkpoint, one event at a time, until a read comes back empty. Because it only ever
 * reads strictly after the last delivered position, an event is never delivered twice, and a
 * wake-up that arrives while it is delivering is covered by the final (empty) read.
 */
export class CatchUpSubscription implements Subscription {
  private checkpoint: bigint;
  private pumping = false;
  private closed = false;

  constructor(
    private readonly readAfter: ReadAfter,
    private readonly options: SubscribeOptions,
    private readonly onClosed: (subscription: CatchUpSubscription) => void,
  ) {
    this.checkpoint = options.after ?? 0n;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ask for delivery of whatever is new. Cheap when nothing is. */
  wake(): void {
    if (this.closed || this.pumping) return;
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        if (this.closed) return;
        const batch = await this.readAfter(this.checkpoint, BATCH);
        if (batch.length === 0) return;
        for (const event of batch) {
          // Checked before every delivery: once close() is called, no new onEvent starts.
          if (this.closed) return;
          await this.options.onEvent(event);
          this.checkpoint = event.position;
        }
        // Reads and resolved awaits are microtasks only: yield to the event loop between
        // batches so that a long catch-up does not starve HTTP requests and timers.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      if (this.closed) return;
      // The subscription drops once; the caller restarts it from its own checkpoint.
      this.closeNow();
      this.options.onError?.(error);
    }
  }

  private closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed(this);
  }

  /**
   * Stops delivery. It does not wait for an onEvent in flight, so that a handler may close its
   * own subscription without deadlocking.
   */
  async close(): Promise<void> {
    this.closeNow();
  }
}
