/** The newsletter capability's read side. */
export { subscriptionsProjector } from './projector';
export { newsletterAudit } from './audit';
export { newsletterCounters } from './counters';
export { newsletterQueries, type NewsletterQueries } from './queries';
export * from './views';
