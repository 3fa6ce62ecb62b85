/** What the opening thread (./opening-worker.ts) and its caller (./opening-thread.ts) send. */

import { SUBSCRIBER_KEY_BYTES } from '../../commands/newsletter/seal';

/** Each key's bytes in OpenRequest.keys. */
export const KEY_BYTES = SUBSCRIBER_KEY_BYTES;

/** The thread's workerData. */
export interface OpeningThreadData {
  /** The project's entry through worker-from-source.mjs (tests, `npm run dev`). */
  entry?: string;
  /** The key store's SQLite file: the thread looks the keys up itself. Absent: keys are sent. */
  keyFile?: string;
}

export interface OpenRequest {
  id: number;
  /**
   * The keys, KEY_BYTES each, in the texts' order: one buffer, moved rather than copied.
   * Absent when the thread reads the keys itself.
   */
  keys?: ArrayBuffer;
  subscriptionIds: string[];
  sealed: string[];
}

export interface OpenAnswer {
  id: number;
  /** As openEmail answers (the text, or null); null too for a missing or destroyed key. */
  texts: (string | null)[];
}
