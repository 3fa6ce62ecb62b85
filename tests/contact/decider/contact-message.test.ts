/**
 * A contact message as Given(events) / When(command) / Then(events or error): received once,
 * then read or unread; a change is recorded only when the state changes, so the dashboard's
 * unread count moves once per change.
 */
import { describe, it } from 'vitest';
import { contactMessageDecider } from '../../../domain/contact/decider';
import type { ContactEvent } from '../../../domain/contact/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(contactMessageDecider);
const messageId = 'm-1';

const content = {
  name: 'Ann Visitor',
  email: 'ann@example.com',
  topic: 'issue',
  message: 'The price table is out of date.',
} as const;
const received: ContactEvent = { type: 'ContactMessageReceived', data: { messageId, ...content } };
const read: ContactEvent = { type: 'ContactMessageRead', data: { messageId } };
const markedUnread: ContactEvent = { type: 'ContactMessageMarkedUnread', data: { messageId } };

const markRead = { type: 'MarkRead', messageId } as const;
const markUnread = { type: 'MarkUnread', messageId } as const;

describe('Receive', () => {
  it('given nothing, records the message (unread)', () => {
    given([])
      .when({ type: 'Receive', messageId, ...content })
      .then([received]);
  });

  it('given it was received, a second delivery of the same id is refused', () => {
    given([received])
      .when({ type: 'Receive', messageId, ...content })
      .thenThrows(DecisionError, { code: 'already_received' });
  });
});

describe('MarkRead', () => {
  it('given an unread message, records that it was read', () => {
    given([received]).when(markRead).then([read]);
  });

  it('given a read message, records nothing (opening it again changes nothing)', () => {
    given([received, read]).when(markRead).thenNothingHappened();
  });

  it('given a message marked unread after reading, records the new reading', () => {
    given([received, read, markedUnread]).when(markRead).then([read]);
  });

  it('given no message with that id, is refused as not found', () => {
    given([]).when(markRead).thenThrows(DecisionError, {
      code: 'contact_message_not_found',
      message: 'Contact message not found',
    });
  });
});

describe('MarkUnread', () => {
  it('given a read message, marks it unread', () => {
    given([received, read]).when(markUnread).then([markedUnread]);
  });

  it('given an unread message, records nothing', () => {
    given([received]).when(markUnread).thenNothingHappened();
    given([received, read, markedUnread]).when(markUnread).thenNothingHappened();
  });

  it('given no message with that id, is refused as not found', () => {
    given([]).when(markUnread).thenThrows(DecisionError, { code: 'contact_message_not_found' });
  });
});
