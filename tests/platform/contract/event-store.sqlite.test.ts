import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { openEventStore } from '../../../commands/event-store';
import type { NewEvent, RecordedEvent } from '../../../commands/event-store/port';
import { describeEventStoreContract } from './event-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tempFile = () => join(dir, `${randomUUID()}.sqlite`);

describeEventStoreContract('sqlite in memory', () => new SqliteEventStore(':memory:'));
describeEventStoreContract('sqlite file', () =>
  SqliteEventStore.open(tempFile(), { pollIntervalMs: 50 }),
);
describeEventStoreContract('sqlite via openEventStore', () =>
  openEventStore({ kind: 'sqlite', path: tempFile() }),
);

function event(type: string): NewEvent {
  const id = randomUUID();
  return {
    type,
    data: { type },
    metadata: {
      eventId: id,
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system', id: 'system' },
      correlationId: id,
      causationId: id,
      schemaVersion: 1,
    },
  };
}

describe('SqliteEventStore specifics', () => {
  it('has head position 0 and reads nothing when empty', async () => {
    const store = new SqliteEventStore(':memory:');
    expect(await store.headPosition()).toBe(0n);
    expect(await store.readAll()).toEqual([]);
    await store.close();
  });

  it('keeps events across close and reopen of the same file', async () => {
    const file = tempFile();
    const first = SqliteEventStore.open(file);
    await first.append('provider-1', [event('ProviderListed')], 'no_stream');
    await first.close();

    const second = SqliteEventStore.open(file);
    expect((await second.readStream('provider-1')).map((e) => e.type)).toEqual(['ProviderListed']);
    await expect(second.append('provider-1', [event('Again')], 'no_stream')).rejects.toMatchObject({
      name: 'ConcurrencyError',
    });
    await second.close();
  });

  it('keeps its identity across reopening one file; another or a wiped file has another', async () => {
    const file = tempFile();
    const first = SqliteEventStore.open(file);
    const id = await first.storeId();
    const second = SqliteEventStore.open(file);
    expect(await second.storeId()).toBe(id);
    await second.close();
    await first.close();

    const reopened = SqliteEventStore.open(file);
    expect(await reopened.storeId()).toBe(id);
    await reopened.close();

    rmSync(file, { force: true });
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    const wiped = SqliteEventStore.open(file);
    const other = SqliteEventStore.open(tempFile());
    expect(await wiped.storeId()).not.toBe(id);
    expect(await other.storeId()).not.toBe(id);
    expect(await other.storeId()).not.toBe(await wiped.storeId());
    await wiped.close();
    await other.close();
  });

  it('runs a file in WAL mode with synchronous=FULL', async () => {
    const store = SqliteEventStore.open(tempFile());
    expect(store.durability()).toEqual({ journalMode: 'wal', synchronous: 'FULL' });
    await store.close();
  });

  it('refuses to work after close', async () => {
    const store = new SqliteEventStore(':memory:');
    await store.close();
    await expect(store.readAll()).rejects.toThrow(/closed/);
  });

  it('delivers to a subscriber the appends another connection makes to the same file', async () => {
    const file = tempFile();
    const reader = SqliteEventStore.open(file, { pollIntervalMs: 50 });
    const writer = SqliteEventStore.open(file);
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ onEvent: (e) => void seen.push(e) });

    await writer.append('post-1', [event('PostDrafted')], 'no_stream');
    await writer.append('post-1', [event('PostPublished')], 0);

    await vi.waitFor(
      () => expect(seen.map((e) => e.type)).toEqual(['PostDrafted', 'PostPublished']),
      {
        timeout: 5000,
      },
    );
    await subscription.close();
    await writer.close();
    await reader.close();
  });

  it('detects a conflict between two connections on the same file', async () => {
    const file = tempFile();
    const a = SqliteEventStore.open(file);
    const b = SqliteEventStore.open(file);
    await a.append('subscription-x', [event('SubscriptionAdded')], 'no_stream');

    await expect(
      b.append('subscription-x', [event('SubscriptionAdded')], 'no_stream'),
    ).rejects.toMatchObject({
      name: 'ConcurrencyError',
      actual: 0,
    });
    await a.close();
    await b.close();
  });

  it('undoes only the conflicting append of a group commit', async () => {
    const store = new SqliteEventStore(':memory:');

    // Requested in the same turn: they share one transaction.
    const outcomes = await Promise.allSettled([
      store.append('subscription-a', [event('SubscriptionAdded')], 'no_stream'),
      store.append('subscription-a', [event('SubscriptionAdded')], 'no_stream'),
      store.append('subscription-b', [event('SubscriptionAdded')], 'no_stream'),
      store.append('subscription-a', [event('SubscriptionRemoved')], 0),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((await store.readStream('subscription-a')).map((e) => e.type)).toEqual([
      'SubscriptionAdded',
      'SubscriptionRemoved',
    ]);
    expect(await store.readStream('subscription-b')).toHaveLength(1);
    await store.close();
  });

  it('commits appends still queued when closed', async () => {
    const file = tempFile();
    const store = SqliteEventStore.open(file);
    const appended = store.append('post-1', [event('PostDrafted')], 'no_stream');
    await store.close();
    await expect(appended).resolves.toMatchObject({ nextRevision: 0 });

    const reopened = SqliteEventStore.open(file);
    expect(await reopened.readStream('post-1')).toHaveLength(1);
    await reopened.close();
  });

  it('keeps every acknowledged append when the writing process is killed with SIGKILL', async () => {
    const file = tempFile();
    const writer = fileURLToPath(new URL('./event-store.sqlite-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer, file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );

    // Let it write for a while, then kill it mid-stream.
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`writer exited early: ${err}`);
        expect((out.match(/ack /g) ?? []).length).toBeGreaterThanOrEqual(200);
      },
      { timeout: 15_000, interval: 20 },
    );
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const acknowledged = [...out.matchAll(/ack (\d+)\n/g)].map((m) => Number(m[1]));
    const store = SqliteEventStore.open(file);
    const stored = new Set(
      (await store.readAll({ limit: 1_000_000 })).map((e) => (e.data as { n: number }).n),
    );
    await store.close();

    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
  });
});
