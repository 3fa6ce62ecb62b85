import type { HeldLease, LeaseProvider } from './port';

/**
 * Leases in process: the embedded profile has one runner, so every lease is free unless this
 * process holds it already. Tokens still grow, so the fencing rule is exercised the same way.
 */
export class LocalLeaseProvider implements LeaseProvider {
  readonly ttlMs = Number.POSITIVE_INFINITY;
  private readonly held = new Set<string>();
  private issued = 0;

  async acquire(name: string): Promise<HeldLease | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    const token = ++this.issued;
    let holding = true;
    return {
      token,
      renew: async () => holding,
      release: async () => {
        if (!holding) return;
        holding = false;
        this.held.delete(name);
      },
    };
  }

  async nextToken(): Promise<number> {
    return ++this.issued;
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}
