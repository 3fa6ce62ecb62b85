/**
 * A contact message: received once, then read or unread. The id is new per submission
 * (decided by the command handler), so a second delivery of the same id is refused (a retried
 * dispatch). Marking a read message read again (or an unread one unread) records nothing: the
 * unread count moves once per change.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { ContactEvent } from './events';
import type { ContactMessage } from './rules';

export type ContactMessageState = { status: 'absent' } | { status: 'received'; read: boolean };

export type ContactMessageCommand =
  | ({ type: 'Receive'; messageId: string } & ContactMessage)
  | { type: 'MarkRead'; messageId: string }
  | { type: 'MarkUnread'; messageId: string };

export const contactErrors = decisionErrors({
  already_received: 'This message was already received.',
  contact_message_not_found: 'Contact message not found',
});

export const contactMessageDecider: Decider<
  ContactMessageCommand,
  ContactEvent,
  ContactMessageState
> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { status: 'received', read: false };
      case 'ContactMessageRead':
        return state.status === 'absent' ? state : { ...state, read: true };
      case 'ContactMessageMarkedUnread':
        return state.status === 'absent' ? state : { ...state, read: false };
    }
  },
  decide(command, state) {
    if (command.type === 'Receive') {
      if (state.status === 'received') contactErrors.fail('already_received');
      const { messageId, name, email, topic, message } = command;
      return [{ type: 'ContactMessageReceived', data: { messageId, name, email, topic, message } }];
    }
    if (state.status === 'absent') return contactErrors.fail('contact_message_not_found');
    const { messageId } = command;
    if (command.type === 'MarkRead') {
      return state.read ? [] : [{ type: 'ContactMessageRead', data: { messageId } }];
    }
    return state.read ? [{ type: 'ContactMessageMarkedUnread', data: { messageId } }] : [];
  },
};
