/** The newsletter's backend half: subscriptions as events, their read model, audit and counts. */
import { newsletterCommands } from '../../commands/newsletter';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import {
  newsletterAudit,
  newsletterCounters,
  newsletterQueries,
  subscriptionsProjector,
} from '../../projections/newsletter';
import { defineBackend } from '../bootstrap/capability';
import { newsletterConfig } from './config';
import { sealedSubscriberEmails } from './event-log';
import { newsletterMails } from './mails';

export const newsletter = defineBackend({
  name: 'newsletter',
  config: newsletterConfig,
  eventLog: sealedSubscriberEmails, // addresses sealed per subscriber; `backend.subscribers`
  eventSchemas: subscriptionEventSchemas,
  commands: newsletterCommands,
  decisionStatus: { already_subscribed: 409, subscription_not_found: 404 },
  projectors: [subscriptionsProjector],
  audit: newsletterAudit,
  counters: newsletterCounters,
  queries: newsletterQueries,
  mails: newsletterMails,
});
