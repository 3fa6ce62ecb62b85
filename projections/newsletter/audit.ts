/**
 * How newsletter events read in the audit log. Subscribers are named by a masked address
 * ('a***@example.com', domain/newsletter/rules.ts), never the address: the audit log is kept
 * after a subscription is deleted, and the deleted address must not survive in it. For the
 * same reason a change of preferences names the fields that changed kind, never the
 * medications or the state (sealed in the log, erased with the address). An administrator's
 * reason is their own words and is shown.
 */
import {
  SUBSCRIPTION_EVENT_TYPES,
  asSubscriptionEvent,
  subscribedEmail,
} from '../../domain/newsletter/events';
import { maskSubscriberEmail } from '../../domain/newsletter/rules';
import type { AuditDescriber } from '../audit';

const UNKNOWN = 'a subscriber';
const ERASED = 'Erased subscriber';

export const newsletterAudit: AuditDescriber = {
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'subscription',
    id: (event.data as { subscriptionId: string }).subscriptionId,
  }),
  describe(recorded, id, known) {
    const event = asSubscriptionEvent(recorded);
    if (!event) throw new Error(`Not a subscription event: ${recorded.type}`);
    const subject = (name: string) => ({ kind: 'subscription', id, name });
    const name = known?.name ?? UNKNOWN;
    switch (event.type) {
      case 'VisitorSubscribed': {
        const email = subscribedEmail(event.data);
        const masked = email === null ? ERASED : maskSubscriberEmail(email);
        return {
          subject: subject(masked),
          summary: `Subscribed ${masked} to the newsletter`,
          changedFields: [],
          remember: { name: masked },
        };
      }
      case 'VisitorUnsubscribed':
        return {
          subject: subject(name),
          summary: `${name} unsubscribed by the link`,
          changedFields: ['active'],
        };
      case 'SubscriptionReactivated':
        return {
          subject: subject(name),
          summary: `${name} subscribed again`,
          changedFields: ['active'],
        };
      case 'SubscriberUnsubscribedByAdministrator':
        return {
          subject: subject(name),
          summary: `Unsubscribed ${name}: ${event.data.reason}`,
          changedFields: ['active'],
        };
      case 'SubscriberBounced':
        return {
          subject: subject(name),
          summary: event.data.issueId
            ? `A mail to ${name} bounced (issue ${event.data.issueId})`
            : `A mail to ${name} bounced`,
          changedFields: ['bounces'],
        };
      case 'SubscriptionDeactivatedByBounces':
        return {
          subject: subject(name),
          summary: `${name} made inactive after two bounces`,
          changedFields: ['active'],
        };
      case 'SubscriberPreferencesChanged':
        return {
          subject: subject(name),
          summary: `${name} changed their newsletter preferences`,
          changedFields: ['preferences'],
        };
      case 'SubscriptionDeleted':
        return {
          subject: subject(ERASED),
          summary: `Deleted the subscription of ${name} (erasure)`,
          changedFields: [],
          remember: { name: ERASED },
        };
    }
  },
};
