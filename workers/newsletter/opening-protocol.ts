/** What the opening thread (./opening-worker.ts) and its caller (./opening-thread.ts) send. */

import { SUBSCRIBER_KEY_BYTES } from '../../commands/newsletter/seal';

/** Each key's bytes in OpenRequest.keys. */
export const KEY_BYTES = SUBSCRIBER_KEY_BYTES;

export interface OpenRequest {
  id: number;
  /** The keys, KEY_BYTES each, in the texts' order: one buffer, moved rather than copied. */
  keys: ArrayBuffer;
  subscriptionIds: string[];
  sealed: string[];
}

export interface OpenAnswer {
  id: number;
  /** As openEmail answers: the text, or null. */
  texts: (string | null)[];
}
