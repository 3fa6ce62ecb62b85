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
  signPreferencesToken,
  verifyPreferencesToken,
  preferencesUrl,
  UNSUBSCRIBE_SECRET_FILE,
  type SignedLinkCheck,
  type UnsubscribeTokenCheck,
} from './unsubscribe-token';
export {
  MongoSubscriberKeyStore,
  SqliteSubscriberKeyStore,
  SUBSCRIBER_KEY_BYTES,
  type SubscriberKeyStore,
} from './key-store';
export {
  openEmail,
  sealEmail,
  SEALED_EVENT_FIELDS,
  withSealedSubscriberEmails,
} from './sealed-event-store';
export {
  newsletterIssueCommands,
  issueContentSchema,
  ISSUE_FIELD_MESSAGES,
} from './issue-commands';
export {
  priceAlertCommands,
  priceAlertConfirmUrl,
  signPriceAlertConfirmToken,
  verifyPriceAlertConfirmToken,
  type PriceAlertConfirmTokenCheck,
} from './alert-commands';
