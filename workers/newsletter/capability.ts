/** The newsletter's backend half: subscriptions as events, their read model, audit and counts. */
import { newsletterCommands } from '../../commands/newsletter';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import { priceAlertEventSchemas } from '../../domain/newsletter/alert-events';
import { priceAlertCommands } from '../../commands/newsletter';
import { newsletterIssueCommands } from '../../commands/newsletter';
import { newsletterIssueAllEventSchemas } from '../../domain/newsletter/issue-events';
import { ISSUE_DECISION_STATUS } from '../../domain/newsletter/issue-decider';
import {
  NEWSLETTER_COLLECTIONS,
  SUBSCRIBER_ADDRESSES_COLLECTION,
  SUBSCRIPTION_SEALED_FIELDS,
  newsletterCounters,
  newsletterIssueQueries,
  newsletterIssuesProjector,
  newsletterQueries,
  priceAlertQueries,
  priceAlertsProjector,
  subscriberAddressesProjector,
  subscriptionsProjector,
} from '../../projections/newsletter';
import { newsletterAuditDescriber } from '../../projections/newsletter/audit-describer';
import { defineBackend } from '../bootstrap/capability';
import { newsletterConfig } from './config';
import { sealedSubscriberEmails } from './event-log';
import { newsletterMails } from './mails';
import { PRICE_ALERT_KEPT_COLLECTIONS, priceAlertJobs } from './price-alerts';
import {
  NEWSLETTER_SENDING_KEPT_COLLECTIONS,
  NEWSLETTER_SENDING_KEPT_ON_DISK_COLLECTIONS,
  newsletterSendingJobs,
} from './sending';
import { composeWeeklyJob, NEWSLETTER_COMPOSE_KEPT_COLLECTIONS } from './weekly';

export const newsletter = defineBackend({
  name: 'newsletter',
  config: newsletterConfig,
  eventLog: sealedSubscriberEmails, // addresses sealed per subscriber; `backend.subscribers`
  eventSchemas: {
    ...subscriptionEventSchemas,
    ...priceAlertEventSchemas,
    ...newsletterIssueAllEventSchemas,
  },
  commands: { ...newsletterCommands, ...priceAlertCommands, ...newsletterIssueCommands },
  decisionStatus: {
    already_subscribed: 409,
    already_inactive: 409,
    subscription_not_found: 404,
    too_many_price_alerts: 409,
    price_alerts_not_found: 404,
    price_alert_not_found: 404,
    ...ISSUE_DECISION_STATUS,
  },
  projectors: [
    subscriptionsProjector,
    subscriberAddressesProjector,
    priceAlertsProjector,
    newsletterIssuesProjector,
  ],
  keptCollections: [
    ...PRICE_ALERT_KEPT_COLLECTIONS,
    ...NEWSLETTER_SENDING_KEPT_COLLECTIONS,
    ...NEWSLETTER_COMPOSE_KEPT_COLLECTIONS,
  ],
  keptOnDiskCollections: [...NEWSLETTER_SENDING_KEPT_ON_DISK_COLLECTIONS],
  // 200,000 subscribers were ~140 MB of the sending process's heap.
  onDiskCollections: [NEWSLETTER_COLLECTIONS.subscriptions],
  // The back office's search by address (200,000 subscribers: a fifth of a snapshot).
  backOfficeReadModels: [SUBSCRIBER_ADDRESSES_COLLECTION],
  // Never in the clear on disk: sealed with each subscriber's key (shredded by an erasure).
  sealedReadModels: [
    {
      collection: NEWSLETTER_COLLECTIONS.subscriptions,
      fields: SUBSCRIPTION_SEALED_FIELDS,
      sealerPort: 'subscriberSealer',
    },
  ],
  audit: newsletterAuditDescriber,
  counters: newsletterCounters,
  queries: (store) => ({
    ...newsletterQueries(store),
    ...priceAlertQueries(store),
    ...newsletterIssueQueries(store),
  }),
  jobs: [...priceAlertJobs, ...newsletterSendingJobs, composeWeeklyJob],
  mails: newsletterMails,
});
