export { newsletterCommands } from './commands';
export {
  SUBSCRIPTION_ID_PATTERN,
  isLegacySubscriptionId,
  legacySubscriptionIdOf,
  newSubscriptionId,
} from './streams';
export { createSubscriberIds, type SubscriberIds } from './subscriber-ids';
export { renameErasedLegacyStreams } from './legacy-streams';
export {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
  unsubscribeSecret,
  unsubscribeUrl,
  UNSUBSCRIBE_SECRET_FILE,
  type UnsubscribeTokenCheck,
} from './unsubscribe-token';
export {
  MongoSubscriberKeyStore,
  SqliteSubscriberKeyStore,
  SUBSCRIBER_KEY_BYTES,
  type SubscriberKeyStore,
} from './key-store';
export { openEmail, sealEmail, withSealedSubscriberEmails } from './sealed-event-store';
