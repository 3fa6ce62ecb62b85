/**
 * A DocumentSealer for tests (projections/read-store/sealed.ts): the app's sealing, with keys
 * held in memory by document id, made on first write; `destroy` is an erasure.
 */
import { randomBytes } from 'node:crypto';
import { openEmail, sealEmail } from '../../commands/newsletter';
import type { DocumentSealer } from '../../projections/read-store/sealed';

export function testDocumentSealer(): { sealer: DocumentSealer; destroy: (id: string) => void } {
  const keys = new Map<string, Buffer | 'erased'>();
  const sealer: DocumentSealer = {
    async keysToRead(ids) {
      const found = new Map<string, Buffer>();
      for (const id of ids) {
        const key = keys.get(id);
        if (key && key !== 'erased') found.set(id, key);
      }
      return found;
    },
    async keysToWrite(ids) {
      const found = new Map<string, Buffer | null>();
      for (const id of ids) {
        let key = keys.get(id);
        if (key === undefined) keys.set(id, (key = randomBytes(32)));
        found.set(id, key === 'erased' ? null : key);
      }
      return found;
    },
    seal: sealEmail,
    open: openEmail,
  };
  return { sealer, destroy: (id) => keys.set(id, 'erased') };
}
