/**
 * The thread that opens a replay's sealed subscriber texts (./opening-thread.ts): answers each
 * page's texts in order. Loads ../../commands/newsletter/seal.ts and node:crypto only, so it
 * starts in milliseconds.
 */
import { parentPort } from 'node:worker_threads';
import { openEmail } from '../../commands/newsletter/seal';
import { KEY_BYTES, type OpenRequest, type OpenAnswer } from './opening-protocol';

if (!parentPort) throw new Error('opening-worker.ts runs as a worker thread');
const port = parentPort;

port.on('message', ({ id, keys, subscriptionIds, sealed }: OpenRequest) => {
  const texts = new Array<string | null>(sealed.length);
  for (let i = 0; i < sealed.length; i++) {
    const key = Buffer.from(keys, i * KEY_BYTES, KEY_BYTES);
    texts[i] = openEmail(key, subscriptionIds[i] as string, sealed[i] as string);
  }
  const answer: OpenAnswer = { id, texts };
  port.postMessage(answer);
});
