/**
 * The newsletter's layer over the event log: subscribers' addresses sealed by their own keys,
 * kept outside the log (crypto-shredding, commands/newsletter/sealed-event-store.ts), in
 * DATA_DIR/subscriber-keys.sqlite (embedded) or MongoDB (distributed); and over the same key
 * store its `subscribers` port (an address's subscription id). Where the backend starts, the
 * embedded log's erased legacy subscription streams are renamed first
 * (commands/newsletter/legacy-streams.ts), before anything opens or replays the log.
 */
import path from 'node:path';
import type { DocumentSealer } from '../../projections/read-store/sealed';
// From their own modules, not the capability's index (its commands): the rebuild thread
// loads this module and should load no more than it uses.
import { createSubscriberIds, type SubscriberIds } from '../../commands/newsletter/subscriber-ids';
import { renameErasedLegacyStreams } from '../../commands/newsletter/legacy-streams';
import {
  MongoSubscriberKeyStore,
  SqliteSubscriberKeyStore,
  type SubscriberKeyStore,
} from '../../commands/newsletter/key-store';
import {
  openEmail,
  sealEmail,
  withSealedSubscriberEmails,
} from '../../commands/newsletter/sealed-event-store';
import type { EventLogHook } from '../bootstrap/capability';
import { sealedTextThread } from './opening-thread';
import { required } from '../bootstrap/platform-config';

/** The file of the embedded profile's subscriber keys, beside the log in DATA_DIR. */
export const SUBSCRIBER_KEYS_FILE = 'subscriber-keys.sqlite';

export interface NewsletterPorts {
  /** A newsletter address's subscription id (linked in the subscriber key store). */
  subscribers: SubscriberIds;
  /**
   * Seals a subscriber's personal fields in the embedded profile's on-disk list with the
   * subscriber's own key (projections/read-store/sealed.ts), so that an erasure shreds them.
   */
  subscriberSealer: DocumentSealer;
}

/** The subscriber list's sealer over the key store: the log's keys, the log's sealing. */
export function subscriberDocumentSealer(keys: SubscriberKeyStore): DocumentSealer {
  return {
    async keysToRead(ids) {
      const found = await keys.findMany(ids);
      const usable = new Map<string, Buffer>();
      for (const [id, key] of found) if (key !== 'erased') usable.set(id, key);
      return usable;
    },
    async keysToWrite(ids) {
      const found = await keys.findMany(ids);
      const result = new Map<string, Buffer | null>();
      for (const id of ids) {
        const key = found.get(id);
        // Erased: not written again. None (a subscription of the log's old, plaintext shape): made.
        result.set(id, key === 'erased' ? null : (key ?? (await keys.keyFor(id))));
      }
      return result;
    },
    seal: sealEmail,
    open: openEmail,
  };
}

export const sealedSubscriberEmails: EventLogHook<NewsletterPorts> = {
  async open({ config, embeddedFile, migrations }) {
    let keys: SubscriberKeyStore;
    if (embeddedFile === null) {
      keys = await MongoSubscriberKeyStore.connect({
        url: required(config.MONGODB_URL, 'MONGODB_URL'),
        database: config.MONGODB_DATABASE,
      });
    } else {
      keys = SqliteSubscriberKeyStore.open(path.join(config.dataDir, SUBSCRIBER_KEYS_FILE));
      if (migrations) {
        try {
          const renamed = await renameErasedLegacyStreams(embeddedFile, keys);
          if (renamed > 0) {
            migrations.info('erased legacy subscription streams renamed', { streams: renamed });
          }
        } catch (error) {
          await keys.close();
          throw error;
        }
      }
    }
    return {
      // Its close() closes the keys and the opening thread too.
      wrap: (log) =>
        withSealedSubscriberEmails(
          log,
          keys,
          sealedTextThread({
            // The embedded key store's file: the thread reads the keys itself.
            ...(embeddedFile === null
              ? {}
              : { keyFile: path.join(config.dataDir, SUBSCRIBER_KEYS_FILE) }),
            onError: (error) =>
              migrations
                ? migrations.warn('sealed texts are opened on the main thread', {
                    error: error.message,
                  })
                : process.emitWarning(
                    `Sealed texts are opened on the main thread: ${error.message}`,
                  ),
          }),
        ),
      ports: (eventStore) => ({
        subscribers: createSubscriberIds(keys, eventStore),
        subscriberSealer: subscriberDocumentSealer(keys),
      }),
      abandon: () => keys.close(),
    };
  },
};
