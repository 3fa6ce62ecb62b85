/**
 * Leases: exactly one runner per projector at a time across the cluster (distributed
 * profile). A runner projects a projector only while it holds its lease; the lease carries a
 * fencing token, larger for every new holder, that the checkpoint write checks
 * (ReadStore.setCheckpoint with a token refuses a token older than the stored one), so a
 * holder that was paused past its lease's expiry cannot move a checkpoint afterwards.
 *
 * Adapters: Redis (./redis.ts: SET NX PX, renewed by a compare-and-extend script, tokens from
 * INCR) and the in-process one (./local.ts: the embedded profile's single runner).
 */
export interface HeldLease {
  /** Fencing token: strictly larger than every earlier holder's. */
  readonly token: number;
  /** Extends the lease if still held; false when it was lost (expired and taken, or released). */
  renew(): Promise<boolean>;
  /** Gives the lease up (a no-op when it is no longer held). */
  release(): Promise<void>;
}

export interface LeaseProvider {
  /** How long a lease lasts without renewal (a dead holder is replaced after at most this). */
  readonly ttlMs: number;
  /** Takes the named lease when nobody holds it; null when someone does. */
  acquire(name: string): Promise<HeldLease | null>;
  /**
   * A fencing token larger than every one handed out so far, without the lease: a rebuild
   * writes the swapped checkpoints with it, so the holder at that moment has its next write
   * refused and takes the lease again from the new checkpoint.
   */
  nextToken(name: string): Promise<number>;
  close(): Promise<void>;
}

/** A checkpoint write refused: a newer lease holder has written (or claimed) it. */
export class StaleLeaseError extends Error {
  override readonly name = 'StaleLeaseError';
  constructor(
    readonly projection: string,
    readonly token: number,
    readonly storedToken: number | null,
  ) {
    super(
      `Checkpoint of ${projection} refused: fencing token ${token} is older than the stored ${storedToken ?? 'one'}`,
    );
  }
}
