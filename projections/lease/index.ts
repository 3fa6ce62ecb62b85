/**
 * Leases: one holder of a name at a time across processes, with fencing tokens. The port is
 * what the runner uses; the adapters (local.ts, redis.ts) are chosen by the composition root,
 * which imports them by file so no process loads a Redis client it does not use.
 */
export { StaleLeaseError } from './port';
export type { HeldLease, LeaseProvider } from './port';
