/**
 * The sealed event store's opener (commands/newsletter/sealed-event-store.ts) on a worker
 * thread: a replay of subscriber history opens each page's sealed texts on the machine's other
 * core while this thread applies the page before. Measured at 8 µs a text (AES-256-GCM through
 * node:crypto, one decipher each), that was half of such a replay's time on one thread.
 *
 * node:worker_threads directly rather than a pool library: one thread, one kind of message, in
 * order; a pool's queueing, task files and sizing would be more code than this.
 *
 * Started on the first page worth it, never for a site that replays no subscriber history.
 * When the thread cannot start or dies, what it was asked and everything after is opened here:
 * slower, never lost (`onError` is told once).
 */
import { Worker } from 'node:worker_threads';
import { openEmail } from '../../commands/newsletter/seal';
import type { SealedText, SealedTextOpener } from '../../commands/newsletter/sealed-event-store';
import { workerEntry } from '../bootstrap/worker-entry';
import { KEY_BYTES, type OpenAnswer, type OpenRequest } from './opening-protocol';

const OPENING_WORKER = 'workers/newsletter/opening-worker.ts';

interface Asked {
  texts: readonly SealedText[];
  resolve: (texts: (string | null)[]) => void;
}

const openHere = (texts: readonly SealedText[]) =>
  texts.map(({ key, subscriptionId, sealed }) => openEmail(key, subscriptionId, sealed));

export function sealedTextThread(
  options: {
    /** Told once when the thread fails (texts are then opened on the caller's thread). */
    onError?: (error: Error) => void;
    /** The thread's entry, from the project root (tests start one that fails). */
    source?: string;
  } = {},
): SealedTextOpener {
  let worker: Worker | null = null;
  let failed = false;
  let nextId = 0;
  const asked = new Map<number, Asked>();

  function fail(error: Error): void {
    if (failed) return;
    failed = true;
    const dead = worker;
    worker = null;
    void dead?.terminate();
    options.onError?.(error);
    // What it was asked is opened here, in the order asked.
    for (const { texts, resolve } of asked.values()) resolve(openHere(texts));
    asked.clear();
  }

  function start(): Worker {
    const { file, entry } = workerEntry(options.source ?? OPENING_WORKER);
    const thread = new Worker(file, { workerData: entry ? { entry } : {} });
    thread.on('message', ({ id, texts }: OpenAnswer) => {
      const waiting = asked.get(id);
      if (!waiting) return;
      asked.delete(id);
      waiting.resolve(texts);
      // Idle: it must not keep the process alive.
      if (asked.size === 0) thread.unref();
    });
    thread.on('error', fail);
    thread.on('exit', (code) => {
      if (worker === thread) fail(new Error(`The thread opening sealed texts exited (${code})`));
    });
    return thread;
  }

  return {
    openMany(texts) {
      if (failed || texts.some((t) => t.key.length !== KEY_BYTES)) {
        return Promise.resolve(openHere(texts));
      }
      try {
        worker ??= start();
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
        return Promise.resolve(openHere(texts));
      }
      const keys = new ArrayBuffer(texts.length * KEY_BYTES);
      const bytes = new Uint8Array(keys);
      const subscriptionIds: string[] = [];
      const sealed: string[] = [];
      texts.forEach((text, i) => {
        bytes.set(text.key, i * KEY_BYTES);
        subscriptionIds.push(text.subscriptionId);
        sealed.push(text.sealed);
      });
      const id = nextId++;
      const request: OpenRequest = { id, keys, subscriptionIds, sealed };
      const thread = worker;
      return new Promise((resolve) => {
        asked.set(id, { texts, resolve });
        thread.ref();
        // The keys' buffer is moved to the thread, not copied (nor left here).
        thread.postMessage(request, [keys]);
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      // Anything still asked is answered here before the thread goes.
      for (const { texts, resolve } of asked.values()) resolve(openHere(texts));
      asked.clear();
      await thread?.terminate();
    },
  };
}
