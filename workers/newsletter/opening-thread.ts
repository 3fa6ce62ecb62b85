/**
 * The sealed event store's opener (commands/newsletter/sealed-event-store.ts) on a worker
 * thread: a replay of subscriber history opens each page's sealed texts on the machine's other
 * core while this thread applies the page before. Measured at 8 µs a text (AES-256-GCM through
 * node:crypto, one decipher each) and 2 µs a key looked up, they were over half of such a
 * replay's time on one thread. With `keyFile` (the embedded profile's key store) the thread
 * looks the keys up itself; without it (MongoDB's key store) it is sent them.
 *
 * node:worker_threads directly rather than a pool library: one thread, one kind of message, in
 * order; a pool's queueing, task files and sizing would be more code than this.
 *
 * Started on the first page worth it, never for a site that replays no subscriber history.
 * When the thread cannot start or fails, what it was asked and everything after is answered
 * null, which the store opens itself: slower, never lost (`onError` is told once).
 */
import { Worker } from 'node:worker_threads';
import type { SealedTextOpener } from '../../commands/newsletter/sealed-event-store';
import { workerEntry } from '../bootstrap/worker-entry';
import {
  KEY_BYTES,
  type OpenAnswer,
  type OpenRequest,
  type OpeningThreadData,
} from './opening-protocol';

const OPENING_WORKER = 'workers/newsletter/opening-worker.ts';

export function sealedTextThread(
  options: {
    /** The key store's SQLite file, for the thread to read the keys from. */
    keyFile?: string;
    /** Told once when the thread fails (texts are then opened on the caller's thread). */
    onError?: (error: Error) => void;
    /** The thread's entry, from the project root (tests start one that fails). */
    source?: string;
  } = {},
): SealedTextOpener {
  let worker: Worker | null = null;
  let failed = false;
  let nextId = 0;
  const asked = new Map<number, (texts: (string | null)[] | null) => void>();

  function answerAllNull(): void {
    for (const resolve of asked.values()) resolve(null);
    asked.clear();
  }

  function fail(error: Error): void {
    if (failed) return;
    failed = true;
    const dead = worker;
    worker = null;
    void dead?.terminate();
    options.onError?.(error);
    answerAllNull();
  }

  function start(): Worker {
    const { file, entry } = workerEntry(options.source ?? OPENING_WORKER);
    const workerData: OpeningThreadData = {
      ...(entry ? { entry } : {}),
      ...(options.keyFile ? { keyFile: options.keyFile } : {}),
    };
    const thread = new Worker(file, { workerData });
    thread.on('message', ({ id, texts }: OpenAnswer) => {
      const resolve = asked.get(id);
      if (!resolve) return;
      asked.delete(id);
      resolve(texts);
      // Idle: it must not keep the process alive.
      if (asked.size === 0) thread.unref();
    });
    thread.on('error', fail);
    thread.on('exit', (code) => {
      if (worker === thread) fail(new Error(`The thread opening sealed texts exited (${code})`));
    });
    return thread;
  }

  const readsKeys = options.keyFile !== undefined;
  return {
    readsKeys,
    openMany(texts) {
      if (failed) return Promise.resolve(null);
      let keys: ArrayBuffer | undefined;
      if (!readsKeys) {
        keys = new ArrayBuffer(texts.length * KEY_BYTES);
        const bytes = new Uint8Array(keys);
        for (let i = 0; i < texts.length; i++) {
          const key = texts[i]?.key;
          // Not a key this thread can be sent: the caller opens the page itself.
          if (key?.length !== KEY_BYTES) return Promise.resolve(null);
          bytes.set(key, i * KEY_BYTES);
        }
      }
      try {
        worker ??= start();
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
        return Promise.resolve(null);
      }
      const id = nextId++;
      const request: OpenRequest = {
        id,
        ...(keys ? { keys } : {}),
        subscriptionIds: texts.map((t) => t.subscriptionId),
        sealed: texts.map((t) => t.sealed),
      };
      const thread = worker;
      return new Promise((resolve) => {
        asked.set(id, resolve);
        thread.ref();
        // The keys' buffer is moved to the thread, not copied (nor left here).
        thread.postMessage(request, keys ? [keys] : []);
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      // Anything still asked is opened by the caller.
      answerAllNull();
      await thread?.terminate();
    },
  };
}
