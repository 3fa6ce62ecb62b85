import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createSqliteClickCounter } from '../../../projections/clicks';
import { describeClickCounterContract } from './click-counter.contract';

const dir = mkdtempSync(path.join(tmpdir(), 'vial-clicks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

describeClickCounterContract('sqlite', async () => {
  const file = path.join(dir, `clicks-${++n}.sqlite`);
  return {
    counter: createSqliteClickCounter({ path: file }),
    reopen: async () => createSqliteClickCounter({ path: file }),
  };
});

describe('SQLite click counter', () => {
  it('keeps its file in WAL mode', async () => {
    const file = path.join(dir, 'wal.sqlite');
    const counter = createSqliteClickCounter({ path: file });
    counter.count('p1', '2026-11-23');
    await counter.flush();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    await counter.close();
  });
});
