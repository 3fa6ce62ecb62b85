/**
 * The RateLimiter port: fixed windows counted per key. Adapters: SQLite (embedded profile) and
 * Redis (distributed). A fixed window lets a burst of up to 2 x limit straddle a boundary;
 * for sign-in throttling that is acceptable and keeps one row/key per client.
 */
export interface RateLimitResult {
  /** False once the key has been hit more than `limit` times in the current window. */
  allowed: boolean;
  /** Hits left in the current window (0 when refused). */
  remaining: number;
  /** When refused: milliseconds until the window ends; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key` and says whether it is within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets the key's count (e.g. the e-mail's failed sign-ins after a success). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The shared arithmetic once an adapter knows the count and the time left in the window. */
export function rateLimitResult(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterMs: allowed ? 0 : Math.max(1, msLeft),
  };
}
