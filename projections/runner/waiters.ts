/**
 * Read-your-writes: callers waiting for a position, answered when the slowest projector's
 * checkpoint reaches it; and the read-models version every checkpoint change moves.
 */
interface Waiter {
  position: bigint;
  resolve(done: boolean): void;
  timer: NodeJS.Timeout;
}

export class Waiters {
  /** Bumped on every change of a checkpoint (see ProjectionRunner.readModelsVersion). */
  version = 0;
  private readonly waiting = new Set<Waiter>();

  /** `reached()`: the slowest projector's checkpoint. */
  constructor(private readonly reached: () => bigint) {}

  /** A read model may have changed, no checkpoint moved forward (nobody to answer). */
  changed(): void {
    this.version++;
  }

  /** A checkpoint moved: answers those waiting for a position it reached. */
  notify(): void {
    this.version++;
    const reached = this.reached();
    for (const waiter of this.waiting) {
      if (waiter.position <= reached) {
        clearTimeout(waiter.timer);
        this.waiting.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /** True once `position` is reached, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    if (position <= this.reached()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiting.delete(waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiting.add(waiter);
    });
  }

  /** The runner stops: everyone still waiting is answered false. */
  cancelAll(): void {
    for (const waiter of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiting.clear();
  }
}
