/**
 * The thread that opens a replay's sealed subscriber texts (./opening-thread.ts): answers each
 * page's texts in order, with the keys it is sent or, on the embedded profile, the keys it
 * reads from the key store's file over its own connection. Loads the sealing module, the key
 * store and better-sqlite3 only, so it starts in milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteSubscriberKeyStore } from '../../commands/newsletter/key-store';
import { openEmail } from '../../commands/newsletter/seal';
import {
  KEY_BYTES,
  type OpenAnswer,
  type OpenRequest,
  type OpeningThreadData,
} from './opening-protocol';

if (!parentPort) throw new Error('opening-worker.ts runs as a worker thread');
const port = parentPort;
const { keyFile } = workerData as OpeningThreadData;
const keyStore = keyFile ? SqliteSubscriberKeyStore.open(keyFile) : null;

async function keysOf(request: OpenRequest): Promise<(Buffer | null)[]> {
  const { keys, subscriptionIds } = request;
  if (keys) return subscriptionIds.map((_, i) => Buffer.from(keys, i * KEY_BYTES, KEY_BYTES));
  if (!keyStore) throw new Error('The opening thread was sent no keys and has no key store');
  const known = await keyStore.findMany(subscriptionIds);
  return subscriptionIds.map((id) => {
    const key = known.get(id);
    return key === undefined || key === 'erased' ? null : key;
  });
}

port.on('message', (request: OpenRequest) => {
  // A failure is thrown out of the thread (an uncaught exception ends it): its caller is told
  // and opens the texts itself from then on (opening-thread.ts).
  void answer(request).catch((error: unknown) =>
    setImmediate(() => {
      throw error;
    }),
  );
});

async function answer(request: OpenRequest): Promise<void> {
  const keys = await keysOf(request);
  const { id, subscriptionIds, sealed } = request;
  const texts = new Array<string | null>(sealed.length);
  for (let i = 0; i < sealed.length; i++) {
    const key = keys[i];
    texts[i] = key ? openEmail(key, subscriptionIds[i] as string, sealed[i] as string) : null;
  }
  const opened: OpenAnswer = { id, texts };
  port.postMessage(opened);
}
