import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionData, SessionStore } from '../../../api/auth/session-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;

/**
 * The contract every SessionStore adapter honours. Admin ids are unique per test, so a shared
 * Redis never mixes runs. Expiry is checked with short real TTLs and generous waits; no test
 * asserts that something is still there at the edge of its TTL.
 */
export function describeSessionStoreContract(
  name: string,
  factory: () => SessionStore | Promise<SessionStore>,
): void {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    let run: string;

    beforeEach(async () => {
      store = await factory();
      run = randomUUID().slice(0, 8);
    });
    afterEach(async () => {
      await store.close();
    });

    const data = (admin = 'a1', overrides: Partial<SessionData> = {}): SessionData => ({
      adminId: `${admin}-${run}`,
      email: `${admin}@vialcompare.example`,
      csrfToken: randomUUID(),
      createdAt: 1_750_000_000_123,
      ...overrides,
    });

    it('creates sessions under distinct 43-character base64url ids', async () => {
      const ids = await Promise.all([store.create(data(), HOUR), store.create(data(), HOUR)]);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(ids[0]).not.toEqual(ids[1]);
    });

    it('gives back the exact data with an expiry about ttl from now', async () => {
      const stored = data('a1', { email: 'Ops+Admin@VialCompare.example' });
      const before = Date.now();
      const id = await store.create(stored, HOUR);
      const session = await store.get(id);
      expect(session).toMatchObject(stored);
      expect(session!.expiresAt).toBeGreaterThan(before + HOUR - 5_000);
      expect(session!.expiresAt).toBeLessThanOrEqual(Date.now() + HOUR + 5_000);
    });

    it.each([
      ['an unknown id', 'A'.repeat(43)],
      ['a malformed id', 'not a session id'],
      ['an empty id', ''],
      ['a too long id', 'A'.repeat(44)],
    ])('answers null for %s', async (_case, id) => {
      expect(await store.get(id)).toBeNull();
    });

    it('forgets a session once its ttl has passed', async () => {
      const id = await store.create(data(), 150);
      await sleep(400);
      expect(await store.get(id)).toBeNull();
    });

    it('touch moves the expiry forward (sliding sessions)', async () => {
      const id = await store.create(data(), 300);
      await store.touch(id, HOUR);
      await sleep(500);
      const session = await store.get(id);
      expect(session?.adminId).toBe(`a1-${run}`);
      expect(session!.expiresAt).toBeGreaterThan(Date.now() + HOUR - 10_000);
    });

    it('touch of an unknown id creates nothing and does not throw', async () => {
      const id = 'B'.repeat(43);
      await store.touch(id, HOUR);
      expect(await store.get(id)).toBeNull();
    });

    it('destroy removes one session and leaves the others', async () => {
      const [gone, kept] = await Promise.all([
        store.create(data(), HOUR),
        store.create(data(), HOUR),
      ]);
      await store.destroy(gone);
      expect(await store.get(gone)).toBeNull();
      expect(await store.get(kept)).not.toBeNull();
      await expect(store.destroy(gone)).resolves.toBeUndefined();
      await expect(store.destroy('junk')).resolves.toBeUndefined();
    });

    it('destroyAllFor signs one administrator out everywhere, nobody else', async () => {
      const laptop = await store.create(data('a1'), HOUR);
      const phone = await store.create(data('a1'), 2 * HOUR);
      const colleague = await store.create(data('a2'), HOUR);
      await store.destroyAllFor(`a1-${run}`);
      expect(await store.get(laptop)).toBeNull();
      expect(await store.get(phone)).toBeNull();
      expect((await store.get(colleague))?.adminId).toBe(`a2-${run}`);
    });

    it('destroyAllFor also reaches sessions created after an earlier destroyAllFor', async () => {
      await store.create(data('a1'), HOUR);
      await store.destroyAllFor(`a1-${run}`);
      const later = await store.create(data('a1'), HOUR);
      expect(await store.get(later)).not.toBeNull();
      await store.destroyAllFor(`a1-${run}`);
      expect(await store.get(later)).toBeNull();
    });

    it('destroyAllFor of an administrator without sessions does nothing', async () => {
      await expect(store.destroyAllFor(`nobody-${run}`)).resolves.toBeUndefined();
    });
  });
}
