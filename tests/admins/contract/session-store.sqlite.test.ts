import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../../api/auth/session-store';
import { createSqliteSessionStore, openSqlite } from '../../../api/auth/session-store-sqlite';
import { describeSessionStoreContract } from './session-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'session-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describeSessionStoreContract('sqlite in memory', () =>
  createSqliteSessionStore({ purgeIntervalMs: 0 }),
);
describeSessionStoreContract('sqlite file', () =>
  createSqliteSessionStore({
    filename: join(dir, `sessions-${files++}.sqlite`),
    purgeIntervalMs: 0,
  }),
);

describe('SQLite session store specifics', () => {
  it('stores only the SHA-256 of the id, never the id itself', async () => {
    const db = new Database(':memory:');
    const store = createSqliteSessionStore({ db, purgeIntervalMs: 0 });
    const id = await store.create(
      { adminId: 'a1', email: 'a@x.example', csrfToken: 't', createdAt: 1 },
      60_000,
    );
    const rows = db.prepare('SELECT * FROM admin_sessions').all();
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows).toEqual([expect.objectContaining({ id_hash: hashSessionId(id), admin_id: 'a1' })]);
    await store.close();
    expect(db.open).toBe(true); // a shared database stays open for its owner
    db.close();
  });

  it('purgeExpired deletes expired rows only', async () => {
    let clock = 1_000_000;
    const store = createSqliteSessionStore({ purgeIntervalMs: 0, now: () => clock });
    const data = { adminId: 'a1', email: 'a@x.example', csrfToken: 't', createdAt: clock };
    await store.create(data, 1_000);
    const kept = await store.create(data, 10_000);
    clock += 5_000;
    expect(store.purgeExpired()).toBe(1);
    expect(await store.get(kept)).not.toBeNull();
    await store.close();
  });

  it('survives a restart when backed by a file', async () => {
    const file = join(dir, 'restart.sqlite');
    const first = createSqliteSessionStore({ filename: file, purgeIntervalMs: 0 });
    const id = await first.create(
      { adminId: 'a1', email: 'a@x.example', csrfToken: 't', createdAt: 1 },
      60_000,
    );
    await first.close();
    const second = createSqliteSessionStore({ db: openSqlite(file), purgeIntervalMs: 0 });
    expect((await second.get(id))?.adminId).toBe('a1');
    await second.close();
  });
});
