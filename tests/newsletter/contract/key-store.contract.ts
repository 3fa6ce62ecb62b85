/**
 * The subscriber key store's contract (commands/newsletter/key-store.ts), run against each
 * adapter: SQLite (embedded) and MongoDB (distributed).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriberKeyStore } from '../../../commands/newsletter';

export interface KeyStoreHandle {
  store: SubscriberKeyStore;
  dispose(): Promise<void>;
}

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

export function describeKeyStoreContract(
  name: string,
  open: () => Promise<KeyStoreHandle>,
  skipReason?: string,
) {
  if (skipReason) console.warn(`[key-store ${name}] skipped: ${skipReason}`);
  describe.skipIf(skipReason !== undefined)(`SubscriberKeyStore contract: ${name}`, () => {
    let handle: KeyStoreHandle;
    beforeEach(async () => {
      handle = await open();
    });
    afterEach(async () => {
      await handle.dispose();
    });

    it('makes a 32-byte key once per subscription and returns the same one after', async () => {
      const { store } = handle;
      expect(await store.find(A)).toBeNull();
      const key = await store.keyFor(A);
      expect(key).toHaveLength(32);
      expect((await store.keyFor(A)).equals(key)).toBe(true);
      expect(((await store.find(A)) as Buffer).equals(key)).toBe(true);
      expect((await store.keyFor(B)).equals(key)).toBe(false);
    });

    it('concurrent first calls agree on one key', async () => {
      const keys = await Promise.all(Array.from({ length: 8 }, () => handle.store.keyFor(A)));
      for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    });

    it('destroy leaves a tombstone: find says erased; idempotent; unknown ids too', async () => {
      const { store } = handle;
      await store.keyFor(A);
      await store.destroy(A);
      expect(await store.find(A)).toBe('erased');
      await store.destroy(A);
      expect(await store.find(A)).toBe('erased');
      await store.destroy(B);
      expect(await store.find(B)).toBe('erased');
    });

    it('a key asked for after its destruction is a new one', async () => {
      const { store } = handle;
      const first = await store.keyFor(A);
      await store.destroy(A);
      const second = await store.keyFor(A);
      expect(second.equals(first)).toBe(false);
      expect(((await store.find(A)) as Buffer).equals(second)).toBe(true);
    });

    it('findMany answers the known ones (keys and tombstones), skipping unknown ids', async () => {
      const { store } = handle;
      const key = await store.keyFor(A);
      await store.destroy(B);
      const found = await store.findMany([A, B, 'c'.repeat(64), A]);
      expect([...found.keys()].sort()).toEqual([A, B]);
      expect((found.get(A) as Buffer).equals(key)).toBe(true);
      expect(found.get(B)).toBe('erased');
      expect((await store.findMany([])).size).toBe(0);
    });

    // ---- The address -> subscription links (a keyed hash of the address, never the address) ----

    const L1 = '1'.repeat(64);
    const L2 = '2'.repeat(64);

    it('linkSecret is made once (32 bytes) and is the same on every call', async () => {
      const { store } = handle;
      const secrets = await Promise.all(Array.from({ length: 4 }, () => store.linkSecret()));
      expect(secrets[0]).toHaveLength(32);
      for (const secret of secrets) expect(secret.equals(secrets[0]!)).toBe(true);
      expect((await store.linkSecret()).equals(secrets[0]!)).toBe(true);
    });

    it('link is insert-if-absent: the first id linked wins, linked() reads it', async () => {
      const { store } = handle;
      expect(await store.linked(L1)).toBeNull();
      expect(await store.link(L1, A)).toBe(A);
      expect(await store.link(L1, B)).toBe(A);
      expect(await store.linked(L1)).toBe(A);
      expect(await store.link(L2, B)).toBe(B);
    });

    it('concurrent links of one lookup agree on one id', async () => {
      const ids = Array.from({ length: 8 }, (_, i) => String(i).repeat(64));
      const linked = await Promise.all(ids.map((id) => handle.store.link(L1, id)));
      expect(new Set(linked).size).toBe(1);
      expect(ids).toContain(linked[0]);
    });

    it('destroy removes the links to the subscription (erasure shreds the link too)', async () => {
      const { store } = handle;
      await store.link(L1, A);
      await store.link(L2, B);
      await store.keyFor(A);
      await store.destroy(A);
      expect(await store.linked(L1)).toBeNull();
      expect(await store.linked(L2)).toBe(B);
      // Linking again afterwards (a new subscription) works.
      expect(await store.link(L1, B)).toBe(B);
    });

    it('forget removes a subscription row for good (key or tombstone); idempotent', async () => {
      const { store } = handle;
      await store.destroy(A);
      await store.keyFor(B);
      await store.forget(A);
      await store.forget(B);
      await store.forget('c'.repeat(64));
      expect(await store.find(A)).toBeNull();
      expect(await store.find(B)).toBeNull();
    });
  });
}
