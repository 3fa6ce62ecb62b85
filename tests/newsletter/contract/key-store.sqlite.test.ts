import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteSubscriberKeyStore } from '../../../commands/newsletter';
import { describeKeyStoreContract } from './key-store.contract';

describeKeyStoreContract('sqlite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vial-keys-'));
  const store = SqliteSubscriberKeyStore.open(path.join(dir, 'subscriber-keys.sqlite'));
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteSubscriberKeyStore on disk', () => {
  it('a destroyed key is not left in the file or its write-ahead log', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-keys-'));
    const file = path.join(dir, 'subscriber-keys.sqlite');
    try {
      const store = SqliteSubscriberKeyStore.open(file);
      const key = await store.keyFor('a'.repeat(64));
      await store.destroy('a'.repeat(64));
      await store.close();
      const bytes = Buffer.concat(
        [file, `${file}-wal`].flatMap((f) => {
          try {
            return [readFileSync(f)];
          } catch {
            return [];
          }
        }),
      );
      expect(bytes.includes(key)).toBe(false);
      // Reopened: still a tombstone.
      const again = SqliteSubscriberKeyStore.open(file);
      expect(await again.find('a'.repeat(64))).toBe('erased');
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the link secret survives a reopen; a destroyed link leaves no bytes in the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-keys-'));
    const file = path.join(dir, 'subscriber-keys.sqlite');
    const lookup = '9f'.repeat(32);
    try {
      const store = SqliteSubscriberKeyStore.open(file);
      const secret = await store.linkSecret();
      await store.link(lookup, 'a'.repeat(64));
      await store.destroy('a'.repeat(64));
      await store.close();
      const bytes = Buffer.concat(
        [file, `${file}-wal`].flatMap((f) => {
          try {
            return [readFileSync(f)];
          } catch {
            return [];
          }
        }),
      );
      expect(bytes.includes(Buffer.from(lookup))).toBe(false);
      const again = SqliteSubscriberKeyStore.open(file);
      expect((await again.linkSecret()).equals(secret)).toBe(true);
      expect(await again.linked(lookup)).toBeNull();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
