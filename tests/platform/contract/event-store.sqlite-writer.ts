/**
 * Child process of the durability test: keeps several appends in flight against a SQLite event
 * store (so they share group commits) and prints "ack <n>" when append n has returned. The
 * parent kills it with SIGKILL mid-write.
 * Usage: node --import tsx tests/platform/contract/event-store.sqlite-writer.ts <file>
 */
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';

const file = process.argv[2];
if (!file) throw new Error('usage: event-store.sqlite-writer.ts <file>');

const store = SqliteEventStore.open(file);
let next = 1;

async function writer(): Promise<void> {
  for (;;) {
    const n = next++;
    const id = randomUUID();
    await store.append(
      `durability-${n % 7}`,
      [
        {
          type: 'Written',
          data: { n },
          metadata: {
            eventId: id,
            occurredAt: new Date().toISOString(),
            actor: { kind: 'system', id: 'system' },
            correlationId: id,
            causationId: id,
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    process.stdout.write(`ack ${n}\n`);
  }
}

await Promise.all(Array.from({ length: 8 }, writer));
