import type { DashboardCounter } from '../dashboard';
import { asContactEvent } from '../../domain/contact/events';
import { CONTACT_UNREAD_COUNTER } from '../../domain/contact/rules';

/**
 * Unread messages: +1 when one arrives, -1 when it is read, +1 when marked unread again (the
 * decider records a change only when the state changes, so each event counts once).
 */
export const contactCounters: DashboardCounter[] = [
  {
    name: CONTACT_UNREAD_COUNTER,
    eventTypes: ['ContactMessageReceived', 'ContactMessageRead', 'ContactMessageMarkedUnread'],
    delta(recorded) {
      const event = asContactEvent(recorded);
      if (!event) return 0;
      switch (event.type) {
        case 'ContactMessageReceived':
        case 'ContactMessageMarkedUnread':
          return 1;
        case 'ContactMessageRead':
          return -1;
      }
    },
  },
];
