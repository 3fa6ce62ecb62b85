/**
 * The newsletter: visitors subscribe from the home page and unsubscribe by a signed link; the
 * back office lists, exports and deletes subscribers.
 */
import { newsletterCommands } from '../../commands/newsletter';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import {
  newsletterAudit,
  newsletterCounters,
  newsletterQueries,
  subscriptionsProjector,
} from '../../projections/newsletter';
import { defineCapability } from '../bootstrap/capability';
import { newsletterRoutes } from './routes';

export const newsletter = defineCapability({
  name: 'newsletter',
  eventSchemas: subscriptionEventSchemas,
  commands: newsletterCommands,
  decisionStatus: { already_subscribed: 409, subscription_not_found: 404 },
  projectors: [subscriptionsProjector],
  audit: newsletterAudit,
  counters: newsletterCounters,
  queries: newsletterQueries,
  routes: newsletterRoutes,
});
