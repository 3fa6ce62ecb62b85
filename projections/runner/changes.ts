/**
 * What the runner's projectors changed, told as it happens (ProjectionRunner.onReadModelsChanged):
 * after an event is applied, the collections of each projector that read it (its declared
 * `collections`), said before the read-your-writes waiters are answered; after a failure, the
 * failing projector's (what it wrote before failing may show); after checkpoints are reloaded
 * (a catch-up, a rebuild's swap, a resume), everything.
 */
import type { ReadModelChange } from '../read-tracking';

export type ReadModelsListener = (change: ReadModelChange) => void;

export class ReadModelChanges {
  private readonly listeners = new Set<ReadModelsListener>();

  /** `report`: told when a listener throws (the projection goes on). */
  constructor(private readonly report: (error: unknown) => void) {}

  listen(listener: ReadModelsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  collections(collections: readonly string[]): void {
    if (this.listeners.size > 0) this.emit({ collections });
  }

  everything(): void {
    if (this.listeners.size > 0) this.emit({ everything: true });
  }

  private emit(change: ReadModelChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.report(error);
      }
    }
  }
}
