/**
 * What the runner's projectors changed, told as it happens (ProjectionRunner.onReadModelsChanged):
 * after an event is applied, the documents its projectors' writes changed, as they were and are
 * (written.ts; what could not be described document by document: its collection), said before
 * the read-your-writes waiters are answered; after a failure, the failing projector's
 * collections (what it wrote before failing may show); after checkpoints are reloaded (a
 * catch-up, a rebuild's swap, a resume), everything. An event that changed nothing is not told.
 */
import type { DocumentChange, ReadModelChange } from '../read-tracking';

export type ReadModelsListener = (change: ReadModelChange) => void;

export class ReadModelChanges {
  private readonly listeners = new Set<ReadModelsListener>();

  /** `report`: told when a listener throws (the projection goes on). */
  constructor(private readonly report: (error: unknown) => void) {}

  listen(listener: ReadModelsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether anyone listens (else the writes need not be recorded). */
  get listening(): boolean {
    return this.listeners.size > 0;
  }

  collections(collections: readonly string[]): void {
    if (this.listeners.size > 0) this.emit({ collections });
  }

  /** What one event's writes changed: documents, and collections told whole. */
  written(change: { collections: readonly string[]; documents: readonly DocumentChange[] }): void {
    if (this.listeners.size === 0) return;
    if (change.collections.length === 0 && change.documents.length === 0) return;
    this.emit({ collections: change.collections, documents: change.documents });
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
