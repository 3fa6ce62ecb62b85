/** The newsletter capability's read side. */
export { subscriptionsProjector } from './projector';
export {
  subscriberAddressesProjector,
  SUBSCRIBER_ADDRESSES_COLLECTION,
  type SubscriberAddressDoc,
} from './addresses';
export { newsletterCounters } from './counters';
export {
  LAST_SENT_COLLECTION,
  newsletterQueries,
  subscriptionFilter,
  type LastSentIssue,
  type NewsletterQueries,
  type SubscriptionListQuery,
  type SubscriptionPageQuery,
  type SubscriptionPageResult,
  type SubscriptionRow,
  type SubscriptionStatusFilter,
} from './queries';
export * from './views';
export * from './alerts';
export {
  newsletterIssuesProjector,
  newsletterIssueQueries,
  NEWSLETTER_ISSUES_COLLECTION,
  type NewsletterIssueDoc,
  type NewsletterIssueQueries,
  type SentIssueSummary,
} from './issues';
export { newsletterAuditDescriber } from './audit-describer';
