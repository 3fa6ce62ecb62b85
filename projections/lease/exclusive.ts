import type { LeaseProvider } from './port';

/**
 * Runs `work` while holding the lease `name` (a cluster-wide lock): waits for it (polling
 * every `pollMs`, at most `waitMs`), renews it every ttl/3 while `work` runs, releases it after.
 * Used around a rebuild, so that two rebuilds never swap read models at the same time.
 */
export async function whileHolding<T>(
  leases: LeaseProvider,
  name: string,
  work: () => Promise<T>,
  options: { pollMs?: number; waitMs?: number } = {},
): Promise<T> {
  const pollMs = options.pollMs ?? 250;
  const deadline = Date.now() + (options.waitMs ?? 30 * 60_000);
  let lease = await leases.acquire(name);
  while (!lease) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${name} lock`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    lease = await leases.acquire(name);
  }
  const held = lease;
  const every = Number.isFinite(leases.ttlMs) ? Math.max(20, Math.floor(leases.ttlMs / 3)) : 0;
  const timer = every > 0 ? setInterval(() => void held.renew().catch(() => false), every) : null;
  try {
    return await work();
  } finally {
    if (timer) clearInterval(timer);
    await held.release().catch(() => undefined);
  }
}
