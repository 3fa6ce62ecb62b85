/** The newsletter capability's read side. */
export { subscriptionsProjector } from './projector';
export { newsletterAudit } from './audit';
export { newsletterCounters } from './counters';
export {
  newsletterQueries,
  subscriptionFilter,
  type NewsletterQueries,
  type SubscriptionListQuery,
  type SubscriptionPageQuery,
  type SubscriptionPageResult,
  type SubscriptionRow,
  type SubscriptionStatusFilter,
} from './queries';
export * from './views';
