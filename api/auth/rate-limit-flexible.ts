import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitResult, type RateLimiter, type RateLimitResult } from './rate-limit';

/** Builds one rate-limiter-flexible limiter; every limiter of a store counts in one key space. */
export type LimiterFor = (points: number, durationSeconds: number) => RateLimiterAbstract;

/**
 * The port on top of rate-limiter-flexible, whose limiters fix points and duration when built:
 * one limiter per (limit, window) the callers ask for, built on first use. Windows count in
 * whole seconds, rounded up, because the Redis store sets its expiry in seconds.
 */
export function flexibleRateLimiter(
  limiterFor: LimiterFor,
  close: () => Promise<void>,
): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (limit: number, windowMs: number): RateLimiterAbstract => {
    const seconds = Math.max(1, Math.ceil(windowMs / 1000));
    const id = `${limit}/${seconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = limiterFor(limit, seconds);
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      let counted: RateLimiterRes;
      try {
        counted = await limiterOf(limit, windowMs).consume(key);
      } catch (refusal) {
        // A refusal arrives as the rejection's RateLimiterRes; anything else is a store failure.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        counted = refusal;
      }
      return rateLimitResult(counted.consumedPoints, limit, counted.msBeforeNext);
    },
    async reset(key: string) {
      // The stored key does not depend on points or duration, so any limiter deletes it.
      await limiterOf(1, 1_000).delete(key);
    },
    close,
  };
}
