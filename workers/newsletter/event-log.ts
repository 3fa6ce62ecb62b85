/**
 * The newsletter's layer over the event log: subscribers' addresses sealed by their own keys,
 * kept outside the log (crypto-shredding, commands/newsletter/sealed-event-store.ts), in
 * DATA_DIR/subscriber-keys.sqlite (embedded) or MongoDB (distributed); and over the same key
 * store its `subscribers` port (an address's subscription id). Where the backend starts, the
 * embedded log's erased legacy subscription streams are renamed first
 * (commands/newsletter/legacy-streams.ts), before anything opens or replays the log.
 */
import path from 'node:path';
import {
  createSubscriberIds,
  MongoSubscriberKeyStore,
  renameErasedLegacyStreams,
  SqliteSubscriberKeyStore,
  withSealedSubscriberEmails,
  type SubscriberIds,
  type SubscriberKeyStore,
} from '../../commands/newsletter';
import type { EventLogHook } from '../bootstrap/capability';
import { required } from '../bootstrap/platform-config';

/** The file of the embedded profile's subscriber keys, beside the log in DATA_DIR. */
export const SUBSCRIBER_KEYS_FILE = 'subscriber-keys.sqlite';

export interface NewsletterPorts {
  /** A newsletter address's subscription id (linked in the subscriber key store). */
  subscribers: SubscriberIds;
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
      wrap: (log) => withSealedSubscriberEmails(log, keys), // its close() closes the keys too
      ports: (eventStore) => ({ subscribers: createSubscriberIds(keys, eventStore) }),
      abandon: () => keys.close(),
    };
  },
};
