import { createHash } from 'node:crypto';

/** Hex sha256: stream names keyed by an e-mail, stored setup tokens (node:crypto lives here, not in domain/). */
export const sha256 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');
