/** How newsletter events read in the audit log. */
import { SUBSCRIPTION_EVENT_TYPES, asSubscriptionEvent } from '../../domain/newsletter/events';
import type { AuditDescriber } from '../audit';

export const newsletterAudit: AuditDescriber = {
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'subscription',
    id: (event.data as { subscriptionId: string }).subscriptionId,
  }),
  describe(recorded, id) {
    const event = asSubscriptionEvent(recorded);
    if (!event) throw new Error(`Not a subscription event: ${recorded.type}`);
    const { email } = event.data;
    return {
      subject: { kind: 'subscription', id, name: email },
      summary: `Subscribed ${email} to the newsletter`,
      changedFields: [],
      remember: { name: email },
    };
  },
};
